// Customers' webhooks (webhooks/webhooks.ts): the account's endpoints as `app.webhooks` and the outbox handler
// of kind 'webhook' (one mechanism with the mails). Every event is queued in the transaction of the change it
// tells about, by the code that makes the change.
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createWebhooks, WEBHOOK_JOB, webhookJobHandler, type Webhooks } from '../webhooks/webhooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('webhooks', createWebhooks(app.db, config.webhooks));
    app.jobs.handle(WEBHOOK_JOB, webhookJobHandler(app.db, config.webhooks, config.publicUrl));
  },
  { name: 'webhooks', dependencies: ['database', 'jobs'] },
);
