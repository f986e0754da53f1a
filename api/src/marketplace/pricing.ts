// The price guide, in integer cents: a base price ($0.50-0.80); a listing less than 12 hours old adds its
// freshness premium ($0.70-1.00); XBL-listed addresses are 50% off and PBL-listed ones 20% off (both
// listed: both discounts, one after the other); rounded to whole cents.
//
// Written once, in SQL, because PostgreSQL builds the search answer (thousands of listings) itself; the
// listing info and the purchase select the same expression, so what a page shows is what a purchase charges.
import { sql, type RawBuilder } from 'kysely';

/** Premium and discount columns of proxy_listings (unqualified: use in queries where they are unambiguous). */
export function listingPriceCents(now: Date): RawBuilder<number> {
  return sql<number>`round(
    (base_cents + case when added_at > ${now}::timestamptz - interval '12 hours' then fresh_cents else 0 end)
    * (case when xbl_black = 1 then 50 else 100 end) * (case when pbl_black = 1 then 80 else 100 end) / 10000.0
  )::int`;
}

/** Whole days since the listing was added (0 = today). */
export function addedDaysAgo(now: Date): RawBuilder<number> {
  return sql<number>`greatest(0, floor(extract(epoch from (${now}::timestamptz - added_at)) / 86400))::int`;
}
