// /api/proxy on the wire: the marketplace. Prices are dollars; listings carry the field names the
// marketplace page has always used.
import Type, { type Static } from 'typebox';
import { FIND_MAX_LENGTH, FIND_MIN_LENGTH, MAX_PROXIES_PER_PURCHASE } from 'contract/limits';

/** 1 means the address is on that Spamhaus list, 0 that it is not; null: unknown (not asked yet, or no answer). */
const BlacklistFlag = Type.Union([Type.Literal(0), Type.Literal(1), Type.Null()]);
export type BlacklistFlag = Static<typeof BlacklistFlag>;

/** What the shop knows of an exit's address, on a listing and on a lease alike: blacklists and location. */
export const ExitEvidence = {
  sbl_black: BlacklistFlag,
  xbl_black: BlacklistFlag,
  css_black: BlacklistFlag,
  pbl_black: BlacklistFlag,
  /** Where the location comes from: the exit address it was read for, and when (null: as imported). */
  location_ip: Type.Union([Type.String(), Type.Null()]),
  location_at: Type.Union([Type.String(), Type.Null()]),
  /** When the blacklists last answered (null: never). */
  blacklists_checked_at: Type.Union([Type.String(), Type.Null()]),
};

/**
 * How the listing's exit fared (POST /proxy/info only): its uptime over 24 hours and 7 days (percent of its
 * checks that passed), the median ping of its checks over 7 days, and how long ago it was last checked. null:
 * not measured (no checks in that window; the demo catalogue's exits are never checked).
 */
export const ListingHealth = Type.Object({
  uptime_24h: Type.Union([Type.Number(), Type.Null()]),
  uptime_7d: Type.Union([Type.Number(), Type.Null()]),
  ping_p50: Type.Union([Type.Number(), Type.Null()]),
  checked_seconds_ago: Type.Union([Type.Integer(), Type.Null()]),
});
export type ListingHealth = Static<typeof ListingHealth>;

/**
 * One proxy listing. `region` is the US state (or the area elsewhere), `img` the lower-case ISO code of the
 * flag. After purchase the buyer's view gains `port`, `socks_auth` and `sold`. The API builds the search
 * answer in SQL from the same field list (marketplace/listing-fields.ts), so a field changes in one schema
 * and one query.
 */
export const ProxyListing = Type.Object({
  id: Type.String(),
  sock_real_ip: Type.String(),
  domain: Type.String(),
  dns_ip: Type.String(),
  region: Type.String(),
  city: Type.String(),
  isp: Type.String(),
  zip: Type.String(),
  /** Mbit/s; null: not measured yet. */
  speed: Type.Union([Type.Number(), Type.Null()]),
  /** ms; null: not measured yet. */
  ping: Type.Union([Type.Number(), Type.Null()]),
  /** The exit's uptime over the last 7 days, percent; null: not measured yet. */
  uptime: Type.Union([Type.Number(), Type.Null()]),
  user_type: Type.String(),
  added_days_ago: Type.Integer(),
  price: Type.Number(),
  latitude: Type.Number(),
  /** Null: the exit is not located yet (the distance filter then leaves it out). */
  longitude: Type.Union([Type.Number(), Type.Null()]),
  img: Type.String(),
  country: Type.String(),
  ct: Type.String(),
  time_zone: Type.String(),
  ...ExitEvidence,
  port: Type.Optional(Type.Integer()),
  socks_auth: Type.Optional(Type.String()),
  /** After purchase: the endpoint to connect to, `gateway-host:port`. */
  proxy: Type.Optional(Type.String()),
  sold: Type.Optional(Type.Boolean()),
  health: Type.Optional(ListingHealth),
});
export type ProxyListing = Static<typeof ProxyListing>;

/** GET /proxy/region: one per tab, `name` as the tab shows it, `count` listings for sale. */
export const RegionCount = Type.Object({ name: Type.String(), count: Type.Integer() });
export type RegionCount = Static<typeof RegionCount>;

/** GET /proxy/states: US states with listings for sale. */
/** GET /api/proxy/from-prices: the landing page's "from $X" figures (contract/starting-prices), dollars or null. */
const FromPrice = Type.Union([Type.Number(), Type.Null()]);
export const StartingPricesResponse = Type.Object({ any: FromPrice, Mobile: FromPrice, Residential: FromPrice, Datacenter: FromPrice });

export const StateCount = Type.Object({ state: Type.String(), cnt: Type.Integer() });
export type StateCount = Static<typeof StateCount>;

/** POST /proxy/region: `region` is the tab's `as` (USA and America share the code US). */
export const CountriesRequest = Type.Object({ region: Type.String({ maxLength: 40 }) });
export type CountriesRequest = Static<typeof CountriesRequest>;

/** A country with its flag (`img`: ISO code), how many listings are online, and its name. */
export const CountryItem = Type.Object({ ct: Type.String(), online: Type.Integer(), img: Type.String(), country: Type.String() });
export type CountryItem = Static<typeof CountryItem>;

const CountryCode = Type.String({ pattern: '^[A-Za-z]{2}$' });
const ListingId = Type.String({ pattern: '^[1-9][0-9]{0,14}$' });

/**
 * POST /proxy/search: `{COUNTRY}` for a country, `{METHOD:'search', COUNTRY, STATE}` for a US state. The
 * schema accepts METHOD and STATE separately; the API refuses one without the other with a clear message.
 */
