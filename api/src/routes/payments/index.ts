// /api/payments: top-up history, expenses, and the payment processor's webhook (ARCHITECTURE: Payments).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ExpenseRecord, TopupRecord } from 'contract/payments';
import Type from 'typebox';
import { bearerAuth, errors } from '../../http/schemas.ts';
import { listExpenses } from '../../payments/expenses.ts';
import { listTopups } from '../../payments/orders.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { currentUser, requireSelf } from '../../plugins/auth.ts';
import webhook from './webhook.ts';

const TopupRecordSchema = Type.Object({
  _id: Type.String(),
  amount: Type.Number(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('failed')]),
  createdAt: Type.String(),
});

const ExpenseRecordSchema = Type.Object({
  id: Type.String(),
  added_timestamp: Type.String(),
  proxy: Type.String(),
  buy_price: Type.Number(),
});

export interface PaymentRoutesOptions {
  provider: PaymentProvider | null;
}

const payments: FastifyPluginAsyncTypebox<PaymentRoutesOptions> = async (app, { provider }) => {
  app.get(
    '/topups/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The signed-in user's top-ups with their status, newest first (the page lists completed ones)",
        security: bearerAuth,
        params: Type.Object({ userId: Type.String({ maxLength: 64 }) }),
        response: { 200: Type.Array(TopupRecordSchema), ...errors(401, 403) },
      },
    },
    async (request) => {
      const self = requireSelf(request, request.params.userId);
      const body: TopupRecord[] = await listTopups(app.db, self.id);
      return body;
    },
  );

  app.get(
    '/expenses',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The signed-in user's purchases and renewals (buy_price in positive dollars), newest first",
        security: bearerAuth,
        response: { 200: Type.Array(ExpenseRecordSchema), ...errors(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body: ExpenseRecord[] = await listExpenses(app.db, user.id);
      return body;
    },
  );

  if (provider) await app.register(webhook, { provider });
};

export default payments;
