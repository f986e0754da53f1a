// /api/proxy/history and /api/proxy/autorenew on the wire: the customer's leases as history items, and the
// auto-renewal switch. Prices are dollars, times ISO 8601.
import Type, { type Static } from 'typebox';
import { ExitEvidence } from 'contract/marketplace';

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);

/**
 * One lease of the signed-in customer. `id` is the listing, `history_id` the lease. `paid` 1 while the
 * paid period runs; `renew` 1 while auto-renewal is on (paid 0 with renew 1: the period is over and the
 * lease waits, uncharged, for its exit to come back online). `price` is what the current or last period
 * cost, `added_timestamp` when it was bought, `expires_at` when the current or last period ends.
 * `proxy` is the gateway's host:port that serves the lease and `socks_auth` its login:pass; `real_ip` is the
 * exit's address.
 */
export const HistoryItem = Type.Object({
  history_id: Type.String(),
  id: Type.String(),
  real_ip: Type.String(),
  proxy: Type.String(),
  socks_auth: Type.String(),
  img: Type.String(),
  country: Type.String(),
  ct: Type.String(),
  region: Type.String(),
  city: Type.String(),
  zip: Type.String(),
  time_zone: Type.String(),
  domain: Type.String(),
  org: Type.String(),
  isp: Type.String(),
  user_type: Type.String(),
  /** ms; null: not measured yet. */
  ping: Type.Union([Type.Number(), Type.Null()]),
  /** Mbit/s; null: not measured yet. */
  speed: Type.Union([Type.Number(), Type.Null()]),
  dns: Type.String(),
  online: Flag,
  paid: Flag,
  renew: Flag,
  price: Type.Number(),
  added_timestamp: Type.String(),
  expires_at: Type.String(),
  /** How many times the lease was renewed. */
  renewals: Type.Integer(),
  ...ExitEvidence,
});
export type HistoryItem = Static<typeof HistoryItem>;

/** PUT /proxy/autorenew: switch auto-renewal of one of the caller's leases on (1) or off (0). */
export const AutorenewRequest = Type.Object({
  HISTORY_ID: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }),
  ENABLE: Type.Union([Type.Literal(0), Type.Literal(1)]),
});
export type AutorenewRequest = Static<typeof AutorenewRequest>;

/** The lease after the switch. */
export const AutorenewResponse = Type.Object({ history_id: Type.String(), renew: Flag, expires_at: Type.String() });
export type AutorenewResponse = Static<typeof AutorenewResponse>;

/** POST /proxy/history/:id/replace: the lease after its dead exit was replaced (same port and login:pass). */
export const ReplaceResponse = Type.Object({
  history_id: Type.String(),
  /** The new exit's address. */
  real_ip: Type.String(),
  proxy: Type.String(),
  expires_at: Type.String(),
  message: Type.String(),
});
export type ReplaceResponse = Static<typeof ReplaceResponse>;

/** The account setting "replace dead proxies automatically". */
export const AutoReplaceSetting = Type.Object({ enabled: Type.Boolean() });
export type AutoReplaceSetting = Static<typeof AutoReplaceSetting>;
