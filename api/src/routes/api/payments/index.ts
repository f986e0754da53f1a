// /api/payments: top-up history, expenses, and the payment processor's webhook.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UserIdParams } from 'contract/accounts';
import { ExpenseRecord, TopupRecord } from 'contract/payments';
import Type from 'typebox';
import { errors } from '../../../http/schemas.ts';
import { currentUser, requireSelf } from '../../../plugins/auth.ts';
import webhook from './webhook.ts';

const payments: FastifyPluginAsyncTypebox = async (app) => {
  const { orders, expenses } = app.repositories;

  app.get(
    '/topups/:userId',
    {
      schema: {
        summary: "The signed-in user's top-ups with their status, newest first (the page lists completed ones)",
        params: UserIdParams,
        response: { 200: Type.Array(TopupRecord), ...errors(403) },
      },
    },
    async (request) => orders.listTopups(requireSelf(request, request.params.userId).id),
  );

  app.get(
    '/expenses',
    {
      schema: {
        summary: "The signed-in user's purchases and renewals (buy_price in positive dollars), newest first",
        response: { 200: Type.Array(ExpenseRecord) },
      },
    },
    async (request) => expenses.list(currentUser(request).id),
  );

  if (app.paymentProvider) await app.register(webhook, { provider: app.paymentProvider });
};

export default payments;
