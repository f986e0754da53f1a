// Marketplace queries. Money stays integer cents here; routes turn it into SPEC's dollars on the wire.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CountryItem, OwnProxy, ProxyListing, PurchaseItem, RegionCount, StateCount } from 'contract/marketplace';
import { authMessages } from 'shared/validation/auth-rules';
import type { Schema } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { postLedgerEntry } from '../ledger/ledger.ts';
import { generatePort, generateSocksAuth } from './credentials.ts';
import { REGIONS, type RegionKey } from './demo-geography.ts';
import { marketDb, type MarketDb, type ProxyListingsTable } from './market-schema.ts';
import { addedDaysAgo, listingPriceCents } from './pricing.ts';
import type { ProxySource, SourceListing } from './proxy-source.ts';

export const LEASE_MS = 24 * 60 * 60 * 1000;
const SEED_LOCK_KEY = 7_312_005_002;

export const marketMessages = {
  notFound: (id: string) => `Proxy ${id} does not exist`,
  unavailable: (ip: string) => `Proxy ${ip} is no longer available`,
  insufficientFunds: (balanceCents: number, totalCents: number) =>
    `Insufficient funds: your balance is $${(balanceCents / 100).toFixed(2)}, these proxies cost $${(totalCents / 100).toFixed(2)}`,
  unknownRegion: (region: string) => `Unknown region "${region}"`,
  stateSearch: "A state search sends METHOD 'search', COUNTRY and STATE; a country search sends COUNTRY alone",
};

/** For sale: online and not under a running lease. */
const forSale = sql<boolean>`online and (leased_until is null or leased_until <= now())`;

// ---- Seeding ----

/** Inserts a batch with one array parameter per column (unnest), so 200k rows take seconds, not minutes. */
async function insertBatch(db: Kysely<Schema>, source: string, batch: SourceListing[]): Promise<void> {
  const column = <T>(pick: (listing: SourceListing) => T) => batch.map(pick);
  await sql`
    insert into proxy_listings (source, source_ref, real_ip, dns_ip, domain, region_key, ct, country, state, city, zip,
      latitude, time_zone, isp, user_type, speed, ping, added_at, base_cents, fresh_cents,
      sbl_black, xbl_black, css_black, pbl_black, online)
    select ${source}, * from unnest(
      ${column((l) => l.sourceRef)}::text[], ${column((l) => l.realIp)}::text[], ${column((l) => l.dnsIp)}::text[],
      ${column((l) => l.domain)}::text[], ${column((l) => l.regionKey)}::text[], ${column((l) => l.ct)}::text[],
      ${column((l) => l.country)}::text[], ${column((l) => l.state)}::text[], ${column((l) => l.city)}::text[],
      ${column((l) => l.zip)}::text[], ${column((l) => l.latitude)}::float8[], ${column((l) => l.timeZone)}::text[],
      ${column((l) => l.isp)}::text[], ${column((l) => l.userType)}::text[], ${column((l) => l.speed)}::int[],
      ${column((l) => l.ping)}::int[], ${column((l) => l.addedAt.toISOString())}::timestamptz[],
      ${column((l) => l.baseCents)}::int[], ${column((l) => l.freshCents)}::int[], ${column((l) => l.sbl)}::smallint[],
      ${column((l) => l.xbl)}::smallint[], ${column((l) => l.css)}::smallint[], ${column((l) => l.pbl)}::smallint[],
      ${column((l) => l.online)}::boolean[])
    on conflict (source, source_ref) do nothing`.execute(db);
}

/**
 * Fills an empty inventory from the source, once: instances starting together take an advisory lock, and
 * whichever comes second finds the table filled. Returns how many listings were inserted.
 */
export async function seedIfEmpty(db: Kysely<Schema>, source: ProxySource, batchSize = 5000): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const existing = await marketDb(trx).selectFrom('proxy_listings').select('id').limit(1).executeTakeFirst();
    if (existing) return 0;
    let inserted = 0;
    for await (const batch of source.batches(batchSize)) {
      await insertBatch(trx, source.name, batch);
      inserted += batch.length;
    }
    await sql`analyze proxy_listings`.execute(trx);
    return inserted;
  });
}

// ---- Reading the market ----

type ListingRow = Pick<
  ProxyListingsTable,
  | 'real_ip' | 'dns_ip' | 'domain' | 'ct' | 'country' | 'state' | 'city' | 'zip' | 'latitude' | 'time_zone' | 'isp'
  | 'user_type' | 'speed' | 'ping' | 'added_at' | 'base_cents' | 'fresh_cents' | 'sbl_black' | 'xbl_black'
  | 'css_black' | 'pbl_black'
> & { id: number | string | bigint };

const LISTING_COLUMNS = [
  'id', 'real_ip', 'dns_ip', 'domain', 'ct', 'country', 'state', 'city', 'zip', 'latitude', 'time_zone', 'isp',
  'user_type', 'speed', 'ping', 'added_at', 'base_cents', 'fresh_cents', 'sbl_black', 'xbl_black', 'css_black',
  'pbl_black',
] as const;

