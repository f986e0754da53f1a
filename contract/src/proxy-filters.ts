import type { ProxyListing } from 'contract/marketplace';

// Marketplace filters: the dashboard applies them on the client to the listings the server sent, and the
// public API's search (/api/v1/market/search) applies the same ones on the server. One function serves the
// table, its tests, the API and the benchmark's keystroke figure.

/** Type filter values, in the order the select offers them. */
export const TYPE_FILTER_VALUES = ['any', 'ISP', 'MOB', 'ISP/MOB', 'COM', 'DCH', 'EDU', 'CDN', '-', 'LIB', 'ORG'] as const;
export type TypeFilter = (typeof TYPE_FILTER_VALUES)[number];

/** Added filter: any, or at most this many days ago. */
export const ADDED_FILTER_OPTIONS = [
  { value: 'any', label: 'any' },
  { value: 0, label: 'today' },
  { value: 3, label: 'last 3 days' },
  { value: 7, label: 'last week' },
  { value: 30, label: 'last month' },
] as const;
export type AddedFilter = (typeof ADDED_FILTER_OPTIONS)[number]['value'];

/** Distance filter, miles. */
export const DISTANCE_FILTER_VALUES = [0, 25, 50, 100] as const;
export type DistanceFilter = (typeof DISTANCE_FILTER_VALUES)[number];

/** Miles per degree of latitude. */
export const MILES_PER_DEGREE = 69.17;

/** 'Residential only': the types that are home or mobile lines. */
export const RESIDENTIAL_TYPES: readonly string[] = ['ISP', 'MOB', 'COM', 'ISP/MOB', '-'];

/** The type filter applies 500 ms after the choice. */
export const TYPE_FILTER_DELAY_MS = 500;

export const TEXT_FILTER_FIELDS = ['sock_real_ip', 'domain', 'region', 'city', 'isp', 'zip'] as const;
export type TextFilterField = (typeof TEXT_FILTER_FIELDS)[number];

export interface ProxyFilters {
  /** Case-insensitive substrings, all of which must match (IP, domain, state, city, ISP, ZIP). */
  text: Record<TextFilterField, string>;
  type: TypeFilter;
  added: AddedFilter;
  distance: DistanceFilter;
  /** Speed at least this many Mbps; empty: any. */
  minSpeed: string;
  /** Ping at most this many ms; empty: any. */
  maxPing: string;
  /** Price at most this many dollars; empty: any. */
  maxPrice: string;
  excludeBlacklisted: boolean;
  residentialOnly: boolean;
}

export const EMPTY_FILTERS: ProxyFilters = {
  text: { sock_real_ip: '', domain: '', region: '', city: '', isp: '', zip: '' },
  type: 'any',
  added: 'any',
  distance: 0,
  minSpeed: '',
  maxPing: '',
  maxPrice: '',
  excludeBlacklisted: false,
  residentialOnly: false,
};

/** How many filters narrow the list now: each text, bound and choice that is set, and each ticked checkbox. */
export function activeFilterCount(filters: ProxyFilters): number {
  const set = [
    ...TEXT_FILTER_FIELDS.map((field) => filters.text[field].trim() !== ''),
    filters.type !== 'any',
    filters.added !== 'any',
    filters.distance > 0,
    filters.minSpeed.trim() !== '',
    filters.maxPing.trim() !== '',
    filters.maxPrice.trim() !== '',
    filters.excludeBlacklisted,
    filters.residentialOnly,
  ];
  return set.filter(Boolean).length;
}

export function isBlacklisted(listing: ProxyListing): boolean {
  return listing.sbl_black === 1 || listing.xbl_black === 1 || listing.css_black === 1 || listing.pbl_black === 1;
}

/**
 * Distance rule, exactly as specified: keep a listing when cos(latitude) * 69.17 reaches the chosen
 * miles (latitude in degrees). As the rule stands, +100 keeps nothing, since cos never exceeds 1.
 */
export function withinDistance(latitude: number, miles: DistanceFilter): boolean {
  return Math.cos((latitude * Math.PI) / 180) * MILES_PER_DEGREE >= miles;
}

function parseBound(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}

/** Builds the predicate once per filter change, so a keystroke costs one pass over the rows. */
export function createProxyPredicate(filters: ProxyFilters): (listing: ProxyListing) => boolean {
  const needles = TEXT_FILTER_FIELDS.map((field) => [field, filters.text[field].trim().toLowerCase()] as const).filter(
    ([, needle]) => needle !== '',
  );
  const { type, added, distance, excludeBlacklisted, residentialOnly } = filters;
  const minSpeed = parseBound(filters.minSpeed);
  const maxPing = parseBound(filters.maxPing);
  const maxPrice = parseBound(filters.maxPrice);
  return (listing) => {
    for (const [field, needle] of needles) {
      if (!String(listing[field]).toLowerCase().includes(needle)) return false;
    }
    if (type !== 'any' && listing.user_type !== type) return false;
    if (added !== 'any' && listing.added_days_ago > added) return false;
    if (distance > 0 && !withinDistance(listing.latitude, distance)) return false;
    // A bound on speed or ping asks for a measured figure: unmeasured listings do not pass it.
    if (minSpeed !== null && (listing.speed === null || listing.speed < minSpeed)) return false;
    if (maxPing !== null && (listing.ping === null || listing.ping > maxPing)) return false;
    if (maxPrice !== null && listing.price > maxPrice) return false;
    if (residentialOnly && !RESIDENTIAL_TYPES.includes(listing.user_type)) return false;
    if (excludeBlacklisted && isBlacklisted(listing)) return false;
    return true;
  };
}

export function filterProxies(listings: readonly ProxyListing[], filters: ProxyFilters): ProxyListing[] {
  return listings.filter(createProxyPredicate(filters));
}

/** A bulk purchase sends only the cart items not already sold. */
export function unsoldItems<T extends Pick<ProxyListing, 'sold'>>(items: readonly T[]): T[] {
  return items.filter((item) => !item.sold);
}
