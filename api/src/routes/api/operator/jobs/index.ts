// /api/operator/jobs: the outbox as the operator sees it (api/src/jobs/jobs.ts): counts, lateness, and the
// jobs that failed or were given up with their last error. Same access as the inventory routes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JobsReport } from 'contract/jobs';
import { errors } from '../../../../http/schemas.ts';
import { auditAction, operatorAccess } from '../../../../plugins/operator-access.ts';
import { operatorRoutes } from '../operator-route.ts';

const operatorJobs: FastifyPluginAsyncTypebox = async (app) => {
  const operatorRoute = operatorRoutes(operatorAccess(app));
  app.get(
    '/',
    operatorRoute({
      summary: 'The outbox: jobs waiting, how late, and the failed or given-up ones (operators)',
      response: { 200: JobsReport, ...errors(401, 403) },
    }),
    async (request): Promise<JobsReport> => {
      const report = { ...(await app.jobs.counts()), stuck: await app.jobs.stuck() };
      // The failed jobs carry their payloads' errors (addresses of mails that bounced): reading them is recorded.
      await auditAction(app, request, { action: 'jobs.view', target: 'outbox', after: { pending: report.pending, dead: report.dead, stuck: report.stuck.length } });
      return report;
    },
  );
};

export default operatorJobs;
