// Row types of the marketplace tables (migrations/0002_marketplace.sql). Marketplace queries go through
// `marketDb(db)`, which adds these tables to the app's Schema (db/schema.ts) for the query builder.
import type { ColumnType, Generated } from 'kysely';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { RegionKey } from './demo-geography.ts';

export type ProxyListingsTable = {
  id: Generated<number>;
  source: string;
  source_ref: string;
  real_ip: string;
  dns_ip: string;
  domain: string;
  region_key: RegionKey;
  ct: string;
  country: string;
  state: string;
  city: string;
  zip: string;
  latitude: number;
  time_zone: string;
  isp: string;
  user_type: string;
  speed: number;
  ping: number;
  added_at: Date;
  base_cents: number;
  fresh_cents: number;
  sbl_black: 0 | 1;
  xbl_black: 0 | 1;
  css_black: 0 | 1;
  pbl_black: 0 | 1;
  online: boolean;
  leased_until: Date | null;
  /** How the gateway carries the listing's traffic (migrations/0004_gateway.sql). */
  exit_kind: ColumnType<'direct' | 'socks5', 'direct' | 'socks5' | undefined, 'direct' | 'socks5'>;
  exit_host: ColumnType<string | null, string | null | undefined, string | null>;
  exit_port: ColumnType<number | null, number | null | undefined, number | null>;
  exit_login: ColumnType<string | null, string | null | undefined, string | null>;
  exit_pass: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Client networks that may use the lease without its login:pass (the owner's IP allow-list). */
  allow_cidrs: ColumnType<string[], string[] | undefined, string[]>;
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
  proxy_lease_usage: ProxyLeaseUsageTable;
};

export type MarketDb = Kysely<Schema & MarketTables>;

export function marketDb(db: Kysely<Schema>): MarketDb {
  return db.withTables<MarketTables>() as unknown as MarketDb;
}
