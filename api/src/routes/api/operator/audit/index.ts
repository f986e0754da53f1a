// /api/operator/audit: the operator audit log (operator/audit.ts writes it), newest first, filterable by
// actor, action, target and days. Reading it is not itself an action: it is not recorded.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditPage, AuditQuery } from 'contract/operator-audit';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { AuditQueryError, readAuditLog } from '../../../../operator/audit-log.ts';
import { operatorAccess } from '../../../../plugins/operator-access.ts';
import { operatorRoutes } from '../operator-route.ts';

const operatorAudit: FastifyPluginAsyncTypebox = async (app) => {
  const operatorRoute = operatorRoutes(operatorAccess(app));
  app.get(
    '/',
    operatorRoute({ summary: 'The operator audit log, newest first, filtered (operators)', querystring: AuditQuery, response: { 200: AuditPage, ...errors(400, 401, 403) } }),
    (request) =>
      readAuditLog(app.db, request.query).catch((error: unknown) => {
        if (error instanceof AuditQueryError) throw new HttpError(400, error.message);
        throw error;
      }),
  );
};

export default operatorAudit;
