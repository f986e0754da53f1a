// Filling an empty inventory from a ProxySource (the demo catalogue by default), once per database.
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { marketDb } from './market-schema.ts';
import type { ProxySource, SourceListing } from './proxy-source.ts';

const SEED_LOCK_KEY = 7_312_005_002;

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
    // Waiting for another instance's seeding and writing a large catalogue may outlast a request's limit.
    await sql`set local statement_timeout = 0`.execute(trx);
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
