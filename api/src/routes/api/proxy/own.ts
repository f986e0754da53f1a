// /api/proxy/my, /usage/:historyId and /balance: what the signed-in user holds: active proxies with their
// credentials, the traffic of one, the balance.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BalanceResponse, LeaseUsage, LeaseUsageParams, OwnProxy } from 'contract/marketplace';
import { authMessages } from 'contract/auth-rules';
import { centsToDollars } from 'contract/money';
import Type from 'typebox';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';
import { marketMessages } from '../../../marketplace/market-messages.ts';
import { currentUser } from '../../../plugins/auth.ts';

const own: FastifyPluginAsyncTypebox = async (app) => {
  const { market, users } = app.repositories;

  app.get(
    '/my',
    { schema: { summary: "The signed-in user's active proxies as ip:port with login:pass", response: { 200: Type.Array(OwnProxy) } } },
    async (request) => market.ownProxies(currentUser(request).id, new Date()),
  );

  app.get(
    '/usage/:historyId',
    {
      schema: {
        summary: "Traffic the gateway carried for one of the signed-in user's proxies (bytes up and down, connections)",
        params: LeaseUsageParams,
        response: { 200: LeaseUsage, ...errors(400, 404) },
      },
    },
    async (request): Promise<LeaseUsage> => {
      const usage = await market.leaseUsage(currentUser(request).id, request.params.historyId);
      if (!usage) throw new HttpError(404, marketMessages.noSuchLease(request.params.historyId));
      return usage;
    },
  );

  app.get(
    '/balance',
    { schema: { summary: "The signed-in user's balance in dollars", response: { 200: BalanceResponse } } },
    async (request): Promise<BalanceResponse> => {
      const cents = await users.balanceCents(currentUser(request).id);
      if (cents === null) throw new HttpError(401, authMessages.sessionEnded);
      return { balance: centsToDollars(cents) };
    },
  );
};

export default own;
