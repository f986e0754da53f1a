// /api/v1/proxies: the key's customer's proxies (as JSON or a file), and what may be done to one of them:
// auto-renewal on or off, the free replacement of a dead one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { AutoRenewRequest, AutoRenewResponse, DEFAULT_TXT_TEMPLATE, DOWNLOAD_FORMATS, DownloadQuery, V1ProxiesResponse, V1ReplaceResponse } from 'contract/public-api';
import Type from 'typebox';
import { historyMessages } from '../../../history/history-messages.ts';
import { replaceMessages, replaceWithin, type ReplaceResult } from '../../../inventory/dead-exit-replacements.ts';
import { IDEMPOTENCY_HEADERS, json, keyedRoutes, principal, problems, refused } from '../../../public-api/keyed-routes.ts';
import { ownProxies, ownProxiesJson } from '../../../public-api/own-proxies.ts';
import { Problem } from '../../../public-api/problems.ts';
import { proxiesAsCsv, proxiesAsText, unknownPlaceholder } from '../../../public-api/proxy-formats.ts';

const ProxyId = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }) });

const v1Proxies: FastifyPluginAsyncTypebox = async (app) => {
  const { history } = app.repositories;
  const publicHost = app.config.gateway.publicHost;
  const { keyed, idempotent } = keyedRoutes(app.db, app.config.publicApi.rateLimit);

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

  app.post(
    '/proxies/:id/auto-renew',
    {
      config: keyed('manage'),
      schema: {
        tags: ['Proxies'],
        summary: 'Switch auto-renewal of one of your proxies on (while it is paid) or off',
        headers: IDEMPOTENCY_HEADERS,
        params: ProxyId,
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
        params: ProxyId,
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
};

export default v1Proxies;