export function priceOf(row: ListingRow, now: Date): number {
  return listingPriceCents(
    { baseCents: row.base_cents, freshCents: row.fresh_cents, addedAt: new Date(row.added_at), xbl: row.xbl_black, pbl: row.pbl_black },
    now,
  );
}

/** SPEC §3 proxy listing on the wire: price in dollars, state as `region`, flag as the ISO code in `img`. */
export function toProxyListing(row: ListingRow, now: Date): ProxyListing {
  return {
    id: String(row.id),
    sock_real_ip: row.real_ip,
    domain: row.domain,
    dns_ip: row.dns_ip,
    region: row.state,
    city: row.city,
    isp: row.isp,
    zip: row.zip,
    speed: row.speed,
    ping: row.ping,
    user_type: row.user_type,
    added_days_ago: addedDaysAgo(new Date(row.added_at), now),
    price: priceOf(row, now) / 100,
    latitude: row.latitude,
    img: row.ct.toLowerCase(),
    country: row.country,
    ct: row.ct,
    time_zone: row.time_zone,
    sbl_black: row.sbl_black,
    xbl_black: row.xbl_black,
    css_black: row.css_black,
    pbl_black: row.pbl_black,
  };
}

/** Region key from what the page sends: the tab's `as` ('Oceania') or its name ('AU,Oceania'). */
export function regionKeyOf(region: string): RegionKey | null {
  return REGIONS.find((r) => r.key === region || r.name === region)?.key ?? null;
}

export async function regionCounts(db: Kysely<Schema>): Promise<RegionCount[]> {
  const rows = await marketDb(db)
    .selectFrom('proxy_listings')
    .select(['region_key', (eb) => eb.fn.countAll<number>().as('count')])
    .where(forSale)
    .groupBy('region_key')
    .execute();
  const counts = new Map(rows.map((row) => [row.region_key, Number(row.count)]));
  return REGIONS.map((region) => ({ name: region.name, count: counts.get(region.key) ?? 0 }));
}

export async function stateCounts(db: Kysely<Schema>): Promise<StateCount[]> {
  const rows = await marketDb(db)
    .selectFrom('proxy_listings')
    .select(['state', (eb) => eb.fn.countAll<number>().as('cnt')])
    .where('ct', '=', 'US')
    .where(forSale)
    .groupBy('state')
    .orderBy('state')
    .execute();
  return rows.map((row) => ({ state: row.state, cnt: Number(row.cnt) }));
}

export async function countriesOf(db: Kysely<Schema>, region: RegionKey): Promise<CountryItem[]> {
  const rows = await marketDb(db)
    .selectFrom('proxy_listings')
    .select(['ct', 'country', (eb) => eb.fn.countAll<number>().as('online')])
    .where('region_key', '=', region)
    .where(forSale)
    .groupBy(['ct', 'country'])
    .orderBy('country')
    .execute();
  return rows.map((row) => ({ ct: row.ct, online: Number(row.online), img: row.ct.toLowerCase(), country: row.country }));
}

/**
 * Listings for sale in a country, or in one of its states, freshest first, as ready JSON text built by PostgreSQL (json_agg): a large state's thousands of rows
 * reach Node as one string instead of being parsed and serialised again field by field. Prices and ages
 * follow src/marketplace/pricing.ts exactly (the API tests compare every listing with it).
 */
export async function searchJson(db: Kysely<Schema>, country: string, state: string | null, now: Date): Promise<string> {
  const result = await sql<{ json: string }>`
    select coalesce(json_agg(json_build_object(
      'id', id::text, 'sock_real_ip', real_ip, 'domain', domain, 'dns_ip', dns_ip, 'region', state, 'city', city,
      'isp', isp, 'zip', zip, 'speed', speed, 'ping', ping, 'user_type', user_type,
      'added_days_ago', greatest(0, floor(extract(epoch from (${now}::timestamptz - added_at)) / 86400))::int,
      'price', (round(
        (base_cents + case when added_at > ${now}::timestamptz - interval '12 hours' then fresh_cents else 0 end)
        * (case when xbl_black = 1 then 50 else 100 end) * (case when pbl_black = 1 then 80 else 100 end) / 10000.0
      ) / 100)::float8,
      'latitude', latitude, 'img', lower(ct), 'country', country, 'ct', ct, 'time_zone', time_zone,
      'sbl_black', sbl_black, 'xbl_black', xbl_black, 'css_black', css_black, 'pbl_black', pbl_black
    ) order by added_at desc, id), '[]')::text as json
    from proxy_listings
    where ct = ${country} and ${state === null ? sql`true` : sql`state = ${state}`}
      and online and (leased_until is null or leased_until <= now())`.execute(db);
  return result.rows[0]?.json ?? '[]';
}

