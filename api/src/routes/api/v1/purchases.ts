// /api/v1/proxies/buy and /buy-matching: purchases paid from the balance, all or none, once per
// Idempotency-Key (a retry answers the first purchase and never buys twice).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { V1BuyMatchingRequest, V1BuyRequest, V1BuyResponse } from 'contract/public-api';
import { matchingWanted } from '../../../marketplace/purchases.ts';
import { IDEMPOTENCY_HEADERS, keyedRoutes, principal, problems } from '../../../public-api/keyed-routes.ts';
import { purchaseOutcome } from '../../../public-api/purchases.ts';

const v1Purchases: FastifyPluginAsyncTypebox = async (app) => {
  const publicHost = app.config.gateway.publicHost;
  const { keyed, idempotent } = keyedRoutes(app.db, app.config.publicApi.rateLimit);

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
        await idempotent(request, reply, async (trx, key) =>
          purchaseOutcome(trx, publicHost, key.userId, await app.repositories.purchases.buyWithin(trx, key.userId, request.body.listingIds)),
        ),
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
      const wanted = matchingWanted(request.body);
      return afterPurchase(
        request,
        await idempotent(request, reply, async (trx, key) =>
          purchaseOutcome(trx, publicHost, key.userId, await app.repositories.purchases.buyMatchingWithin(trx, key.userId, wanted)),
        ),
      );
    },
  );
};

export default v1Purchases;
