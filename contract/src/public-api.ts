// The public API for customers' own software (/api/v1) on the wire. Money is in dollars, times are ISO 8601
// UTC. Errors are problem details (RFC 9457) with a stable `code`.
import Type, { type Static } from 'typebox';
import { MAX_PROXIES_PER_PURCHASE } from 'contract/limits';

export const V1_PREFIX = '/api/v1';

/** Stable error codes of /api/v1, one per kind of refusal; scripts branch on these, not on the words. */
export const PROBLEM_CODES = [
  'invalid_key',
  'missing_scope',
  'rate_limited',
  'invalid_request',
  'idempotency_key_reused',
  'not_found',
  'insufficient_funds',
  'listings_unavailable',
  'not_enough_matches',
  'proxy_ended',
  'proxy_not_dead',
  'proxy_refunded',
  'no_replacement',
  'no_free_port',
  'service_unavailable',
  'internal_error',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.Enum(PROBLEM_CODES),
    /** The request field that is wrong (400), e.g. `listingIds[2]` or `template`. */
    field: Type.Optional(Type.String()),
    /** Listings taken meanwhile (409 listings_unavailable). */
    unavailable: Type.Optional(Type.Array(Type.String())),
  },
  {
    examples: [
      { type: 'urn:private-sock5:problem:missing_scope', title: 'Missing scope', status: 403, detail: 'This key lacks the buy scope.', code: 'missing_scope' },
    ],
  },
);
export type Problem = Static<typeof Problem>;

export const V1Proxy = Type.Object(
  {
    /** The lease id (the history id of the portal). */
    id: Type.String(),
    listingId: Type.String(),
    host: Type.String(),
    port: Type.Integer(),
    login: Type.String(),
    password: Type.String(),
    /** `host:port`, where to connect. */
    endpoint: Type.String(),
    expiresAt: Type.String(),
    /** Paid until expiresAt; false while an auto-renewal waits for the proxy to come back or for funds. */
    paid: Type.Boolean(),
    autoRenew: Type.Boolean(),
    online: Type.Boolean(),
    /** Percent of checks passed over 7 days; null: not measured yet. */
    uptime7d: Type.Union([Type.Number(), Type.Null()]),
    country: Type.String(),
    state: Type.String(),
    city: Type.String(),
    isp: Type.String(),
    type: Type.String(),
    /** What the lease cost, dollars. */
    price: Type.Number(),
  },
  {
    examples: [
      {
        id: '412',
        listingId: '90311',
        host: 'gw.example.com',
        port: 20412,
        login: 'k3j9s',
        password: 'p8d2q',
        endpoint: 'gw.example.com:20412',
        expiresAt: '2026-11-27T09:00:00.000Z',
        paid: true,
        autoRenew: false,
        online: true,
        uptime7d: 99.2,
        country: 'US',
        state: 'Texas',
        city: 'Austin',
        isp: 'Spectrum',
        type: 'ISP',
        price: 0.9,
      },
    ],
  },
);
export type V1Proxy = Static<typeof V1Proxy>;

export const V1ProxiesResponse = Type.Object({ proxies: Type.Array(V1Proxy) });
export type V1ProxiesResponse = Static<typeof V1ProxiesResponse>;

export const DOWNLOAD_FORMATS = ['txt', 'csv', 'json'] as const;
export const DEFAULT_TXT_TEMPLATE = '{login}:{password}@{host}:{port}';
/** Placeholders a txt template may use. */
export const TEMPLATE_FIELDS = ['id', 'host', 'port', 'login', 'password', 'endpoint', 'expires_at', 'country', 'state', 'city'] as const;

export const DownloadQuery = Type.Object({
  format: Type.Optional(Type.String({ maxLength: 8, description: 'txt (default), csv or json', examples: ['txt'] })),
  template: Type.Optional(
    Type.String({ maxLength: 200, description: `txt only: one line per proxy; placeholders ${TEMPLATE_FIELDS.map((field) => `{${field}}`).join(' ')}`, examples: [DEFAULT_TXT_TEMPLATE] }),
  ),
});
export type DownloadQuery = Static<typeof DownloadQuery>;

