import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addedDaysAgo, listingPriceCents } from './pricing.ts';

const now = new Date('2026-03-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);

describe('listing price (SPEC §9)', () => {
  const base = { baseCents: 60, freshCents: 80, xbl: 0, pbl: 0 } as const;

  it('is the base price once the listing is 12 hours old', () => {
    assert.equal(listingPriceCents({ ...base, addedAt: hoursAgo(12) }, now), 60);
    assert.equal(listingPriceCents({ ...base, addedAt: hoursAgo(300) }, now), 60);
  });

  it('adds the fresh premium under 12 hours', () => {
    assert.equal(listingPriceCents({ ...base, addedAt: hoursAgo(11.9) }, now), 140);
    assert.equal(listingPriceCents({ ...base, addedAt: now }, now), 140);
  });

  it('takes 50% off when XBL-listed and 20% off when PBL-listed, both when both', () => {
    const old = hoursAgo(48);
    assert.equal(listingPriceCents({ ...base, addedAt: old, xbl: 1 }, now), 30);
    assert.equal(listingPriceCents({ ...base, addedAt: old, pbl: 1 }, now), 48);
    assert.equal(listingPriceCents({ ...base, addedAt: old, xbl: 1, pbl: 1 }, now), 24);
    assert.equal(listingPriceCents({ ...base, addedAt: hoursAgo(1), xbl: 1 }, now), 70);
  });

  it('rounds to whole cents', () => {
    assert.equal(listingPriceCents({ baseCents: 55, freshCents: 70, xbl: 0, pbl: 1, addedAt: hoursAgo(48) }, now), 44);
    assert.equal(listingPriceCents({ baseCents: 51, freshCents: 70, xbl: 1, pbl: 0, addedAt: hoursAgo(48) }, now), 26);
  });

  it('counts whole days since the listing was added', () => {
    assert.equal(addedDaysAgo(hoursAgo(23), now), 0);
    assert.equal(addedDaysAgo(hoursAgo(24), now), 1);
    assert.equal(addedDaysAgo(hoursAgo(24 * 7 + 5), now), 7);
  });
});
