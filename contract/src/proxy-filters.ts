import type { ProxyListing } from 'contract/marketplace';
import type { Place } from 'contract/places';

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

/** Distance filter: within this many km of the chosen place; 0: any distance. */
export const DISTANCE_KM_VALUES = [0, 25, 50, 100, 250, 500] as const;
export type DistanceKm = (typeof DISTANCE_KM_VALUES)[number];

/** Within `km` of `from` (a place the customer chose: a ZIP code, a city, a state); no place: no distance. */
export interface DistanceFilter {
  km: DistanceKm;
  from: Place | null;
}

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
  /** Within N km of a place; applies only with both a distance and a place. */
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
  distance: { km: 0, from: null },
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
    filters.distance.km > 0 && filters.distance.from !== null,
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

/** Mean radius of the Earth, km. */
const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km between two points (haversine), degrees in. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Keeps a listing within `km` of the place; a listing not located yet (no longitude) is not. */
export function withinDistance(listing: Pick<ProxyListing, 'latitude' | 'longitude'>, distance: DistanceFilter): boolean {
  if (distance.km === 0 || distance.from === null) return true;
  if (listing.longitude === null) return false;
  return distanceKm({ latitude: listing.latitude, longitude: listing.longitude }, distance.from) <= distance.km;
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
    if (!withinDistance(listing, distance)) return false;
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
