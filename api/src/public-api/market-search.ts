// GET /api/v1/market/search: the dashboard's filters as query parameters, each checked (a wrong one is a 400
// naming it), over the same listings the dashboard's search reads; listings in the public API's field names.
import type { MarketSearchQuery, MarketSearchResponse, V1Listing } from 'contract/public-api';
import type { ProxyListing } from 'contract/marketplace';
import { ADDED_FILTER_OPTIONS, createProxyPredicate, EMPTY_FILTERS, isBlacklisted, TYPE_FILTER_VALUES, type ProxyFilters } from 'contract/proxy-filters';
import { Problem } from './problems.ts';

/** A query flag: absent is false; anything but true/false is a 400 naming it. */
function flag(value: string | undefined, field: string): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new Problem(400, 'invalid_request', `${field} must be true or false.`, { field });
}

/** A query number; absent is empty (no bound). */
function bound(value: string | undefined, field: string): string {
  if (value === undefined || value.trim() === '') return '';
  if (!Number.isFinite(Number(value)) || Number(value) < 0) throw new Problem(400, 'invalid_request', `${field} must be a number, at least 0.`, { field });
  return value.trim();
}

/** The dashboard's filters from the query, each checked. */
function filtersOf(query: MarketSearchQuery): ProxyFilters {
  const type = query.type ?? 'any';
  if (!(TYPE_FILTER_VALUES as readonly string[]).includes(type)) {
    throw new Problem(400, 'invalid_request', `type must be one of ${TYPE_FILTER_VALUES.filter((value) => value !== 'any').join(', ')}.`, { field: 'type' });
  }
  let added: ProxyFilters['added'] = 'any';
  if (query.addedWithinDays !== undefined) {
    const option = ADDED_FILTER_OPTIONS.find((candidate) => String(candidate.value) === query.addedWithinDays);
    if (!option || option.value === 'any') throw new Problem(400, 'invalid_request', 'addedWithinDays must be 0, 3, 7 or 30.', { field: 'addedWithinDays' });
    added = option.value;
  }
  return {
    ...EMPTY_FILTERS,
    text: { sock_real_ip: query.ip ?? '', domain: query.domain ?? '', region: '', city: query.city ?? '', isp: query.isp ?? '', zip: query.zip ?? '' },
    type: type as ProxyFilters['type'],
    added,
    minSpeed: bound(query.minSpeed, 'minSpeed'),
    maxPing: bound(query.maxPing, 'maxPing'),
    maxPrice: bound(query.maxPrice, 'maxPrice'),
    residentialOnly: flag(query.residentialOnly, 'residentialOnly'),
    excludeBlacklisted: flag(query.excludeBlacklisted, 'excludeBlacklisted'),
  };
}

function toV1Listing(listing: ProxyListing): V1Listing {
  return {
    id: listing.id,
    ip: listing.sock_real_ip,
    country: listing.ct,
    state: listing.region,
    city: listing.city,
    zip: listing.zip,
    isp: listing.isp,
    domain: listing.domain,
    type: listing.user_type,
    speed: listing.speed,
    ping: listing.ping,
    uptime7d: listing.uptime ?? null,
    addedDaysAgo: listing.added_days_ago,
    price: listing.price,
    blacklisted: isBlacklisted(listing),
  };
}

/** The first `limit` matching listings (100 unless asked) and how many matched; `forSale` reads a country's (or state's) listings. */
export async function searchMarket(query: MarketSearchQuery, forSale: (country: string, state: string | null) => Promise<string>): Promise<MarketSearchResponse> {
  if (!/^[A-Za-z]{2}$/.test(query.country)) throw new Problem(400, 'invalid_request', 'country must be a two-letter ISO code.', { field: 'country' });
  const limit = query.limit === undefined ? 100 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Problem(400, 'invalid_request', 'limit must be a whole number from 1 to 1000.', { field: 'limit' });
  const predicate = createProxyPredicate(filtersOf(query));
  const matches = (JSON.parse(await forSale(query.country.toUpperCase(), query.state ?? null)) as ProxyListing[]).filter(predicate);
  return { listings: matches.slice(0, limit).map(toV1Listing), total: matches.length };
}
