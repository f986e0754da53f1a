// /api/orders: start a top-up (the checkout URL is the response body, SPEC §7) and the order history
// (ARCHITECTURE decisions 6 and 7).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CreateOrderResponse, OrderRecord } from 'contract/payments';
import Type from 'typebox';
import { HttpError } from '../../http/errors.ts';
import { bearerAuth, errors } from '../../http/schemas.ts';
import { listOrders, startOrder } from '../../payments/orders.ts';
import { PaymentProviderError, type PaymentProvider } from '../../payments/payment-provider.ts';
import { topUpMessages } from '../../payments/top-up-rules.ts';
import { currentUser, requireSelf } from '../../plugins/auth.ts';

const OrderStatus = Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('failed')]);

export const OrderRecordSchema = Type.Object({
  _id: Type.String(),
  amount: Type.Number(),
  currency: Type.Literal('USD'),
  status: OrderStatus,
  provider: Type.Union([Type.Literal('btcpay'), Type.Literal('sandbox')]),
  invoiceId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  completedAt: Type.Union([Type.String(), Type.Null()]),
});

export interface OrderRoutesOptions {
  /** null: payments are switched off (sandbox in production without PAYMENT_SANDBOX_ENABLED). */
  provider: PaymentProvider | null;
}

const orders: FastifyPluginAsyncTypebox<OrderRoutesOptions> = async (app, { provider }) => {
  app.post(
    '/',
    {
      onRequest: app.authenticate,
      // Each order may create an invoice at the processor: bounded like the other sensitive calls.
      config: { rateLimit: app.authRateLimit },
      schema: {
        summary: 'Start a top-up: answers with the checkout URL (a JSON string) to send the browser to',
        security: bearerAuth,
        body: Type.Object({ amount: Type.Number({ minimum: 0, maximum: 1e9 }), currency: Type.String({ maxLength: 8 }) }),
        response: { 201: Type.String(), ...errors(400, 401, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.body.currency !== 'USD') throw new HttpError(400, topUpMessages.currency);
      // 502/503 are sent here: the error handler masks every 5xx it sees, and these messages are for the user.
      if (!provider) return reply.code(503).send({ message: topUpMessages.unavailable });
      let checkoutUrl: string;
      try {
        ({ checkoutUrl } = await startOrder(app.db, provider, user.id, request.body.amount, request.log));
      } catch (error) {
        if (error instanceof PaymentProviderError) return reply.code(502).send({ message: topUpMessages.providerDown });
        throw error;
      }
      const body: CreateOrderResponse = checkoutUrl;
      // A string payload would go out as text/plain unserialised; the contract says JSON.
      return reply.code(201).type('application/json; charset=utf-8').send(JSON.stringify(body));
    },
  );

  app.get(
    '/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The signed-in user's top-up orders, newest first",
        security: bearerAuth,
        params: Type.Object({ userId: Type.String({ maxLength: 64 }) }),
        response: { 200: Type.Array(OrderRecordSchema), ...errors(401, 403) },
      },
    },
    async (request) => {
      const self = requireSelf(request, request.params.userId);
      const body: OrderRecord[] = await listOrders(app.db, self.id);
      return body;
    },
  );
};

export default orders;
