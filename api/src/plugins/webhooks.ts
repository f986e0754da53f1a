// Customers' webhooks (webhooks/webhooks.ts): the account's endpoints as `app.webhooks`, the outbox handler
// of kind 'webhook' (one mechanism with the mails), and `app.webhookEvent` for a change that has already
// committed (the socket events of the inventory passes and the sweep), which queues the event and tries its
// deliveries at once.
import fp from 'fastify-plugin';
import type { WebhookEventType } from 'contract/webhook-rules';
import type { Config } from '../config.ts';
import { createWebhooks, queueWebhookEvent, WEBHOOK_JOB, webhookJobHandler, type Webhooks } from '../webhooks/webhooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
    /** Queues an event for the user's subscribed endpoints and tries the deliveries now (never throws). */
    webhookEvent(userId: string, type: WebhookEventType, data: Record<string, unknown>): Promise<void>;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('webhooks', createWebhooks(app.db, config.webhooks));
    app.jobs.handle(WEBHOOK_JOB, webhookJobHandler(app.db, config.webhooks, config.publicUrl));
    const tryNow = async (jobIds: readonly number[]) => {
      for (const id of jobIds) await app.jobs.attempt(id);
    };
    app.decorate('webhookEvent', async (userId: string, type: WebhookEventType, data: Record<string, unknown>) => {
      try {
        // Not awaited: a slow receiver must not hold up the pass that told about the change.
        void tryNow(await queueWebhookEvent(app.db, userId, type, data));
      } catch (error) {
        app.log.error({ err: error }, `webhook event ${type}`);
      }
    });
  },
  { name: 'webhooks', dependencies: ['database', 'jobs'] },
);
