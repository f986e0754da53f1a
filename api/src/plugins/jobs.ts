// The outbox worker of this instance (api/src/jobs/jobs.ts): every JOBS_POLL_MS it runs the jobs that are
// due (0: never; tests call `app.jobs.runDue(at)` with the moment they want). A route that wrote a job may
// also try it at once with `app.jobs.attempt(id)`. Instances need no coordination: SKIP LOCKED gives each
// due job to one of them.
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { JobQueue } from '../jobs/jobs.ts';
import { MAIL_JOB, mailJobHandler, senderDomain } from '../mail/mail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const queue = new JobQueue({
      db: app.db,
      handlers: { [MAIL_JOB]: mailJobHandler(app.mailer, senderDomain(config.mail.from)) },
      onError: (error, context) => app.log.warn({ err: error }, context),
    });
    app.decorate('jobs', queue);
    const { pollMs } = config.jobs;
    if (pollMs === 0) return;

    let running: Promise<void> | null = null;
    const tick = () => {
      if (running) return;
      running = queue
        .runDue()
        .then((summary) => {
          if (summary.done + summary.retried + summary.dead > 0) app.log.info(summary, 'outbox jobs');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'outbox worker failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, pollMs);
    timer.unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'jobs', dependencies: ['database', 'mail'] },
);
