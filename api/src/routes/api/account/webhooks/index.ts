// /api/account/webhooks: the webhook endpoints of the "API" tab (webhooks/webhooks.ts): list with the recent
// deliveries, add (the signing secret is answered this once), delete, send a test event, redeliver.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageResponse } from 'contract/errors';
import { CreateWebhookRequest, CreateWebhookResponse, WebhookDeliveryResponse, WebhooksResponse } from 'contract/webhooks';
import Type from 'typebox';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { currentUser } from '../../../../plugins/auth.ts';
import { deliverNow, WebhookInputError } from '../../../../webhooks/webhooks.ts';

export const webhookMessages = {
  noEndpoint: 'No such webhook endpoint',
  noDelivery: 'No such webhook delivery',
  deleted: 'Webhook endpoint deleted',
};

const webhooks: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    { schema: { summary: 'Your webhook endpoints and their 50 latest deliveries', response: { 200: WebhooksResponse } } },
    async (request): Promise<WebhooksResponse> => app.webhooks.list(currentUser(request).id),
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Add a webhook endpoint (an https URL and its events); the signing secret is answered this once',
        body: CreateWebhookRequest,
        response: { 201: CreateWebhookResponse, ...errors(400) },
      },
    },
    async (request, reply): Promise<CreateWebhookResponse> => {
      try {
        const created = await app.webhooks.create(currentUser(request).id, request.body);
        void reply.code(201).header('cache-control', 'no-store');
        return created;
      } catch (error) {
        if (error instanceof WebhookInputError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );

  const endpointParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

  app.delete(
    '/:id',
    { schema: { summary: 'Delete a webhook endpoint and its delivery log', params: endpointParams, response: { 200: MessageResponse, ...errors(404) } } },
    async (request): Promise<MessageResponse> => {
      if (!(await app.webhooks.remove(currentUser(request).id, request.params.id))) throw new HttpError(404, webhookMessages.noEndpoint);
      return { message: webhookMessages.deleted };
    },
  );

  app.post(
    '/:id/test',
    { schema: { summary: 'Send a webhook.test event to this endpoint', params: endpointParams, response: { 202: WebhookDeliveryResponse, ...errors(404) } } },
    async (request, reply): Promise<WebhookDeliveryResponse> => {
      const self = currentUser(request);
      const delivery = await deliverNow(app.webhooks, app.jobs, self.id, app.webhooks.sendTest(self.id, request.params.id));
      if (!delivery) throw new HttpError(404, webhookMessages.noEndpoint);
      void reply.code(202);
      return { delivery };
    },
  );

  app.post(
    '/deliveries/:id/redeliver',
    {
      schema: {
        summary: 'Send the event of this delivery again (same event id) to its endpoint',
        params: Type.Object({ id: Type.String({ maxLength: 20 }) }),
        response: { 202: WebhookDeliveryResponse, ...errors(404) },
      },
    },
    async (request, reply): Promise<WebhookDeliveryResponse> => {
      const self = currentUser(request);
      const delivery = await deliverNow(app.webhooks, app.jobs, self.id, app.webhooks.redeliver(self.id, request.params.id));
      if (!delivery) throw new HttpError(404, webhookMessages.noDelivery);
      void reply.code(202);
      return { delivery };
    },
  );
};

export default webhooks;
