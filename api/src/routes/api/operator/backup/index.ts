// /api/operator/backup: the embedded database as a gzipped tarball, taken while the instance serves (the
// `backup` command asks the running instance for it: only that process may open the files). With
// PostgreSQL, back up with pg_dump or the server's own means (docs/production.md, "Backups").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { auditAction, operatorAccess } from '../../../../plugins/operator-access.ts';
import { operatorRoutes } from '../operator-route.ts';

const operatorBackup: FastifyPluginAsyncTypebox = async (app) => {
  const operatorRoute = operatorRoutes(operatorAccess(app));
  app.get(
    '/',
    operatorRoute({ summary: 'The embedded database as a gzipped tarball (operators; embedded defaults only)', response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...errors(401, 403, 409) } }),
    async (request, reply) => {
      const backup = app.embeddedBackup();
      if (backup === null) throw new HttpError(409, 'This instance runs on PostgreSQL: back it up with pg_dump (docs/production.md, Backups).');
      const bytes = await backup;
      // The whole database leaves the instance: who took it is recorded.
      await auditAction(app, request, { action: 'backup.download', target: 'database', after: { bytes: bytes.length } });
      return reply.type('application/gzip').header('cache-control', 'no-store').send(bytes);
    },
  );
};

export default operatorBackup;