/** One listing: for sale to anyone, or under the caller's own lease (then with its port and credentials). */
export async function listingInfo(db: Kysely<Schema>, id: string, userId: string, now: Date): Promise<ProxyListing | null> {
  const row = await marketDb(db)
    .selectFrom('proxy_listings')
    .leftJoin('proxy_leases', (join) =>
      join
        .onRef('proxy_leases.listing_id', '=', 'proxy_listings.id')
        .on('proxy_leases.user_id', '=', userId)
        .on('proxy_leases.expires_at', '>', now),
    )
    .select(LISTING_COLUMNS.map((c) => `proxy_listings.${c}` as const))
    .select(['proxy_listings.online', 'proxy_listings.leased_until', 'proxy_leases.port', 'proxy_leases.socks_auth'])
    .where('proxy_listings.id', '=', Number(id))
    .executeTakeFirst();
  if (!row) return null;
  const listing = toProxyListing(row, now);
  if (row.port !== null && row.socks_auth !== null) return { ...listing, port: row.port, socks_auth: row.socks_auth, sold: true };
  const leased = row.leased_until !== null && new Date(row.leased_until) > now;
  return row.online && !leased ? listing : null;
}

export async function ownProxies(db: Kysely<Schema>, userId: string, now: Date): Promise<OwnProxy[]> {
  const rows = await marketDb(db)
    .selectFrom('proxy_leases')
    .innerJoin('proxy_listings', 'proxy_listings.id', 'proxy_leases.listing_id')
    .select(['proxy_listings.real_ip', 'proxy_leases.port', 'proxy_leases.socks_auth'])
    .where('proxy_leases.user_id', '=', userId)
    .where('proxy_leases.expires_at', '>', now)
    .orderBy('proxy_leases.starts_at')
    .orderBy('proxy_leases.id')
    .execute();
  return rows.map((row) => ({ proxy: `${row.real_ip}:${row.port}`, socks_auth: row.socks_auth }));
}

export async function balanceCents(db: Kysely<Schema>, userId: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('balance_cents').where('id', '=', userId).executeTakeFirst();
  return row ? Number(row.balance_cents) : null;
}

// ---- Buying ----

/**
 * Buys every listed proxy or none (ARCHITECTURE: purchases). Locks the buyer's row, then the listings in id
 * order (so concurrent purchases cannot deadlock), checks each is for sale and the balance covers the total,
 * then per proxy writes the lease, takes the listing off the market and posts one `purchase` ledger row.
 * Any refusal throws an HttpError before anything is written, and the transaction rolls back.
 */
export async function buyProxies(db: Kysely<Schema>, userId: string, ids: readonly string[]): Promise<PurchaseItem[]> {
  return db.transaction().execute(async (trx: Transaction<Schema>) => {
    const market = marketDb(trx);
    const now = new Date();
    const buyer = await trx.selectFrom('users').select('balance_cents').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!buyer) throw new HttpError(401, authMessages.sessionEnded);

    const numericIds = ids.map(Number);
    const rows = await market
      .selectFrom('proxy_listings')
      .select([...LISTING_COLUMNS, 'online', 'leased_until'])
      .where('id', 'in', numericIds)
      .orderBy('id')
      .forUpdate()
      .execute();
    const byId = new Map(rows.map((row) => [String(row.id), row]));
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) throw new HttpError(404, marketMessages.notFound(id));
      if (!row.online || (row.leased_until !== null && new Date(row.leased_until) > now)) {
        throw new HttpError(409, marketMessages.unavailable(row.real_ip));
      }
    }
    const priced = ids.map((id) => {
      const row = byId.get(id) as (typeof rows)[number];
      return { id, row, priceCents: priceOf(row, now) };
    });
    const total = priced.reduce((sum, item) => sum + item.priceCents, 0);
    if (Number(buyer.balance_cents) < total) {
      throw new HttpError(402, marketMessages.insufficientFunds(Number(buyer.balance_cents), total));
    }

    const expiresAt = new Date(now.getTime() + LEASE_MS);
    const bought: PurchaseItem[] = [];
    for (const { id, priceCents } of priced) {
      const lease = await market
        .insertInto('proxy_leases')
        .values({
          user_id: userId,
          listing_id: Number(id),
          port: generatePort(),
          socks_auth: generateSocksAuth(),
          price_cents: priceCents,
          starts_at: now,
          expires_at: expiresAt,
        })
        .returning(['id', 'port', 'socks_auth'])
        .executeTakeFirstOrThrow();
      await market.updateTable('proxy_listings').set({ leased_until: expiresAt }).where('id', '=', Number(id)).execute();
      await postLedgerEntry(trx, { userId, kind: 'purchase', amountCents: -priceCents, reference: `lease:${lease.id}` });
      bought.push({ ID: id, PORT: lease.port, SOCKS_AUTH: lease.socks_auth });
    }
    return bought;
  });
}

export type { MarketDb };
