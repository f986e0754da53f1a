// /api/v1: the public API for customers' own software. A bearer API key (not the browser session) names the
// customer; each route needs one scope (read, buy, manage); calls are counted per key through the shared
// rate-limit store. Every POST accepts an Idempotency-Key. Errors are problem details with stable codes
// (public-api/problems.ts), from this plugin's own error and not-found handlers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { ApiKeyScope } from 'contract/api-key-rules';
import { centsToDollars } from 'contract/money';
import {
  AutoRenewRequest,
  AutoRenewResponse,
  DEFAULT_TXT_TEMPLATE,
  DOWNLOAD_FORMATS,
  DownloadQuery,
  MarketSearchQuery,
  MarketSearchResponse,
  Problem as ProblemSchema,
  V1AllowlistRequest,
  V1AllowlistResponse,
  V1BalanceResponse,
  V1BuyMatchingRequest,
  V1BuyRequest,
  V1BuyResponse,
  V1ProxiesResponse,
  V1ReplaceResponse,
  type V1Listing,
} from 'contract/public-api';
import { AutoReplaceSetting } from 'contract/history';
import { MessageResponse } from 'contract/errors';
import { CreateWebhookRequest, CreateWebhookResponse, WebhookDeliveryResponse, WebhooksResponse } from 'contract/webhooks';
import { WEBHOOK_ENDPOINT_LIMIT, WEBHOOK_EVENT_TYPES } from 'contract/webhook-rules';
import type { ProxyListing } from 'contract/marketplace';
import { ADDED_FILTER_OPTIONS, createProxyPredicate, EMPTY_FILTERS, isBlacklisted, TYPE_FILTER_VALUES, type ProxyFilters } from 'contract/proxy-filters';
import Type from 'typebox';
import type { ApiKeyPrincipal } from '../../../accounts/api-keys.ts';
import { autoReplaceSetting, setAutoReplace } from '../../../inventory/auto-replace-setting.ts';
import { replaceMessages, replaceWithin, type ReplaceResult } from '../../../inventory/dead-exit-replacements.ts';
import { WebhookInputError } from '../../../webhooks/webhooks.ts';
import { parseAllowlist } from '../../../accounts/ip-allowlist.ts';
import type { Schema } from '../../../db/schema.ts';
import { isDatabaseUnavailable } from '../../../db/unavailable.ts';
import { historyMessages } from '../../../history/history-messages.ts';
import { marketMessages } from '../../../marketplace/market-messages.ts';
import type { MatchingPurchaseResult } from '../../../marketplace/purchases.ts';
import { marketDb } from '../../../marketplace/market-schema.ts';
import { forgetOldAnswers, IDEMPOTENCY_KEY, requestHash, runIdempotent, type WorkOutcome } from '../../../public-api/idempotency.ts';
import { ownProxies, ownProxiesJson } from '../../../public-api/own-proxies.ts';
import { Problem, PROBLEM_CONTENT_TYPE, validationField } from '../../../public-api/problems.ts';
import { proxiesAsCsv, proxiesAsText, unknownPlaceholder } from '../../../public-api/proxy-formats.ts';
import { bearerToken } from '../../../plugins/auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyPrincipal | null;
  }
}

/** The OpenAPI security requirement of every /api/v1 route. */
const apiKeyAuth = [{ apiKey: [] }];
const problems = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ProblemSchema]));
const IDEMPOTENCY_HEADERS = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ description: 'Any unique string (a UUID): a retry with the same key returns the first answer for 24 hours' })),
});
const SWEEP_MS = 60 * 60 * 1000;

function principal(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.apiKey) throw new Problem(401, 'invalid_key', 'Send a valid API key as Authorization: Bearer <key>.');
  return request.apiKey;
}

function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  if (problem.retryAfter !== null) void reply.header('retry-after', String(problem.retryAfter));
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem.body()));
}

const json = (status: number, value: unknown) => ({ status, body: JSON.stringify(value) });

/** A query flag: absent is false; anything but true/false is a 400 naming it. */
function flag(value: string | undefined, field: string): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new Problem(400, 'invalid_request', `${field} must be true or false.`, { field });
}

/** A query number; absent is empty (no bound). */
function bound(value: string | undefined, field: string): string {
  if (value === undefined || value.trim() === '') return '';
  if (!Number.isFinite(Number(value)) || Number(value) < 0) throw new Problem(400, 'invalid_request', `${field} must be a number, at least 0.`, { field });
  return value.trim();
}

