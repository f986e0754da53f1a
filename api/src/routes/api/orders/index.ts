// /api/orders: start a top-up (the checkout URL is the whole response body) and the order history.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UserIdParams } from 'contract/accounts';
import { CreateOrderBody, CreateOrderResponse, OrderRecord } from 'contract/payments';
import Type from 'typebox';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';
import { topUpMessages } from '../../../payments/top-up-rules.ts';
import { currentUser, requireSelf } from '../../../plugins/auth.ts';

const orders: FastifyPluginAsyncTypebox = async (app) => {
  const provider = app.paymentProvider;
  const repository = app.repositories.orders;

  app.post(
    '/',
    {
      // Each order may create an invoice at the processor: bounded like the other sensitive calls.
      config: { rateLimit: app.authRateLimit },
      schema: {
        summary: 'Start a top-up: answers with the checkout URL (a JSON string) to send the browser to',
        body: CreateOrderBody,
        response: { 201: CreateOrderResponse, ...errors(400, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.body.currency !== 'USD') throw new HttpError(400, topUpMessages.currency);
      // 502/503 are sent here: the error handler masks every 5xx it sees, and these messages are for the user.
      if (!provider) return reply.code(503).send({ message: topUpMessages.unavailable });
      const result = await repository.start(provider, user.id, request.body.amount, request.log);
      if (!result.ok) {
        if (result.reason === 'provider-down') return reply.code(502).send({ message: topUpMessages.providerDown });
        throw new HttpError(400, result.message);
      }
      const body: CreateOrderResponse = result.checkoutUrl;
      // A string payload would go out as text/plain unserialised; the contract says JSON.
      return reply.code(201).type('application/json; charset=utf-8').send(JSON.stringify(body));
    },
  );

  app.get(
    '/:userId',
    {
      schema: {
        summary: "The signed-in user's top-up orders, newest first",
        params: UserIdParams,
        response: { 200: Type.Array(OrderRecord), ...errors(403) },
      },
    },
    async (request) => repository.list(requireSelf(request, request.params.userId).id),
  );
};

export default orders;
