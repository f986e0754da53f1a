// /api/v1/webhooks: the key's customer's webhook endpoints and their delivery log, as the API tab shows them
// (webhooks/webhooks.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageResponse } from 'contract/errors';
import { CreateWebhookRequest, CreateWebhookResponse, WebhookDeliveryResponse, WebhooksResponse } from 'contract/webhooks';
import Type from 'typebox';
import { keyedRoutes, principal, problems } from '../../../public-api/keyed-routes.ts';
import { Problem } from '../../../public-api/problems.ts';
import { deliverNow, WebhookInputError } from '../../../webhooks/webhooks.ts';

const v1Webhooks: FastifyPluginAsyncTypebox = async (app) => {
  const { keyed } = keyedRoutes(app.db, app.config.publicApi.rateLimit);

  app.get(
    '/webhooks',
    {
      config: keyed('read'),
      schema: { tags: ['Webhooks'], summary: 'Your webhook endpoints and their 50 latest deliveries (status, latency, attempts)', response: { 200: WebhooksResponse, ...problems(401, 403, 429) } },
    },
    async (request): Promise<WebhooksResponse> => app.webhooks.list(principal(request).userId),
  );

  app.post(
    '/webhooks',
    {
      config: keyed('manage'),
      schema: {
        tags: ['Webhooks'],
        summary: 'Add a webhook endpoint: an https URL (public addresses only) and its events; the signing secret is in this answer only',
        body: CreateWebhookRequest,
        response: { 201: CreateWebhookResponse, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      try {
        const created = await app.webhooks.create(principal(request).userId, request.body);
        return reply.code(201).header('cache-control', 'no-store').send(created);
      } catch (error) {
        if (error instanceof WebhookInputError) throw new Problem(400, 'invalid_request', error.message, { field: error.field });
        throw error;
      }
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config: keyed('manage'),
      schema: { tags: ['Webhooks'], summary: 'Delete a webhook endpoint', params: Type.Object({ id: Type.String({ maxLength: 64 }) }), response: { 200: MessageResponse, ...problems(401, 403, 404, 429) } },
    },
    async (request): Promise<MessageResponse> => {
      if (!(await app.webhooks.remove(principal(request).userId, request.params.id))) throw new Problem(404, 'not_found', 'No such webhook endpoint.');
      return { message: 'Webhook endpoint deleted' };
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config: keyed('manage'),
      schema: {
        tags: ['Webhooks'],
        summary: 'Send a webhook.test event to this endpoint',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 202: WebhookDeliveryResponse, ...problems(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const userId = principal(request).userId;
      const delivery = await deliverNow(app.webhooks, app.jobs, userId, app.webhooks.sendTest(userId, request.params.id));
      if (!delivery) throw new Problem(404, 'not_found', 'No such webhook endpoint.');
      return reply.code(202).send({ delivery });
    },
  );

  app.post(
    '/webhooks/deliveries/:id/redeliver',
    {
      config: keyed('manage'),
      schema: {
        tags: ['Webhooks'],
        summary: 'Send the event of a delivery again, with the same event id, to its endpoint',
        params: Type.Object({ id: Type.String({ maxLength: 20 }) }),
        response: { 202: WebhookDeliveryResponse, ...problems(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const userId = principal(request).userId;
      const delivery = await deliverNow(app.webhooks, app.jobs, userId, app.webhooks.redeliver(userId, request.params.id));
      if (!delivery) throw new Problem(404, 'not_found', 'No such webhook delivery.');
      return reply.code(202).send({ delivery });
    },
  );
};

export default v1Webhooks;
