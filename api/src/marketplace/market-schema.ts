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
};

export type MarketTables = {
  proxy_listings: ProxyListingsTable;
  proxy_leases: ProxyLeasesTable;
};

export type MarketDb = Kysely<Schema & MarketTables>;

export function marketDb(db: Kysely<Schema>): MarketDb {
  return db.withTables<MarketTables>() as unknown as MarketDb;
}
