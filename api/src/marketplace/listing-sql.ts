// The SQL every marketplace query shares: what "for sale" means and how a row becomes the wire listing
// (contract/marketplace ProxyListing). Changing a listing field is that schema plus listingJson below.
import { sql, type RawBuilder } from 'kysely';
import { addedDaysAgo, listingPriceCents } from './pricing.ts';

/** For sale: online and not under a running lease. */
export const forSale: RawBuilder<boolean> = sql<boolean>`(proxy_listings.online and (proxy_listings.leased_until is null or proxy_listings.leased_until <= now()))`;

/**
 * The listing's exit's health for the details panel (contract ListingHealth), from its hourly rows (migration
 * 0033): percent of checks passed over 24 hours and 7 days, the median of the ping samples over 7 days.
 */
export function listingHealth(now: Date): RawBuilder<unknown> {
  const week = sql`${now}::timestamptz - interval '7 days'`;
  const day = sql`${now}::timestamptz - interval '24 hours'`;
  return sql`(
    select json_build_object(
      'uptime_24h', (select round((100.0 * sum(ok) / nullif(sum(checks), 0))::numeric, 1)::float8
                     from exit_uptime_hours where exit_id = proxy_listings.exit_id and hour > date_trunc('hour', ${day})),
      'uptime_7d', (select round((100.0 * sum(ok) / nullif(sum(checks), 0))::numeric, 1)::float8
                    from exit_uptime_hours where exit_id = proxy_listings.exit_id and hour > date_trunc('hour', ${week})),
      'ping_p50', (select round(percentile_cont(0.5) within group (order by sample))::float8
                   from exit_uptime_hours, unnest(pings) as sample
                   where exit_id = proxy_listings.exit_id and hour > date_trunc('hour', ${week})),
      'checked_seconds_ago', (select greatest(0, floor(extract(epoch from ${now}::timestamptz - checked_at)))::integer
                              from exits where id = proxy_listings.exit_id)
    )
  )`;
}

/**
 * A proxy_listings row as the wire listing, built by PostgreSQL: price in dollars, the state as `region`,
 * the flag as the lower-case ISO code in `img`. A large state's thousands of listings then reach Node as
 * one JSON string instead of being parsed and serialised again field by field.
 */
export function listingJson(now: Date): RawBuilder<unknown> {
  return sql`json_build_object(
    'id', proxy_listings.id::text, 'sock_real_ip', real_ip, 'domain', domain, 'dns_ip', dns_ip, 'region', state,
    'city', city, 'isp', isp, 'zip', zip, 'speed', speed, 'ping', ping, 'uptime', uptime_7d, 'user_type', user_type,
    'added_days_ago', ${addedDaysAgo(now)},
    'price', (${listingPriceCents(now)} / 100.0)::float8,
    'latitude', latitude, 'longitude', longitude, 'img', lower(ct), 'country', country, 'ct', ct, 'time_zone', time_zone,
    'sbl_black', sbl_black, 'xbl_black', xbl_black, 'css_black', css_black, 'pbl_black', pbl_black,
    'location_ip', location_ip, 'location_at', ${isoOrNull('location_at')},
    'blacklists_checked_at', ${isoOrNull('blacklists_checked_at')}
  )`;
}

/** A timestamp column as ISO 8601 in UTC (what Date#toISOString writes), or null. */
function isoOrNull(column: 'location_at' | 'blacklists_checked_at'): RawBuilder<string | null> {
  return sql`to_char(${sql.ref(`proxy_listings.${column}`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