export const SearchBody = Type.Object({
  METHOD: Type.Optional(Type.Literal('search')),
  COUNTRY: CountryCode,
  STATE: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
/** What the client sends: METHOD and STATE come together. */
export type SearchRequest = { COUNTRY: string } | { METHOD: 'search'; COUNTRY: string; STATE: string };

/** POST /proxy/info -> a list holding the one proxy. */
export const ProxyInfoRequest = Type.Object({ METHOD: Type.Literal('proxy'), ID: ListingId });
export type ProxyInfoRequest = Static<typeof ProxyInfoRequest>;

/**
 * POST /proxy/find: listings for sale anywhere whose city, ISP, ZIP, domain or IP starts with `q`
 * (case-insensitive), without choosing a country or state first; freshest first, at most FIND_LIMIT.
 */
export const FindRequest = Type.Object({ q: Type.String({ minLength: FIND_MIN_LENGTH, maxLength: FIND_MAX_LENGTH }) });
export type FindRequest = Static<typeof FindRequest>;

/** POST /proxy/buy: all listed proxies or none. */
export const BuyRequest = Type.Object({
  ID: Type.Array(ListingId, { minItems: 1, maxItems: MAX_PROXIES_PER_PURCHASE, uniqueItems: true }),
});
export type BuyRequest = Static<typeof BuyRequest>;

/**
 * Kinds of proxy a quantity buy names, as customers name them, and the catalogue's line types in each.
 * Residential is the table's 'Residential only' set.
 */
export const PROXY_KINDS = {
  Residential: ['ISP', 'MOB', 'COM', 'ISP/MOB', '-'],
  Mobile: ['MOB', 'ISP/MOB'],
  Datacenter: ['DCH', 'CDN'],
} as const satisfies Record<string, readonly string[]>;
export type ProxyKind = keyof typeof PROXY_KINDS;

/**
 * POST /proxy/buy-matching: a quantity buy, "5 Residential in Texas". The API picks the best online listings
 * for sale that match (lowest ping first, then highest speed) and buys `count` of them or none.
 */
export const BuyMatchingRequest = Type.Object({
  count: Type.Integer({ minimum: 1, maximum: MAX_PROXIES_PER_PURCHASE }),
  /** A kind of PROXY_KINDS, or 'any'. */
  kind: Type.Union([Type.Literal('any'), Type.Literal('Residential'), Type.Literal('Mobile'), Type.Literal('Datacenter')]),
  /** ISO country code, upper case (the listings' `ct`). */
  country: Type.String({ pattern: '^[A-Z]{2}$' }),
  /** A state (or area) of that country; none: anywhere in it. */
  state: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** Dollars: no listing dearer than this. */
  maxPrice: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000 })),
});
export type BuyMatchingRequest = Static<typeof BuyMatchingRequest>;

/**
 * One bought proxy: its lease's port and `login:pass`, and `PROXY`, the endpoint that carries it
 * (`gateway-host:PORT`; the listing's `sock_real_ip` is the exit the destination sees, not where to connect).
 * The page shows it as it is and never rebuilds it.
 */
export const PurchaseItem = Type.Object({ ID: Type.String(), PORT: Type.Integer(), SOCKS_AUTH: Type.String(), PROXY: Type.String() });
export type PurchaseItem = Static<typeof PurchaseItem>;

/**
 * POST /proxy/availability: which of these listings (a cart) can no longer be bought.
 * @alias the same body as a purchase, named for its route
 */
export const AvailabilityRequest = BuyRequest;
export type AvailabilityRequest = BuyRequest;
export const AvailabilityResponse = Type.Object({ unavailable: Type.Array(Type.String()) });
export type AvailabilityResponse = Static<typeof AvailabilityResponse>;

/**
 * A refused purchase. When listings were taken meanwhile (409), `unavailable` names every one of them by id,
 * so the page can drop them from the cart and buy the rest; nothing of the refused request was bought.
 */
export const PurchaseRefusal = Type.Object({ message: Type.String(), unavailable: Type.Optional(Type.Array(Type.String())) });
export type PurchaseRefusal = Static<typeof PurchaseRefusal>;

/** GET /proxy/my: an active proxy of the signed-in user, `proxy` as gateway-host:port, `socks_auth` as login:pass. */
export const OwnProxy = Type.Object({ proxy: Type.String(), socks_auth: Type.String() });
export type OwnProxy = Static<typeof OwnProxy>;

/** GET /proxy/balance, in dollars. */
export const BalanceResponse = Type.Object({ balance: Type.Number() });
export type BalanceResponse = Static<typeof BalanceResponse>;

/** GET /proxy/usage/{historyId}: a lease's path parameter (the history item's `history_id`). */
export const LeaseUsageParams = Type.Object({ historyId: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }) });
export type LeaseUsageParams = Static<typeof LeaseUsageParams>;

/**
 * Traffic the gateway carried for one of the user's leases (History detail panel): bytes from the client
 * to destinations (`bytes_up`), back (`bytes_down`), connections relayed, and when the gateway last wrote
 * (null: no traffic yet). Written in batches about once a second.
 */
export const LeaseUsage = Type.Object({
  history_id: Type.String(),
  bytes_up: Type.Integer(),
  bytes_down: Type.Integer(),
  connections: Type.Integer(),
  updated_at: Type.Union([Type.String(), Type.Null()]),
});
export type LeaseUsage = Static<typeof LeaseUsage>;