/** The dashboard's filters from the query, each checked. */
function filtersOf(query: MarketSearchQuery): ProxyFilters {
  const type = query.type ?? 'any';
  if (!(TYPE_FILTER_VALUES as readonly string[]).includes(type)) {
    throw new Problem(400, 'invalid_request', `type must be one of ${TYPE_FILTER_VALUES.filter((value) => value !== 'any').join(', ')}.`, { field: 'type' });
  }
  let added: ProxyFilters['added'] = 'any';
  if (query.addedWithinDays !== undefined) {
    const option = ADDED_FILTER_OPTIONS.find((candidate) => String(candidate.value) === query.addedWithinDays);
    if (!option || option.value === 'any') throw new Problem(400, 'invalid_request', 'addedWithinDays must be 0, 3, 7 or 30.', { field: 'addedWithinDays' });
    added = option.value;
  }
  return {
    ...EMPTY_FILTERS,
    text: { sock_real_ip: query.ip ?? '', domain: query.domain ?? '', region: '', city: query.city ?? '', isp: query.isp ?? '', zip: query.zip ?? '' },
    type: type as ProxyFilters['type'],
    added,
    minSpeed: bound(query.minSpeed, 'minSpeed'),
    maxPing: bound(query.maxPing, 'maxPing'),
    maxPrice: bound(query.maxPrice, 'maxPrice'),
    residentialOnly: flag(query.residentialOnly, 'residentialOnly'),
    excludeBlacklisted: flag(query.excludeBlacklisted, 'excludeBlacklisted'),
  };
}

function toV1Listing(listing: ProxyListing): V1Listing {
  return {
    id: listing.id,
    ip: listing.sock_real_ip,
    country: listing.ct,
    state: listing.region,
    city: listing.city,
    zip: listing.zip,
    isp: listing.isp,
    domain: listing.domain,
    type: listing.user_type,
    speed: listing.speed,
    ping: listing.ping,
    uptime7d: listing.uptime ?? null,
    addedDaysAgo: listing.added_days_ago,
    price: listing.price,
    blacklisted: isBlacklisted(listing),
  };
}

