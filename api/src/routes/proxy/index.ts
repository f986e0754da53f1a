// /api/proxy: the marketplace (SPEC §7 Proxy calls; ARCHITECTURE decisions 3 and 6). Everything is signed in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BalanceResponse, ProxyListing, PurchaseItem } from 'contract/marketplace';
import { MAX_PROXIES_PER_PURCHASE } from 'contract/limits';
import { authMessages } from 'shared/validation/auth-rules';
import Type from 'typebox';
import { HttpError } from '../../http/errors.ts';
import { bearerAuth, errors } from '../../http/schemas.ts';
import type { CachedBody, MarketCache } from '../../marketplace/market-cache.ts';
import {
  balanceCents,
  buyProxies,
  countriesOf,
  listingInfo,
  marketMessages,
  ownProxies,
  regionCounts,
  regionKeyOf,
  searchJson,
  stateCounts,
} from '../../marketplace/marketplace-repository.ts';
import { currentUser } from '../../plugins/auth.ts';

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const ProxyListingSchema = Type.Object({
  id: Type.String(),
  sock_real_ip: Type.String(),
  domain: Type.String(),
  dns_ip: Type.String(),
  region: Type.String(),
  city: Type.String(),
  isp: Type.String(),
  zip: Type.String(),
  speed: Type.Number(),
  ping: Type.Number(),
  user_type: Type.String(),
  added_days_ago: Type.Integer(),
  price: Type.Number(),
  latitude: Type.Number(),
  img: Type.String(),
  country: Type.String(),
  ct: Type.String(),
  time_zone: Type.String(),
  sbl_black: Flag,
  xbl_black: Flag,
  css_black: Flag,
  pbl_black: Flag,
  port: Type.Optional(Type.Integer()),
  socks_auth: Type.Optional(Type.String()),
  sold: Type.Optional(Type.Boolean()),
});

const CountryCode = Type.String({ pattern: '^[A-Za-z]{2}$' });
const ListingId = Type.String({ pattern: '^[1-9][0-9]{0,14}$' });

/** `{COUNTRY}`, or `{METHOD:'search', COUNTRY, STATE}` for a US state: METHOD and STATE come together. */
const SearchBody = Type.Object({
  METHOD: Type.Optional(Type.Literal('search')),
  COUNTRY: CountryCode,
  STATE: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

/** Sends JSON the cache already serialised, gzipped when the client accepts it and it is worth it. */
function sendJson(request: FastifyRequest, reply: FastifyReply, body: CachedBody): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (body.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.text);
}

const proxy: FastifyPluginAsyncTypebox<{ cache: MarketCache }> = async (app, { cache }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/region',
    {
      schema: {
        summary: 'Listings for sale per region tab',
        security: bearerAuth,
        response: { 200: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })), ...errors(401) },
      },
    },
    async (request, reply) => sendJson(request, reply, await cache.json('regions', () => regionCounts(app.db))),
  );

  app.get(
    '/states',
    {
      schema: {
        summary: 'US states with listings for sale',
        security: bearerAuth,
        response: { 200: Type.Array(Type.Object({ state: Type.String(), cnt: Type.Integer() })), ...errors(401) },
      },
    },
    async (request, reply) => sendJson(request, reply, await cache.json('states', () => stateCounts(app.db))),
  );

  app.post(
    '/region',
    {
      schema: {
        summary: "A region tab's countries with flag and online count (region: the tab's `as`, e.g. USA or America)",
        security: bearerAuth,
        body: Type.Object({ region: Type.String({ maxLength: 40 }) }),
        response: {
          200: Type.Array(Type.Object({ ct: Type.String(), online: Type.Integer(), img: Type.String(), country: Type.String() })),
          ...errors(400, 401),
        },
      },
    },
    async (request, reply) => {
      const region = regionKeyOf(request.body.region);
      if (!region) throw new HttpError(400, marketMessages.unknownRegion(request.body.region));
      return sendJson(request, reply, await cache.json(`countries:${region}`, () => countriesOf(app.db, region)));
    },
  );

  app.post(
    '/search',
    {
      schema: {
        summary: 'Listings for sale in a country ({COUNTRY}) or a US state ({METHOD: search, COUNTRY, STATE})',
        security: bearerAuth,
        body: SearchBody,
        response: { 200: Type.Array(ProxyListingSchema), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ((body.METHOD === undefined) !== (body.STATE === undefined)) throw new HttpError(400, marketMessages.stateSearch);
      const country = body.COUNTRY.toUpperCase();
      const state = body.STATE ?? null;
      const key = `search:${country}:${state ?? ''}`;
      return sendJson(request, reply, await cache.text(key, () => searchJson(app.db, country, state, new Date())));
    },
  );

  app.post(
    '/info',
    {
      schema: {
        summary: 'One listing, in a list (with port and credentials when it is yours)',
        security: bearerAuth,
        body: Type.Object({ METHOD: Type.Literal('proxy'), ID: ListingId }),
        response: { 200: Type.Array(ProxyListingSchema), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const listing = await listingInfo(app.db, request.body.ID, user.id, new Date());
      if (!listing) throw new HttpError(404, marketMessages.notFound(request.body.ID));
      const body: ProxyListing[] = [listing];
      return body;
    },
  );

  app.post(
    '/buy',
    {
      schema: {
        summary: 'Buy proxies for 24 hours: all of them or none, paid from the balance',
        security: bearerAuth,
        body: Type.Object({
          ID: Type.Array(ListingId, { minItems: 1, maxItems: MAX_PROXIES_PER_PURCHASE, uniqueItems: true }),
        }),
        response: {
          200: Type.Array(Type.Object({ ID: Type.String(), PORT: Type.Integer(), SOCKS_AUTH: Type.String() })),
          ...errors(400, 401, 402, 404, 409),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const bought: PurchaseItem[] = await buyProxies(app.db, user.id, request.body.ID);
      cache.clear();
      app.notifyBalance(user.id);
      return bought;
    },
  );

  app.get(
    '/my',
    {
      schema: {
        summary: "The signed-in user's active proxies as ip:port with login:pass",
        security: bearerAuth,
        response: { 200: Type.Array(Type.Object({ proxy: Type.String(), socks_auth: Type.String() })), ...errors(401) },
      },
    },
    async (request) => ownProxies(app.db, currentUser(request).id, new Date()),
  );

  app.get(
    '/balance',
    {
      schema: {
        summary: "The signed-in user's balance in dollars",
        security: bearerAuth,
        response: { 200: Type.Object({ balance: Type.Number() }), ...errors(401) },
      },
    },
    async (request) => {
      const cents = await balanceCents(app.db, currentUser(request).id);
      if (cents === null) throw new HttpError(401, authMessages.sessionEnded);
      const body: BalanceResponse = { balance: cents / 100 };
      return body;
    },
  );
};

export default proxy;
