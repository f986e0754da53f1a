// SPEC §9 price guide, in integer cents: base $0.50-0.80; fresh (under 12 h) adds $0.70-1.00;
// XBL-listed 50% off; PBL-listed 20% off (both listed: both discounts apply, one after the other).

export const FRESH_FOR_MS = 12 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PricedListing {
  baseCents: number;
  freshCents: number;
  addedAt: Date;
  xbl: 0 | 1;
  pbl: 0 | 1;
}

export function isFresh(addedAt: Date, now: Date): boolean {
  return now.getTime() - addedAt.getTime() < FRESH_FOR_MS;
}

/** What a listing costs right now, in cents. The freshness premium ends 12 h after the listing was added. */
export function listingPriceCents(listing: PricedListing, now: Date): number {
  const gross = listing.baseCents + (isFresh(listing.addedAt, now) ? listing.freshCents : 0);
  const percent = (listing.xbl ? 50 : 100) * (listing.pbl ? 80 : 100);
  return Math.round((gross * percent) / 10_000);
}

/** Whole days since the listing was added (0 = today), as SPEC's added_days_ago. */
export function addedDaysAgo(addedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - addedAt.getTime()) / DAY_MS));
}

export const centsToDollars = (cents: number): number => cents / 100;
