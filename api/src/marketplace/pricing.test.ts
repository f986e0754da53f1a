import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/helpers.ts';
import { addedDaysAgo, listingPriceCents } from './pricing.ts';

const now = new Date('2026-03-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);

interface Listing {
  baseCents: number;
  freshCents: number;
  addedAt: Date;
  xbl: 0 | 1;
  pbl: 0 | 1;
  sbl?: 0 | 1 | null;
  css?: 0 | 1 | null;
}

describe('listing price guide', () => {
  let database: Database;
  before(async () => {
    database = await openTestDatabase('pglite', { migrated: false });
  });
  after(() => database.close());

  /** Evaluates the price and age expressions over one listing's columns. */
  async function evaluate(listing: Listing): Promise<{ price: number; days: number }> {
    const { rows } = await sql<{ price: number; days: number }>`
      select ${listingPriceCents(now)} as price, ${addedDaysAgo(now)} as days
      from (select ${listing.baseCents}::int as base_cents, ${listing.freshCents}::int as fresh_cents,
        ${listing.addedAt.toISOString()}::timestamptz as added_at, ${listing.xbl}::smallint as xbl_black,
        ${listing.pbl}::smallint as pbl_black, ${listing.sbl ?? 0}::smallint as sbl_black,
        ${listing.css ?? 0}::smallint as css_black) as proxy_listings`.execute(database.db);
    const row = rows[0];
    assert.ok(row);
    return { price: Number(row.price), days: Number(row.days) };
  }
  const price = async (listing: Listing) => (await evaluate(listing)).price;
  const base = { baseCents: 60, freshCents: 80, xbl: 0, pbl: 0 } as const;

  it('is the base price once the listing is 12 hours old', async () => {
    assert.equal(await price({ ...base, addedAt: hoursAgo(12) }), 60);
    assert.equal(await price({ ...base, addedAt: hoursAgo(300) }), 60);
  });

  it('adds the fresh premium under 12 hours', async () => {
    assert.equal(await price({ ...base, addedAt: hoursAgo(11.9) }), 140);
    assert.equal(await price({ ...base, addedAt: now }), 140);
  });

  it('takes 50% off when SBL-, XBL- or CSS-listed (once, whatever the number of lists); PBL and unknown: no discount', async () => {
    const old = hoursAgo(48);
    assert.equal(await price({ ...base, addedAt: old, xbl: 1 }), 30);
    assert.equal(await price({ ...base, addedAt: old, sbl: 1 }), 30);
    assert.equal(await price({ ...base, addedAt: old, css: 1 }), 30);
    assert.equal(await price({ ...base, addedAt: old, sbl: 1, xbl: 1, css: 1, pbl: 1 }), 30);
    assert.equal(await price({ ...base, addedAt: old, pbl: 1 }), 60);
    assert.equal(await price({ ...base, addedAt: old, sbl: null, css: null }), 60);
    assert.equal(await price({ ...base, addedAt: hoursAgo(1), xbl: 1 }), 70);
  });

  it('rounds to whole cents', async () => {
    assert.equal(await price({ baseCents: 55, freshCents: 70, xbl: 0, pbl: 0, css: 1, addedAt: hoursAgo(48) }), 28);
    assert.equal(await price({ baseCents: 51, freshCents: 70, xbl: 1, pbl: 0, addedAt: hoursAgo(48) }), 26);
  });

  it('counts whole days since the listing was added', async () => {
    const days = async (hours: number) => (await evaluate({ ...base, addedAt: hoursAgo(hours) })).days;
    assert.equal(await days(23), 0);
    assert.equal(await days(24), 1);
    assert.equal(await days(24 * 7 + 5), 7);
  });
});
