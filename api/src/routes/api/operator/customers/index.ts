// /api/operator/customers: the console's customers. Search, a customer's page, and the three actions: a
// balance adjustment (an `adjustment` ledger row; the customer's open tabs get the new balance through the
// socket), ending every session, disabling or enabling the account. Operators only; every action audited.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dollarsToCents } from 'contract/money';
import {
  AdjustmentRequest,
  CustomerActionResult,
  CustomerDetail,
  CustomerParams,
  CustomerSearchQuery,
  CustomerSearchResult,
  DisableRequest,
} from 'contract/operator-customers';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { createCustomers, CustomerActionError } from '../../../../operator/customers.ts';
import { auditActor, operatorAccess } from '../../../../plugins/operator-access.ts';
import { operatorRoutes } from '../operator-route.ts';

function asHttp(error: unknown): never {
  if (error instanceof CustomerActionError) throw new HttpError(error.status, error.message);
  throw error;
}

const operatorCustomers: FastifyPluginAsyncTypebox = async (app) => {
  const customers = createCustomers(app.db);
  const operatorRoute = operatorRoutes(operatorAccess(app));

  app.get(
    '/',
    operatorRoute({ summary: 'Customers by part of their username or e-mail (operators)', querystring: CustomerSearchQuery, response: { 200: CustomerSearchResult, ...errors(401, 403) } }),
    (request) => customers.search(request.query.q),
  );

  app.get(
    '/:userId',
    operatorRoute({ summary: "A customer's balance, ledger, leases, tickets, sessions and sign-ins (operators)", params: CustomerParams, response: { 200: CustomerDetail, ...errors(401, 403, 404) } }),
    (request) => customers.detail(request.params.userId).catch(asHttp),
  );

  app.post(
    '/:userId/adjustment',
    operatorRoute({
      summary: "Credit or debit a customer's balance with a reason: an adjustment ledger row (operators)",
      params: CustomerParams,
      body: AdjustmentRequest,
      response: { 200: CustomerActionResult, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      const { userId } = request.params;
      const { amount, reason } = request.body;
      const cents = Number.isFinite(amount) ? dollarsToCents(amount) : null;
      const { balanceCents } = await customers.adjust(userId, cents, reason, auditActor(request)).catch(asHttp);
      app.notifyBalance(userId);
      const verb = (cents ?? 0) > 0 ? 'Credited' : 'Debited';
      return {
        message: `${verb} $${(Math.abs(cents ?? 0) / 100).toFixed(2)}; the balance is now $${(balanceCents / 100).toFixed(2)}.`,
        customer: await customers.detail(userId),
      };
    },
  );

  app.post(
    '/:userId/end-sessions',
    operatorRoute({ summary: "End every session of a customer (operators)", params: CustomerParams, response: { 200: CustomerActionResult, ...errors(401, 403, 404) } }),
    async (request) => {
      const { userId } = request.params;
      const ended = await customers.endSessions(userId, auditActor(request)).catch(asHttp);
      app.sessions.announceEnded(ended);
      return { message: ended.length === 1 ? 'Ended 1 session.' : `Ended ${ended.length} sessions.`, customer: await customers.detail(userId) };
    },
  );

  app.post(
    '/:userId/disabled',
    operatorRoute({
      summary: 'Disable an account (with a reason: no sign-in, sessions ended, leases stopped) or enable it again (operators)',
      params: CustomerParams,
      body: DisableRequest,
      response: { 200: CustomerActionResult, ...errors(400, 401, 403, 404) },
    }),
    async (request) => {
      const { userId } = request.params;
      const { disabled, reason } = request.body;
      const ended = await customers.setDisabled(userId, disabled, reason, auditActor(request)).catch(asHttp);
      app.sessions.announceEnded(ended);
      return {
        message: disabled ? 'The account is disabled: it cannot sign in and its proxies stopped.' : 'The account is enabled again.',
        customer: await customers.detail(userId),
      };
    },
  );
};

export default operatorCustomers;
