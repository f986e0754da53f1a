// Wire contract between the portal and the API (SPEC §3, §7). Money on the wire is dollars as numbers;
// the API keeps integer cents inside. Both sides import these types, so a change here breaks the build
// of whichever side falls behind.

export interface ErrorBody {
  message: string;
}

export interface UserInfo {
  _id: string;
  username: string;
  email: string;
}

export interface UserDetails extends UserInfo {
  balance: number;
}

export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
}
export interface RegisterResponse {
  userInfo: UserInfo;
  message: string;
}

/** GET /api/auth/challenge: a signed ALTCHA proof-of-work challenge (v2 format), fetched by the widget. */
export interface CaptchaChallenge {
  parameters: Record<string, unknown>;
  signature: string;
}

/** An ALTCHA payload (base64 JSON of the solved challenge) as produced by the widget. */
export type CaptchaSolution = string;

export interface VerifyCaptchaRequest {
  token: CaptchaSolution;
}
export interface VerifyCaptchaResponse {
  success: boolean;
}

export interface LoginRequest {
  username: string;
  password: string;
  captcha: CaptchaSolution;
}
export interface LoginResponse {
  token: string;
  userInfo: UserInfo;
}

export interface ForgotPasswordRequest {
  email: string;
}
export interface ResetPasswordRequest {
  password: string;
}
export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
}
export interface MessageResponse {
  message: string;
}

export interface HealthResponse {
  status: 'ok';
}

/** GET /remotes.json: federation name -> manifest URL. */
export type RemoteMap = Record<string, string>;

/** Socket.io event the server emits to a user's room when their balance changed. */
export interface BalanceEvent {
  _id: string;
}
export const BALANCE_EVENT = 'balance';

/** 1 means the address is on that Spamhaus list. */
export type BlacklistFlag = 0 | 1;

/** SPEC §3 proxy listing (marketplace). After purchase it gains port, socks_auth and sold. */
export interface ProxyListing {
  id: string;
  sock_real_ip: string;
  domain: string;
  dns_ip: string;
  region: string;
  city: string;
  isp: string;
  zip: string;
  speed: number;
  ping: number;
  user_type: string;
  added_days_ago: number;
  price: number;
  latitude: number;
  img: string;
  country: string;
  ct: string;
  time_zone: string;
  sbl_black: BlacklistFlag;
  xbl_black: BlacklistFlag;
  css_black: BlacklistFlag;
  pbl_black: BlacklistFlag;
  port?: number;
  socks_auth?: string;
  sold?: boolean;
}

// ---- Payments (SPEC §2 Payments, §3 top-up and expense records, §7 orders; ARCHITECTURE decision 7) ----

/**
 * ARCHITECTURE decision 7, in dollars: a user without a completed top-up deposits at least $50, later
 * top-ups at least $20, never more than $10,000 per order. The API enforces these and the page explains
 * them; both read them from here.
 */
export const TOPUP_RULES = { firstMinimum: 50, minimum: 20, maximum: 10_000 } as const;

/** POST /api/orders. `amount` in dollars with at most two decimals. */
export interface CreateOrderRequest {
  amount: number;
  currency: 'USD';
}

/**
 * POST /api/orders answers 201 with the checkout URL as the whole body (SPEC §7: "the response body is a
 * URL"), JSON-encoded: `"https://pay.example/i/abc"`. The page sends the browser there with
 * `window.location.assign`. Refusals (amount rules, provider down) are 4xx/502 with `{message}`.
 */
export type CreateOrderResponse = string;

export type OrderStatus = 'pending' | 'completed' | 'failed';

/** GET /api/orders/{userId}: the signed-in user's orders, newest first. */
export interface OrderRecord {
  _id: string;
  /** Dollars. */
  amount: number;
  currency: 'USD';
  status: OrderStatus;
  provider: 'btcpay' | 'sandbox';
  /** The payment processor's invoice id (the transaction id shown to the user); null until created. */
  invoiceId: string | null;
  createdAt: string;
  completedAt: string | null;
}

/**
 * GET /api/payments/topups/{userId}: every top-up order of the signed-in user, newest first, with its
 * status; the page lists the 'completed' ones only (SPEC §2), pending and failed ones are for support.
 */
export interface TopupRecord {
  _id: string;
  /** Dollars. */
  amount: number;
  status: OrderStatus;
  createdAt: string;
}

/**
 * GET /api/payments/expenses: the signed-in user's purchases and renewals from the ledger, newest first.
 * `buy_price` is the positive amount paid in dollars; the page shows it negative.
 */
export interface ExpenseRecord {
  id: string;
  added_timestamp: string;
  proxy: string;
  buy_price: number;
}

// ---- Marketplace (SPEC §3, §7; ARCHITECTURE decision 6). All under /api, signed in. ----

/** GET /proxy/region: one per tab, `name` as the tab shows it (SPEC §3 tab table), `count` listings for sale. */
export interface RegionCount {
  name: string;
  count: number;
}

/** GET /proxy/states: US states with listings for sale. */
export interface StateCount {
  state: string;
  cnt: number;
}

/** POST /proxy/region: `region` is the tab's `as` (USA and America share the code US). */
export interface CountriesRequest {
  region: string;
}

/** POST /proxy/region answer: a country with its flag (`img`: ISO code) and how many listings are online. */
export interface CountryItem {
  ct: string;
  online: number;
  img: string;
  /** The country's name, for people who do not read ISO codes. */
  country: string;
}

/** POST /proxy/search: `{COUNTRY}` for a country, `{METHOD:'search', COUNTRY, STATE}` for a US state. */
export type SearchRequest = { COUNTRY: string } | { METHOD: 'search'; COUNTRY: string; STATE: string };

/** POST /proxy/info -> a list holding the one proxy. */
export interface ProxyInfoRequest {
  METHOD: 'proxy';
  ID: string;
}

/** POST /proxy/buy: all listed proxies or none. */
export interface BuyRequest {
  ID: string[];
}
/** At most this many proxies in one purchase. */
export const MAX_PROXIES_PER_PURCHASE = 100;

/** One bought proxy: its lease's port and `login:pass`. */
export interface PurchaseItem {
  ID: string;
  PORT: number;
  SOCKS_AUTH: string;
}

/** GET /proxy/my: the signed-in user's active proxies, `proxy` as ip:port, `socks_auth` as login:pass. */
export interface OwnProxy {
  proxy: string;
  socks_auth: string;
}

/** GET /proxy/balance, in dollars. */
export interface BalanceResponse {
  balance: number;
}
