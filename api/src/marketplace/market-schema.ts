// Row types of the marketplace tables (migrations/0002_marketplace.sql, 0005_history_renewal.sql, 0015_exits.sql). Marketplace queries go through
// `marketDb(db)`, which adds these tables to the app's Schema (db/schema.ts) for the query builder.
import type { ColumnType, Generated } from 'kysely';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { RegionKey } from './demo-geography.ts';

/** A listing's region: one of the six tabs, or 'Unknown' for an exit not located yet (in no tab). */
export type ListingRegionKey = RegionKey | 'Unknown';

export type ProxyListingsTable = {
  id: Generated<number>;
  /** The exit this listing sells (migrations/0015_exits.sql): one listing per exit. */
  exit_id: number;
  real_ip: string;
  dns_ip: string;
  domain: string;
  region_key: ListingRegionKey;
  ct: string;
  country: string;
  state: string;
  city: string;
  zip: string;
  latitude: number;
  /** Null: not located yet (migration 0076). */
  longitude: number | null;
  time_zone: string;
  isp: string;
  user_type: string;
  /** Mbit/s and ms; null: not measured yet (an imported exit before its checks). */
  speed: number | null;
  ping: number | null;
  /** The exit's uptime over 7 days in percent (the checker refreshes it); null: not measured yet. */
  uptime_7d: number | null;
  added_at: Date;
  base_cents: number;
  fresh_cents: number;
  /** null: unknown (not asked yet, or the DNSBL gave no answer). */
  sbl_black: 0 | 1 | null;
  xbl_black: 0 | 1 | null;
  css_black: 0 | 1 | null;
  pbl_black: 0 | 1 | null;
  /** The exit address the location was read for, and when (migration 0037); null: as imported. */
  location_ip: string | null;
  location_at: Date | null;
  blacklists_checked_at: Date | null;
  /** Since when the exit is on SBL, XBL or CSS (migration 0039); null: not listed as far as an answer says. */
  blacklisted_since: Date | null;
  /** Follows the exit's state (a trigger of migration 0015): true while the exit is online. */
  online: boolean;
  leased_until: Date | null;
};

export type ProxyLeasesTable = {
  id: Generated<number>;
  user_id: string;
  listing_id: number;
  port: number;
  socks_auth: string;
  price_cents: number;
  starts_at: Date;
  expires_at: Date;
  renew: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** migrations/0005: when the lease ended for good; null while paid or waiting for its exit. */
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** migrations/0005: the period end whose low-balance warning was mailed. */
  renewal_notice_for: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Client networks that may use the lease without its login:pass (the owner's IP allow-list). */
  allow_cidrs: ColumnType<string[], string[] | undefined, string[]>;
};

/** migrations/0005: one row per renewal, keyed by the period it follows. */
export type LeaseRenewalsTable = {
  lease_id: number;
  period_end: Date;
  renewed_at: Date;
  expires_at: Date;
  price_cents: number;
  ledger_id: number;
};

/** Traffic per lease, added to by the gateways in batches. */
export type ProxyLeaseUsageTable = {
  lease_id: number;
  bytes_up: number;
  bytes_down: number;
  connections: number;
  updated_at: Date;
};

export type MarketTables = {
  proxy_listings: ProxyListingsTable;
  proxy_leases: ProxyLeasesTable;
  lease_renewals: LeaseRenewalsTable;
  proxy_lease_usage: ProxyLeaseUsageTable;
};

export type MarketDb = Kysely<Schema & MarketTables>;

export function marketDb(db: Kysely<Schema>): MarketDb {
  return db.withTables<MarketTables>() as unknown as MarketDb;
}
