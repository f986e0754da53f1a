// /api/proxy: the marketplace. Counts, country lists and searches come from the read cache as ready JSON.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AvailabilityRequest,
  AvailabilityResponse,
  BalanceResponse,
  BuyMatchingRequest,
  BuyRequest,
  CountriesRequest,
  CountryItem,
  FindRequest,
  LeaseUsage,
  LeaseUsageParams,
  OwnProxy,
  ProxyInfoRequest,
  ProxyListing,
  PurchaseItem,
  PurchaseRefusal,
  RegionCount,
  SearchBody,
  StartingPricesResponse,
  StateCount,
} from 'contract/marketplace';
import { STARTING_PRICES_TTL_SECONDS } from 'contract/starting-prices';
import { Place, PlaceQuery } from 'contract/places';
import { createPlaceLookup } from '../../../marketplace/places.ts';
import { FIND_LIMIT, FIND_MIN_LENGTH } from 'contract/limits';
import { centsToDollars } from 'contract/money';
import { authMessages } from 'contract/auth-rules';
import Type from 'typebox';
import { HttpError } from '../../../http/errors.ts';
import { sendJson } from '../../../http/json-body.ts';
import { errors } from '../../../http/schemas.ts';
import { marketMessages } from '../../../marketplace/market-messages.ts';
import { regionKeyOf } from '../../../marketplace/market-reads.ts';
import type { PurchaseResult } from '../../../marketplace/purchases.ts';
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

const proxy: FastifyPluginAsyncTypebox = async (app) => {
  const { market, purchases, users } = app.repositories;
  const cache = app.marketCache;

  app.get(
    '/region',
    { schema: { summary: 'Listings for sale per region tab', response: { 200: Type.Array(RegionCount) } } },
    async (request, reply) => sendJson(request, reply, await cache.json('regions', () => market.regionCounts())),
  );

  const places = createPlaceLookup();
  app.get(
    '/place',
    {
      schema: {
        summary: 'Where a US ZIP code, a city ("Austin, TX", "Berlin, DE") or a US state is: the distance filter\'s point',
        querystring: PlaceQuery,
        response: { 200: Place, ...errors(400, 404) },
      },
    },
    async (request) => {
      const place = places.find(request.query.q);
      if (!place) throw new HttpError(404, marketMessages.unknownPlace(request.query.q));
      return place;
    },
  );

  app.get(
    '/from-prices',
    {
      config: { public: true },
      schema: {
        summary: 'The cheapest proxy for sale of each kind (the landing page\'s "from $X"), dollars; null: none for sale',
        response: { 200: StartingPricesResponse, ...errors(503) },
      },
    },
    async (_request, reply) => {
      const prices = await app.startingPrices.current();
      if (prices === null) throw new HttpError(503, marketMessages.pricesUnavailable);
      return reply.header('cache-control', `public, max-age=${STARTING_PRICES_TTL_SECONDS}`).send(prices);
    },
  );

  app.get(
    '/states',
    { schema: { summary: 'US states with listings for sale', response: { 200: Type.Array(StateCount) } } },
    async (request, reply) => sendJson(request, reply, await cache.json('states', () => market.stateCounts())),
  );

  app.post(
    '/region',
    {
      schema: {
        summary: "A region tab's countries with flag and online count (region: the tab's `as`, e.g. USA or America)",
        body: CountriesRequest,
        response: { 200: Type.Array(CountryItem), ...errors(400) },
      },
    },
    async (request, reply) => {
      const region = regionKeyOf(request.body.region);
      if (!region) throw new HttpError(400, marketMessages.unknownRegion(request.body.region));
      return sendJson(request, reply, await cache.json(`countries:${region}`, () => market.countriesOf(region)));
    },
  );

  app.post(
    '/search',
    {
      schema: {
        summary: 'Listings for sale in a country ({COUNTRY}) or a US state ({METHOD: search, COUNTRY, STATE})',
        body: SearchBody,
        response: { 200: Type.Array(ProxyListing), ...errors(400) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ((body.METHOD === undefined) !== (body.STATE === undefined)) throw new HttpError(400, marketMessages.stateSearch);
      const country = body.COUNTRY.toUpperCase();
      const state = body.STATE ?? null;
      const key = `search:${country}:${state ?? ''}`;
      return sendJson(request, reply, await cache.text(key, () => market.searchJson(country, state, new Date())));
    },
  );

  app.post(
    '/find',
    {
      schema: {
        summary: `Listings for sale anywhere whose city, ISP, ZIP, domain or IP starts with q (case-insensitive); at most ${FIND_LIMIT}, freshest first`,
        body: FindRequest,
        response: { 200: Type.Array(ProxyListing), ...errors(400) },
      },
    },
    async (request, reply) => {
      const query = request.body.q.trim();
      if (query.length < FIND_MIN_LENGTH) throw new HttpError(400, marketMessages.findTooShort);
      const key = `find:${query.toLowerCase()}`;
      return sendJson(request, reply, await cache.text(key, () => market.findJson(query, FIND_LIMIT, new Date())));
    },
  );

  app.post(
    '/availability',
    {
      schema: {
        summary: 'Which of these listings (a cart) can no longer be bought: sold, offline or gone',
        body: AvailabilityRequest,
        response: { 200: AvailabilityResponse, ...errors(400) },
      },
    },
    async (request): Promise<AvailabilityResponse> => ({ unavailable: await market.unavailableOf(request.body.ID) }),
  );

  app.post(
    '/info',
    {
      schema: {
        summary: 'One listing, in a list (with port and credentials when it is yours)',
        body: ProxyInfoRequest,
        response: { 200: Type.Array(ProxyListing), ...errors(400, 404) },
      },
    },
    async (request): Promise<ProxyListing[]> => {
      const user = currentUser(request);
      const listing = await market.listingInfo(request.body.ID, user.id, new Date());
      if (!listing) throw new HttpError(404, marketMessages.notFound(request.body.ID));
      return [listing];
    },
  );

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
      const { count, kind, country, state, maxPrice } = request.body;
      const wanted = { count, kind, country, ...(state === undefined ? {} : { state }), ...(maxPrice === undefined ? {} : { maxPriceCents: Math.round(maxPrice * 100) }) };
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

export default proxy;