/** The dashboard's filters, as query parameters (all optional but the country). */
export const MarketSearchQuery = Type.Object({
  country: Type.String({ maxLength: 2, description: 'ISO code, e.g. US', examples: ['US'] }),
  state: Type.Optional(Type.String({ maxLength: 60, description: 'US state, e.g. Texas', examples: ['Texas'] })),
  city: Type.Optional(Type.String({ maxLength: 100 })),
  isp: Type.Optional(Type.String({ maxLength: 100 })),
  zip: Type.Optional(Type.String({ maxLength: 20 })),
  domain: Type.Optional(Type.String({ maxLength: 100 })),
  ip: Type.Optional(Type.String({ maxLength: 45 })),
  type: Type.Optional(Type.String({ maxLength: 10, description: 'ISP, MOB, ISP/MOB, COM, DCH, EDU, CDN, -, LIB or ORG' })),
  addedWithinDays: Type.Optional(Type.String({ maxLength: 3, description: '0 (today), 3, 7 or 30' })),
  minSpeed: Type.Optional(Type.String({ maxLength: 10, description: 'Mbit/s' })),
  maxPing: Type.Optional(Type.String({ maxLength: 10, description: 'ms' })),
  maxPrice: Type.Optional(Type.String({ maxLength: 10, description: 'dollars', examples: ['1.00'] })),
  residentialOnly: Type.Optional(Type.String({ maxLength: 5, description: 'true or false' })),
  excludeBlacklisted: Type.Optional(Type.String({ maxLength: 5, description: 'true or false' })),
  limit: Type.Optional(Type.String({ maxLength: 4, description: '1-1000, default 100' })),
});
export type MarketSearchQuery = Static<typeof MarketSearchQuery>;

export const V1Listing = Type.Object({
  id: Type.String(),
  ip: Type.String(),
  country: Type.String(),
  state: Type.String(),
  city: Type.String(),
  zip: Type.String(),
  isp: Type.String(),
  domain: Type.String(),
  type: Type.String(),
  speed: Type.Union([Type.Number(), Type.Null()]),
  ping: Type.Union([Type.Number(), Type.Null()]),
  uptime7d: Type.Union([Type.Number(), Type.Null()]),
  addedDaysAgo: Type.Number(),
  price: Type.Number(),
  blacklisted: Type.Boolean(),
});
export type V1Listing = Static<typeof V1Listing>;

export const MarketSearchResponse = Type.Object({ listings: Type.Array(V1Listing), total: Type.Integer() });
export type MarketSearchResponse = Static<typeof MarketSearchResponse>;

export const V1BuyRequest = Type.Object(
  { listingIds: Type.Array(Type.String({ pattern: '^[1-9][0-9]{0,14}$' }), { minItems: 1, maxItems: MAX_PROXIES_PER_PURCHASE, uniqueItems: true }) },
  { examples: [{ listingIds: ['90311', '90312'] }] },
);
export type V1BuyRequest = Static<typeof V1BuyRequest>;

/** Buy by criteria: the best `count` online listings of a kind (lowest ping, then highest speed), all or none. */
export const V1BuyMatchingRequest = Type.Object(
  {
    count: Type.Integer({ minimum: 1, maximum: MAX_PROXIES_PER_PURCHASE }),
    kind: Type.Union([Type.Literal('Residential'), Type.Literal('Mobile'), Type.Literal('Datacenter'), Type.Literal('any')]),
    country: Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO code, e.g. US' }),
    state: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'US state, e.g. Texas' })),
    maxPrice: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000, description: 'dollars per proxy' })),
  },
  { examples: [{ count: 3, kind: 'Residential', country: 'US', state: 'Texas', maxPrice: 1 }] },
);
export type V1BuyMatchingRequest = Static<typeof V1BuyMatchingRequest>;

export const V1BuyResponse = Type.Object({ proxies: Type.Array(V1Proxy), charged: Type.Number(), balance: Type.Number() });
export type V1BuyResponse = Static<typeof V1BuyResponse>;

export const AutoRenewRequest = Type.Object({ enabled: Type.Boolean() }, { examples: [{ enabled: true }] });
export type AutoRenewRequest = Static<typeof AutoRenewRequest>;
export const AutoRenewResponse = Type.Object({ id: Type.String(), autoRenew: Type.Boolean(), expiresAt: Type.String() });
export type AutoRenewResponse = Static<typeof AutoRenewResponse>;

export const V1BalanceResponse = Type.Object({ balance: Type.Number() }, { examples: [{ balance: 12.5 }] });
export type V1BalanceResponse = Static<typeof V1BalanceResponse>;

export const V1AllowlistRequest = Type.Object(
  { addresses: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }) },
  { examples: [{ addresses: ['203.0.113.7', '2001:db8::/48'] }] },
);
export type V1AllowlistRequest = Static<typeof V1AllowlistRequest>;
export const V1AllowlistResponse = Type.Object({ addresses: Type.Array(Type.String()) });
export type V1AllowlistResponse = Static<typeof V1AllowlistResponse>;

/** POST /api/v1/proxies/{id}/replace: the proxy after its dead exit was replaced (same port and login:pass). */
export const V1ReplaceResponse = Type.Object({
  proxy: V1Proxy,
  /** The dead exit's address. */
  previousIp: Type.String(),
  /** The new exit's address. */
  ip: Type.String(),
});
export type V1ReplaceResponse = Static<typeof V1ReplaceResponse>;
