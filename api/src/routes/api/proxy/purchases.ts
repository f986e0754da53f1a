// POST /api/proxy/buy and /buy-matching: buying proxies for 24 hours from the balance, all of them or none
// (marketplace/purchases.ts). A purchase clears the market's read cache and tells the buyer's pages the balance.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BuyMatchingRequest, BuyRequest, PurchaseItem, PurchaseRefusal } from 'contract/marketplace';
import { authMessages } from 'contract/auth-rules';
import Type from 'typebox';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';
import { marketMessages } from '../../../marketplace/market-messages.ts';
import { matchingWanted, type PurchaseResult } from '../../../marketplace/purchases.ts';
import { currentUser } from '../../../plugins/auth.ts';

/**
 * A refused purchase as its HTTP answer. The route answers two itself: listings taken meanwhile (409, with
 * their ids) and a full port range (503).
 */
function purchaseRefusal(result: Exclude<PurchaseResult, { ok: true } | { reason: 'unavailable' } | { reason: 'no-port' }>): HttpError {
  switch (result.reason) {
    case 'no-account':
      return new HttpError(401, authMessages.sessionEnded);
    case 'not-found':
      return new HttpError(404, marketMessages.notFound(result.id));
    case 'insufficient-funds':
      return new HttpError(402, marketMessages.insufficientFunds(result.balanceCents, result.totalCents));
  }
}

const proxyPurchases: FastifyPluginAsyncTypebox = async (app) => {
  const { purchases } = app.repositories;
  const cache = app.marketCache;

  app.post(
    '/buy',
    {
      schema: {
        summary:
          'Buy proxies for 24 hours: all of them or none, paid from the balance. 409 names every listing taken meanwhile (`unavailable`: ids)',
        body: BuyRequest,
        response: { 200: Type.Array(PurchaseItem), ...errors(400, 402, 404, 503), 409: PurchaseRefusal },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await purchases.buy(user.id, request.body.ID);
      if (!result.ok && result.reason === 'unavailable') {
        // Nothing was bought; the answer names every taken listing so the buyer can drop them and buy the rest.
        const refusal: PurchaseRefusal = { message: marketMessages.unavailable(result.ips), unavailable: result.ids };
        return reply.code(409).send(refusal);
      }
      // 5xx messages are masked by the error handler; this one tells the buyer to come back.
      if (!result.ok && result.reason === 'no-port') return reply.code(503).send({ message: marketMessages.noFreePort });
      if (!result.ok) throw purchaseRefusal(result);
      cache.clear();
      app.notifyBalance(user.id);
      return result.bought;
    },
  );

  app.post(
    '/buy-matching',
    {
      schema: {
        summary:
          'Buy a quantity: the best `count` online listings for sale of a kind in a country (and state), lowest ping then highest speed, all of them or none. 409 when fewer match',
        body: BuyMatchingRequest,
        response: { 200: Type.Array(PurchaseItem), ...errors(400, 402, 409, 503) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const wanted = matchingWanted(request.body);
      const result = await purchases.buyMatching(user.id, wanted);
      if (!result.ok && result.reason === 'not-enough') return reply.code(409).send({ message: marketMessages.notEnough(wanted, result.available) });
      if (!result.ok && result.reason === 'no-port') return reply.code(503).send({ message: marketMessages.noFreePort });
      // Listings are picked for sale under lock, so none can be taken meanwhile; should it happen, it reads as the rest.
      if (!result.ok && result.reason === 'unavailable') return reply.code(409).send({ message: marketMessages.unavailable(result.ips) });
      if (!result.ok) throw purchaseRefusal(result);
      cache.clear();
      app.notifyBalance(user.id);
      return result.bought;
    },
  );
};

export default proxyPurchases;
