// /api/proxy: the marketplace. Counts, country lists and searches come from the read cache as ready JSON.
// Beside this file: the distance filter's places (place.ts), the landing's starting prices (from-prices.ts),
// buying (purchases.ts) and the signed-in user's own proxies and balance (own.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AvailabilityRequest,
  AvailabilityResponse,
  CountriesRequest,
  CountryItem,
  FindRequest,
  ProxyInfoRequest,
  ProxyListing,
  RegionCount,
  SearchBody,
  StateCount,
} from 'contract/marketplace';
import { FIND_LIMIT, FIND_MIN_LENGTH } from 'contract/limits';
import Type from 'typebox';
import { HttpError } from '../../../http/errors.ts';
import { sendJson } from '../../../http/json-body.ts';
import { errors } from '../../../http/schemas.ts';
import { cachedSearch } from '../../../marketplace/market-cache.ts';
import { marketMessages } from '../../../marketplace/market-messages.ts';
import { regionKeyOf } from '../../../marketplace/market-reads.ts';
import { currentUser } from '../../../plugins/auth.ts';

const proxy: FastifyPluginAsyncTypebox = async (app) => {
  const { market } = app.repositories;
  const cache = app.marketCache;

  app.get(
    '/region',
    { schema: { summary: 'Listings for sale per region tab', response: { 200: Type.Array(RegionCount) } } },
    async (request, reply) => sendJson(request, reply, await cache.json('regions', () => market.regionCounts())),
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
      return sendJson(request, reply, await cachedSearch(cache, market, country, state));
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
};

export default proxy;
