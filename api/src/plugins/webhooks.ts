// Customers' webhooks (webhooks/webhooks.ts): the account's endpoints as `app.webhooks`, the outbox handler
// of kind 'webhook' (one mechanism with the mails), and `app.webhookEvent` for a change that has already
// committed (the socket events of the inventory passes and the sweep), which queues the event and tries its
// deliveries at once.
import fp from 'fastify-plugin';
import type { WebhookEventType } from 'contract/webhooks';
import type { Config } from '../config.ts';
import { createWebhooks, queueWebhookEvent, WEBHOOK_JOB, webhookJobHandler, type Webhooks } from '../webhooks/webhooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
    /** Queues an event for the user's subscribed endpoints and tries the deliveries now (never throws). */
    webhookEvent(userId: string, type: WebhookEventType, data: Record<string, unknown>): Promise<void>;
    /** Tries queued webhook deliveries now; the outbox retries what fails. */
    webhooksQueued(jobIds: readonly number[]): Promise<void>;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('webhooks', createWebhooks(app.db, config.webhooks));
    app.jobs.handle(WEBHOOK_JOB, webhookJobHandler(app.db, config.webhooks, config.publicUrl));
    const tryNow = async (jobIds: readonly number[]) => {
      for (const id of jobIds) await app.jobs.attempt(id);
    };
    app.decorate('webhooksQueued', (jobIds: readonly number[]) => {
      // Not awaited by the caller's answer: a slow receiver must not slow the API down.
      void tryNow(jobIds);
      return Promise.resolve();
    });
    app.decorate('webhookEvent', async (userId: string, type: WebhookEventType, data: Record<string, unknown>) => {
      try {
        void tryNow(await queueWebhookEvent(app.db, userId, type, data));
      } catch (error) {
        app.log.error({ err: error }, `webhook event ${type}`);
      }
    });
  },
  { name: 'webhooks', dependencies: ['database', 'jobs'] },
);
