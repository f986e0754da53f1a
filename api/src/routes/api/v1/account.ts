// /api/v1 account settings: the balance, the IP allow-list and "replace dead proxies automatically", the same
// settings the portal's account pages change.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { centsToDollars } from 'contract/money';
import { AutoReplaceSetting } from 'contract/history';
import { V1AllowlistRequest, V1AllowlistResponse, V1BalanceResponse } from 'contract/public-api';
import { parseAllowlist } from '../../../accounts/ip-allowlist.ts';
import { autoReplaceSetting, setAutoReplace } from '../../../inventory/auto-replace-setting.ts';
import { IDEMPOTENCY_HEADERS, json, keyedRoutes, principal, problems } from '../../../public-api/keyed-routes.ts';
import { Problem } from '../../../public-api/problems.ts';

const v1Account: FastifyPluginAsyncTypebox = async (app) => {
  const { keyed, idempotent } = keyedRoutes(app.db, app.config.publicApi.rateLimit);

  app.get(
    '/settings/auto-replace',
    { config: keyed('read'), schema: { tags: ['Account'], summary: 'Whether dead proxies are replaced automatically', response: { 200: AutoReplaceSetting, ...problems(401, 403, 429) } } },
    async (request): Promise<AutoReplaceSetting> => ({ enabled: await autoReplaceSetting(app.db, principal(request).userId) }),
  );

  app.put(
    '/settings/auto-replace',
    {
      config: keyed('manage'),
      schema: {
        tags: ['Account'],
        summary: 'Switch "replace dead proxies automatically" on or off (the replacement runs after the exit has been dead for 5 minutes)',
        body: AutoReplaceSetting,
        response: { 200: AutoReplaceSetting, ...problems(400, 401, 403, 429) },
      },
    },
    async (request): Promise<AutoReplaceSetting> => ({ enabled: await setAutoReplace(app.db, principal(request).userId, request.body.enabled) }),
  );

  app.get(
    '/balance',
    { config: keyed('read'), schema: { tags: ['Account'], summary: 'Your balance in dollars', response: { 200: V1BalanceResponse, ...problems(401, 403, 429) } } },
    async (request): Promise<V1BalanceResponse> => {
      const cents = await app.repositories.users.balanceCents(principal(request).userId);
      if (cents === null) throw new Problem(401, 'invalid_key', 'This API key is not valid or has been revoked.');
      return { balance: centsToDollars(cents) };
    },
  );

  app.get(
    '/ip-allowlist',
    {
      config: keyed('read'),
      schema: { tags: ['Account'], summary: 'Addresses and ranges allowed to use your proxies without login:pass', response: { 200: V1AllowlistResponse, ...problems(401, 403, 429) } },
    },
    async (request): Promise<V1AllowlistResponse> => ({ addresses: await app.repositories.account.ipAllowlist(principal(request).userId) }),
  );

  app.post(
    '/ip-allowlist',
    {
      config: keyed('manage'),
      schema: {
        tags: ['Account'],
        summary: 'Replace the IP allow-list (IPv4/IPv6 addresses and CIDR ranges, at most 10); applies to running proxies too',
        headers: IDEMPOTENCY_HEADERS,
        body: V1AllowlistRequest,
        response: { 200: V1AllowlistResponse, ...problems(400, 401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const parsed = parseAllowlist(request.body.addresses);
      if (!parsed.ok) throw new Problem(400, 'invalid_request', parsed.message, { field: 'addresses' });
      return idempotent(request, reply, async (trx, key) => {
        const addresses = await app.repositories.account.replaceIpAllowlist(key.userId, parsed.entries, trx);
        return { commit: true, answer: json(200, { addresses }) };
      });
    },
  );
};

export default v1Account;
