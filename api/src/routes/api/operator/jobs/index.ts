// /api/operator/jobs: the outbox as the operator sees it (api/src/jobs/jobs.ts): counts, lateness, and the
// jobs that failed or were given up with their last error. Same access as the inventory routes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JobsReport } from 'contract/jobs';
import { errors } from '../../../../http/schemas.ts';
import { operatorAccess } from '../../../../plugins/operator-access.ts';

const operatorJobs: FastifyPluginAsyncTypebox = async (app) => {
  const access = operatorAccess(app);
  app.get(
    '/',
    {
      config: { public: true },
      onRequest: access,
      schema: {
        summary: 'The outbox: jobs waiting, how late, and the failed or given-up ones (operators)',
        security: [{ bearerAuth: [] }],
        response: { 200: JobsReport, ...errors(401, 403) },
      },
    },
    async (): Promise<JobsReport> => ({ ...(await app.jobs.counts()), stuck: await app.jobs.stuck() }),
  );
};

export default operatorJobs;
