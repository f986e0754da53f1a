// /api/operator/roles: grant-operator and grant-support reach the running instance here when it holds the
// embedded database. Only those commands may call it (the control secret from this machine): a staff role
// is never granted from the web, not even by an operator's session. Each change is audited.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StaffRoleChangeRequest, StaffRoleChangeResult } from 'contract/staff-roles';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { changeStaffRole } from '../../../../operator/operator-roles.ts';
import { auditActor, commandOnlyAccess } from '../../../../plugins/operator-access.ts';
import { operatorRoutes } from '../operator-route.ts';

const operatorRoles: FastifyPluginAsyncTypebox = async (app) => {
  const operatorRoute = operatorRoutes(commandOnlyAccess(app));
  app.post(
    '/',
    operatorRoute({
      summary: 'Grant or revoke a staff role (the grant-operator and grant-support commands on the server only)',
      body: StaffRoleChangeRequest,
      response: { 200: StaffRoleChangeResult, ...errors(400, 401, 403, 404) },
    }),
    async (request) => {
      const { username, role, revoke } = request.body;
      const result = await changeStaffRole(app.db, { username, role, revoke, actor: auditActor(request) });
      if (!result.ok) throw new HttpError(404, `No account named "${username}".`);
      return { changed: result.changed };
    },
  );
};

export default operatorRoles;