const v1: FastifyPluginAsyncTypebox = async (app) => {
  const { apiKeys, market, purchases, history, account, users } = app.repositories;
  const publicHost = app.config.gateway.publicHost;
  const { max, windowMs } = app.config.publicApi.rateLimit;

  app.decorateRequest('apiKey', null);
  app.addHook('onRoute', (route) => {
    if (route.schema) {
      route.schema.security ??= apiKeyAuth;
      route.schema.tags ??= ['API'];
    }
  });
  // Authentication first (a request without a valid key is not counted against anyone's rate), then scope.
  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.apiKeyScope;
    if (scope === undefined) return;
    const token = bearerToken(request);
    const key = token === null ? null : await apiKeys.authenticate(token, request.ip);
    if (!key) throw new Problem(401, 'invalid_key', token === null ? 'Send an API key as Authorization: Bearer <key>.' : 'This API key is not valid or has been revoked.');
    if (!key.scopes.includes(scope)) throw new Problem(403, 'missing_scope', `This key lacks the ${scope} scope.`);
    request.apiKey = key;
  });

  // Any other path under /api/v1 is a problem too (the portal's own not-found handler answers {message}).
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    config: { public: true },
    schema: { hide: true },
    handler: async (request, reply) => sendProblem(reply, new Problem(404, 'not_found', `No route ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 80)}.`)),
  });
  app.setErrorHandler((error: FastifyError | Problem, request, reply) => {
    if (error instanceof Problem) return sendProblem(reply, error);
    if (error.validation) {
      const first = error.validation[0];
      const field = first ? validationField(first.instancePath, (first.params as { missingProperty?: unknown }).missingProperty) : '';
      return sendProblem(reply, new Problem(400, 'invalid_request', error.message, field === '' ? {} : { field }));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      const retryAfter = Number(reply.getHeader('retry-after'));
      return sendProblem(reply, new Problem(429, 'rate_limited', error.message, Number.isFinite(retryAfter) ? { retryAfter } : {}));
    }
    if (status >= 400 && status < 500) return sendProblem(reply, new Problem(status === 404 ? 404 : 400, status === 404 ? 'not_found' : 'invalid_request', error.message));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendProblem(reply, new Problem(503, 'service_unavailable', 'The service is briefly unavailable. Try again in a moment.', { retryAfter: 2 }));
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, new Problem(500, 'internal_error', 'Internal server error'));
  });

  const sweep = setInterval(() => {
    forgetOldAnswers(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'could not drop old idempotent answers'));
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', () => clearInterval(sweep));

  /** Route config: the scope the key needs and the per-key rate limit. */
  const keyed = (scope: ApiKeyScope) => ({
    apiKeyScope: scope,
    rateLimit: { max, timeWindow: windowMs, keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey?.keyId ?? request.ip}` },
  });

  /** Runs a POST's work once per Idempotency-Key and sends its (first) answer. */
  async function idempotent(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (trx: Transaction<Schema>, key: ApiKeyPrincipal) => Promise<WorkOutcome>,
  ): Promise<FastifyReply> {
    const key = principal(request);
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : null;
    if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new Problem(400, 'invalid_request', 'Idempotency-Key must be 1-255 printable ASCII characters.', { field: 'Idempotency-Key' });
    }
    const hash = requestHash(request.method, request.url, request.body);
    const result = await runIdempotent(app.db, { apiKeyId: key.keyId, idempotencyKey, hash }, (trx) => work(trx, key));
    if (result.kind === 'mismatch') {
      throw new Problem(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different request in the last 24 hours.', { field: 'Idempotency-Key' });
    }
    if (result.kind === 'replayed') void reply.header('idempotent-replayed', 'true');
    const { status, body } = result.answer;
    return reply
      .code(status)
      .type(status >= 400 ? PROBLEM_CONTENT_TYPE : 'application/json; charset=utf-8')
      .send(body);
  }
  const refused = (problem: Problem): WorkOutcome => ({ commit: false, answer: json(problem.status, problem.body()) });

  app.get(
    '/proxies',
    {
      config: keyed('read'),
      schema: {
        tags: ['Proxies'],
        summary: 'Your proxies: endpoint, credentials, expiry, auto-renew, online state, uptime',
        response: { 200: V1ProxiesResponse, ...problems(401, 403, 429) },
      },
    },
        // Ready JSON text from PostgreSQL, sent as it is (a string body is not serialised again).
    async (request, reply) => (reply as FastifyReply).type('application/json; charset=utf-8').send(await ownProxiesJson(app.db, publicHost, principal(request).userId, new Date())),
  );

  app.get(
    '/proxies/download',
    {
      config: keyed('read'),
      schema: {
        tags: ['Proxies'],
        summary: `Your proxies as a file: txt (a line per proxy from a template, default ${DEFAULT_TXT_TEMPLATE}), csv or json`,
        querystring: DownloadQuery,
        response: { 200: Type.String({ examples: ['k3j9s:p8d2q@gw.example.com:20412\n'] }), ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'txt';
      if (!(DOWNLOAD_FORMATS as readonly string[]).includes(format)) throw new Problem(400, 'invalid_request', 'format must be txt, csv or json.', { field: 'format' });
      const template = request.query.template ?? DEFAULT_TXT_TEMPLATE;
      if (format === 'txt') {
        const unknown = unknownPlaceholder(template);
        if (unknown !== null) throw new Problem(400, 'invalid_request', `Unknown placeholder ${unknown} in template.`, { field: 'template' });
      }
      const proxies = await ownProxies(app.db, publicHost, principal(request).userId, new Date());
      void reply.header('content-disposition', `attachment; filename="proxies.${format}"`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(proxiesAsCsv(proxies));
      if (format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(proxies));
      return reply.type('text/plain; charset=utf-8').send(proxiesAsText(proxies, template));
    },
  );

  app.get(
    '/market/search',
    {
      config: keyed('read'),
      schema: {
        tags: ['Marketplace'],
        summary: "Listings for sale in a country (or a US state), with the dashboard's filters; freshest first",
        querystring: MarketSearchQuery,
        response: { 200: MarketSearchResponse, ...problems(400, 401, 403, 429) },
      },
    },
    async (request): Promise<MarketSearchResponse> => {
      const query = request.query;
      if (!/^[A-Za-z]{2}$/.test(query.country)) throw new Problem(400, 'invalid_request', 'country must be a two-letter ISO code.', { field: 'country' });
      const limit = query.limit === undefined ? 100 : Number(query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Problem(400, 'invalid_request', 'limit must be a whole number from 1 to 1000.', { field: 'limit' });
      const predicate = createProxyPredicate(filtersOf(query));
      const country = query.country.toUpperCase();
      const state = query.state ?? null;
      // The same cached answer the dashboard's search reads.
      const body = await app.marketCache.text(`search:${country}:${state ?? ''}`, () => market.searchJson(country, state, new Date()));
      const matches = (JSON.parse(body.text) as ProxyListing[]).filter(predicate);
      return { listings: matches.slice(0, limit).map(toV1Listing), total: matches.length };
    },
  );

  /** A purchase's answer: the proxies bought (by listing id), what they cost and the balance left. */
  async function bought(trx: Transaction<Schema>, userId: string, listingIds: readonly string[]): Promise<WorkOutcome> {
    const leases = await marketDb(trx)
      .selectFrom('proxy_leases')
      .select(['id', 'price_cents'])
      .where('user_id', '=', userId)
      .where('listing_id', 'in', listingIds.map(Number))
      .where('ended_at', 'is', null)
      .execute();
    const proxies = await ownProxies(trx, publicHost, userId, new Date(), leases.map((lease) => Number(lease.id)));
    const charged = leases.reduce((sum, lease) => sum + Number(lease.price_cents), 0);
    const balance = await trx.selectFrom('users').select('balance_cents').where('id', '=', userId).executeTakeFirstOrThrow();
    return { commit: true, answer: json(200, { proxies, charged: centsToDollars(charged), balance: centsToDollars(Number(balance.balance_cents)) }) };
  }

  /** A refused purchase as its problem (rolled back, not remembered). */
  function purchaseRefused(result: Exclude<MatchingPurchaseResult, { ok: true }>): WorkOutcome {
    switch (result.reason) {
      case 'no-account':
        return refused(new Problem(401, 'invalid_key', 'This API key is not valid or has been revoked.'));
      case 'not-found':
        return refused(new Problem(404, 'not_found', marketMessages.notFound(result.id)));
      case 'unavailable':
        return refused(new Problem(409, 'listings_unavailable', marketMessages.unavailable(result.ips), { unavailable: result.ids }));
      case 'not-enough':
        return refused(new Problem(409, 'not_enough_matches', `Only ${result.available} matching listings are for sale: nothing was bought.`));
      case 'insufficient-funds':
        return refused(new Problem(402, 'insufficient_funds', marketMessages.insufficientFunds(result.balanceCents, result.totalCents)));
      case 'no-port':
        return refused(new Problem(503, 'no_free_port', marketMessages.noFreePort, { retryAfter: 60 }));
    }
  }

  /** After a purchase that was not a replay: the market's cached lists change, the portal's balance too. */
  function afterPurchase(request: FastifyRequest, sent: FastifyReply): FastifyReply {
    if (sent.statusCode === 200 && sent.getHeader('idempotent-replayed') === undefined) {
      app.marketCache.clear();
      app.notifyBalance(principal(request).userId);
    }
    return sent;
  }

  app.post(
    '/proxies/buy',
    {
      config: keyed('buy'),
      schema: {
        tags: ['Proxies'],
        summary: 'Buy listings by id, all or none, paid from the balance; a retry with the same Idempotency-Key returns the first answer',
        headers: IDEMPOTENCY_HEADERS,
        body: V1BuyRequest,
        response: { 200: V1BuyResponse, ...problems(400, 401, 402, 403, 404, 409, 422, 429, 503) },
      },
    },
    async (request, reply) =>
      afterPurchase(
        request,
        await idempotent(request, reply, async (trx, key) => {
          const result = await purchases.buyWithin(trx, key.userId, request.body.listingIds);
          return result.ok ? bought(trx, key.userId, result.bought.map((item) => item.ID)) : purchaseRefused(result);
        }),
      ),
  );

  app.post(
    '/proxies/buy-matching',
    {
      config: keyed('buy'),
      schema: {
        tags: ['Proxies'],
        summary: 'Buy by criteria ("3 Residential in Texas under $1.00"): the best online matches (lowest ping, then highest speed), all or none',
        headers: IDEMPOTENCY_HEADERS,
        body: V1BuyMatchingRequest,
        response: { 200: V1BuyResponse, ...problems(400, 401, 402, 403, 409, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const { count, kind, country, state, maxPrice } = request.body;
      const wanted = {
        count,
        kind,
        country: country.toUpperCase(),
        ...(state === undefined ? {} : { state }),
        ...(maxPrice === undefined ? {} : { maxPriceCents: Math.round(maxPrice * 100) }),
      };
      return afterPurchase(
        request,
        await idempotent(request, reply, async (trx, key) => {
          const result = await purchases.buyMatchingWithin(trx, key.userId, wanted);
          return result.ok ? bought(trx, key.userId, result.bought.map((item) => item.ID)) : purchaseRefused(result);
        }),
      );
    },
  );

  app.post(
    '/proxies/:id/auto-renew',
    {
      config: keyed('manage'),
      schema: {
        tags: ['Proxies'],
        summary: 'Switch auto-renewal of one of your proxies on (while it is paid) or off',
        headers: IDEMPOTENCY_HEADERS,
        params: Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }) }),
        body: AutoRenewRequest,
        response: { 200: AutoRenewResponse, ...problems(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, async (trx, key) => {
        const { id } = request.params;
        const result = await history.setRenew(key.userId, id, request.body.enabled, new Date(), trx);
        if (!result.ok) {
          return refused(result.reason === 'not-found' ? new Problem(404, 'not_found', historyMessages.notFound(id)) : new Problem(409, 'proxy_ended', historyMessages.ended(id)));
        }
        const answer: AutoRenewResponse = { id, autoRenew: result.renew, expiresAt: result.expiresAt.toISOString() };
        return { commit: true, answer: json(200, answer) };
      }),
  );

  app.post(
    '/proxies/:id/replace',
    {
      config: keyed('manage'),
      schema: {
        tags: ['Proxies'],
        summary:
          'Replace a dead proxy free of charge: a new exit of the same type in the same state (or country), closest in price, for the rest of the paid period; same port and login:pass. Not for a refunded proxy; a replaced one is not refunded',
        headers: IDEMPOTENCY_HEADERS,
        params: Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }) }),
        response: { 200: V1ReplaceResponse, ...problems(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      let replaced: ReplaceResult | null = null;
      const sent = await idempotent(request, reply, async (trx, key) => {
        const { id } = request.params;
        const result = await replaceWithin(trx, { leaseId: Number(id), userId: key.userId, automatic: false, now: new Date(), publicHost, publicUrl: app.config.publicUrl });
        if (!result.ok) {
          const code = ({ 'not-found': 'not_found', ended: 'proxy_ended', 'not-dead': 'proxy_not_dead', refunded: 'proxy_refunded', 'no-match': 'no_replacement' } as const)[result.reason];
          return refused(new Problem(result.reason === 'not-found' ? 404 : 409, code, replaceMessages[result.reason](id)));
        }
        replaced = result;
        const [proxy] = await ownProxies(trx, publicHost, key.userId, new Date(), [result.leaseId]);
        const answer: V1ReplaceResponse = { proxy: proxy!, previousIp: result.previousIp, ip: result.realIp };
        return { commit: true, answer: json(200, answer) };
      });
      // After the commit: the customer's pages, the mail and the webhooks, as for a click in History.
      if (replaced) await app.deadExitReplacements.after(replaced);
      return sent;
    },
  );

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
    '/webhooks',
    {
      config: keyed('read'),
      schema: { tags: ['Webhooks'], summary: 'Your webhook endpoints and their 50 latest deliveries (status, latency, attempts)', response: { 200: WebhooksResponse, ...problems(401, 403, 429) } },
    },
    async (request): Promise<WebhooksResponse> => ({
      ...(await app.webhooks.list(principal(request).userId)),
      limit: WEBHOOK_ENDPOINT_LIMIT,
      eventTypes: [...WEBHOOK_EVENT_TYPES],
    }),
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
      const sent = await app.webhooks.sendTest(userId, request.params.id);
      if (!sent) throw new Problem(404, 'not_found', 'No such webhook endpoint.');
      await app.jobs.attempt(sent.job);
      return reply.code(202).send({ delivery: (await app.webhooks.delivery(userId, sent.deliveryId))! });
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
      const sent = await app.webhooks.redeliver(userId, request.params.id);
      if (!sent) throw new Problem(404, 'not_found', 'No such webhook delivery.');
      await app.jobs.attempt(sent.job);
      return reply.code(202).send({ delivery: (await app.webhooks.delivery(userId, sent.deliveryId))! });
    },
  );

  app.get(
    '/balance',
    { config: keyed('read'), schema: { tags: ['Account'], summary: 'Your balance in dollars', response: { 200: V1BalanceResponse, ...problems(401, 403, 429) } } },
    async (request): Promise<V1BalanceResponse> => {
      const cents = await users.balanceCents(principal(request).userId);
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
    async (request): Promise<V1AllowlistResponse> => ({ addresses: await account.ipAllowlist(principal(request).userId) }),
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
        const addresses = await account.replaceIpAllowlist(key.userId, parsed.entries, trx);
        return { commit: true, answer: json(200, { addresses }) };
      });
    },
  );
};

export default v1;
