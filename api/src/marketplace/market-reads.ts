// Reading the market: counts per tab and state, a region's countries, searches, one listing, the user's
// own proxies. Anything for sale is selected with the one `forSale` condition, every listing with `listingJson`.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PROXY_KINDS, type CountryItem, type LeaseUsage, type ListingHealth, type OwnProxy, type ProxyListing, type RegionCount, type StateCount } from 'contract/marketplace';
import type { StartingPrices } from 'contract/starting-prices';
import type { Schema } from '../db/schema.ts';
import { REGIONS, type RegionKey } from './demo-geography.ts';
import { forSale, listingHealth, listingJson } from './listing-sql.ts';
import { listingPriceCents } from './pricing.ts';
import { marketDb } from './market-schema.ts';

/** Region key from what the page sends: the tab's `as` ('Oceania') or its name ('AU,Oceania'). */
export function regionKeyOf(region: string): RegionKey | null {
  return REGIONS.find((r) => r.key === region || r.name === region)?.key ?? null;
}

/** `gatewayHost`: where every lease is served; a lease's proxy string is `gatewayHost:port`. */
export function createMarketReads(db: Kysely<Schema>, gatewayHost: string) {
  const market = marketDb(db);
  return {
    async regionCounts(): Promise<RegionCount[]> {
      const rows = await market
        .selectFrom('proxy_listings')
        .select(['region_key', (eb) => eb.fn.countAll<number>().as('count')])
        .where(forSale)
        .groupBy('region_key')
        .execute();
      const counts = new Map(rows.map((row) => [row.region_key, Number(row.count)]));
      return REGIONS.map((region) => ({ name: region.name, count: counts.get(region.key) ?? 0 }));
    },

    async stateCounts(): Promise<StateCount[]> {
      const rows = await market
        .selectFrom('proxy_listings')
        .select(['state', (eb) => eb.fn.countAll<number>().as('cnt')])
        .where('ct', '=', 'US')
        .where(forSale)
        .groupBy('state')
        .orderBy('state')
        .execute();
      return rows.map((row) => ({ state: row.state, cnt: Number(row.cnt) }));
    },

    async countriesOf(region: RegionKey): Promise<CountryItem[]> {
      const rows = await market
        .selectFrom('proxy_listings')
        .select(['ct', 'country', (eb) => eb.fn.countAll<number>().as('online')])
        .where('region_key', '=', region)
        .where(forSale)
        .groupBy(['ct', 'country'])
        .orderBy('country')
        .execute();
      return rows.map((row) => ({ ct: row.ct, online: Number(row.online), img: row.ct.toLowerCase(), country: row.country }));
    },

    /** Listings for sale in a country, or in one of its states, freshest first, as ready JSON text. */
    async searchJson(country: string, state: string | null, now: Date): Promise<string> {
      const result = await sql<{ json: string }>`
        select coalesce(json_agg(${listingJson(now)} order by added_at desc, id), '[]')::text as json
        from proxy_listings
        where ct = ${country} and ${state === null ? sql`true` : sql`state = ${state}`} and ${forSale}`.execute(db);
      return result.rows[0]?.json ?? '[]';
    },

    /**
     * Listings for sale anywhere whose city, ISP, ZIP, domain or IP starts with `query` (case-insensitive):
     * at most `limit` of the matches, freshest first, as ready JSON text. Each field is read by its own
     * prefix index of migration 0009 in the index's order (`using ~<~`, the order of text_pattern_ops) and
     * stops after `limit` rows, so the work is bounded whatever the prefix: left to choose, the planner took
     * a sequential scan for prefixes it expected to be common (an IP's first octets), which walked the
     * whole table when the matches were few or sat at its end. The union drops a listing matched by two
     * fields; a customer narrows the query rather than pages through thousands.
     */
    async findJson(query: string, limit: number, now: Date): Promise<string> {
      const prefix = `${query.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const byField = (field: RawBuilder<string>) => sql`(
        select id from proxy_listings
        where online and ${field} like ${prefix} and ${forSale}
        order by ${field} using ~<~
        limit ${limit})`;
      const result = await sql<{ json: string }>`
        select coalesce(json_agg(${listingJson(now)} order by added_at desc, id), '[]')::text as json
        from proxy_listings
        where id in (
          select id from (
            ${byField(sql`lower(city)`)} union ${byField(sql`lower(isp)`)} union ${byField(sql`lower(zip)`)}
            union ${byField(sql`lower(domain)`)} union ${byField(sql`real_ip`)}
          ) matches
          limit ${limit}
        )`.execute(db);
      return result.rows[0]?.json ?? '[]';
    },

    /**
     * The cheapest price for sale now (freshness premium and blacklist discount included, as the table shows
     * it), of all listings and of each kind a quantity buy names; null where nothing of a kind is for sale.
     */
    async startingPrices(now: Date): Promise<StartingPrices> {
      const cheapest = (types: readonly string[] | null) =>
        sql<number | null>`min(${listingPriceCents(now)}) filter (where ${types === null ? sql`true` : sql`user_type in (${sql.join(types)})`})`;
      const result = await sql<Record<'any' | 'mobile' | 'residential' | 'datacenter', number | null>>`
        select ${cheapest(null)} as any, ${cheapest(PROXY_KINDS.Mobile)} as mobile,
               ${cheapest(PROXY_KINDS.Residential)} as residential, ${cheapest(PROXY_KINDS.Datacenter)} as datacenter
        from proxy_listings where ${forSale}`.execute(db);
      const row = result.rows[0];
      const dollars = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : Number(cents) / 100);
      return { any: dollars(row?.any), Mobile: dollars(row?.mobile), Residential: dollars(row?.residential), Datacenter: dollars(row?.datacenter) };
    },

    /** Which of these listing ids are no longer for sale (sold, offline or gone), in the order given. */
    async unavailableOf(ids: readonly string[]): Promise<string[]> {
      const rows = await market
        .selectFrom('proxy_listings')
        .select('id')
        .where('id', 'in', ids.map(Number))
        .where(forSale)
        .execute();
      const available = new Set(rows.map((row) => String(row.id)));
      return ids.filter((id) => !available.has(id));
    },

    /** One listing: for sale to anyone, or under the caller's own lease (then with its port and credentials). */
    async listingInfo(id: string, userId: string, now: Date): Promise<ProxyListing | null> {
      const row = await market
        .selectFrom('proxy_listings')
        .leftJoin('proxy_leases', (join) =>
          join
            .onRef('proxy_leases.listing_id', '=', 'proxy_listings.id')
            .on('proxy_leases.user_id', '=', userId)
            .on('proxy_leases.expires_at', '>', now),
        )
        .select([listingJson(now).as('listing'), listingHealth(now).as('health'), forSale.as('for_sale'), 'proxy_leases.port', 'proxy_leases.socks_auth'])
        .where('proxy_listings.id', '=', Number(id))
        .executeTakeFirst();
      if (!row) return null;
      const listing = { ...(row.listing as ProxyListing), health: row.health as ListingHealth };
      if (row.port !== null && row.socks_auth !== null) {
        return { ...listing, port: row.port, socks_auth: row.socks_auth, proxy: `${gatewayHost}:${row.port}`, sold: true };
      }
      return row.for_sale ? listing : null;
    },

    /** Traffic of one of the user's leases (any, active or ended); null when the lease is not theirs. */
    async leaseUsage(userId: string, leaseId: string): Promise<LeaseUsage | null> {
      const row = await market
        .selectFrom('proxy_leases')
        .leftJoin('proxy_lease_usage', 'proxy_lease_usage.lease_id', 'proxy_leases.id')
        .select([
          'proxy_leases.id',
          'proxy_lease_usage.bytes_up',
          'proxy_lease_usage.bytes_down',
          'proxy_lease_usage.connections',
          'proxy_lease_usage.updated_at',
        ])
        .where('proxy_leases.id', '=', Number(leaseId))
        .where('proxy_leases.user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        history_id: String(row.id),
        bytes_up: Number(row.bytes_up ?? 0),
        bytes_down: Number(row.bytes_down ?? 0),
        connections: Number(row.connections ?? 0),
        updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
      };
    },

    async ownProxies(userId: string, now: Date): Promise<OwnProxy[]> {
      const rows = await market
        .selectFrom('proxy_leases')
        .select(['proxy_leases.port', 'proxy_leases.socks_auth'])
        .where('proxy_leases.user_id', '=', userId)
        .where('proxy_leases.expires_at', '>', now)
        .orderBy('proxy_leases.starts_at')
        .orderBy('proxy_leases.id')
        .execute();
      return rows.map((row) => ({ proxy: `${gatewayHost}:${row.port}`, socks_auth: row.socks_auth }));
    },
  };
}

export type MarketReads = ReturnType<typeof createMarketReads>;
