// The price guide, in integer cents: a base price ($0.50-0.80); a listing less than 12 hours old adds its
// freshness premium ($0.70-1.00); an address listed on SBL, XBL or CSS (Spamhaus' spam and exploit verdicts)
// is 50% off; PBL (policy ranges: most residential and mobile space) is shown but not discounted, and an
// unknown verdict is no discount either; rounded to whole cents.
//
// Written once, in SQL, because PostgreSQL builds the search answer (thousands of listings) itself; the
// listing info and the purchase select the same expression, so what a page shows is what a purchase charges.
import { sql, type RawBuilder } from 'kysely';

/** Premium and discount columns of proxy_listings (unqualified: use in queries where they are unambiguous). */
export function listingPriceCents(now: Date): RawBuilder<number> {
  return sql<number>`round(
    (base_cents + case when added_at > ${now}::timestamptz - interval '12 hours' then fresh_cents else 0 end)
    * (case when sbl_black = 1 or xbl_black = 1 or css_black = 1 then 50 else 100 end) / 100.0
  )::int`;
}

/** Whole days since the listing was added (0 = today). */
export function addedDaysAgo(now: Date): RawBuilder<number> {
  return sql<number>`greatest(0, floor(extract(epoch from (${now}::timestamptz - added_at)) / 86400))::int`;
}
