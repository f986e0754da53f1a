import type { DeclaredType } from '../inventory/exit-types.ts';
import type { Flag, ListingFacts, ProxySource, SourceExit } from '../inventory/proxy-source.ts';
import { COUNTRIES, type CountryGeo, type StateGeo } from './demo-geography.ts';

// The demo catalogue: the same seed, size and clock always give the same listings, so tests, the
// benchmark and a demo all see one known inventory. Every address comes from 198.18.0.0/15 (RFC 2544,
// reserved for benchmarking), never from a real third party.

const BENCH_NET_BASE = (198 << 24) | (18 << 16); // 198.18.0.0
const BENCH_NET_SIZE = 1 << 17; // a /15
/** Odd, so i -> i * STRIDE mod 2^17 visits every address of the /15 once before any repeats. */
const ADDRESS_STRIDE = 40_503;

/** The user types the marketplace shows, with their share of the catalogue; '-' and 'ISP/MOB' are values the type filter offers. */
const USER_TYPES: readonly (readonly [string, number])[] = [
  ['ISP', 30], ['MOB', 14], ['ISP/MOB', 5], ['COM', 12], ['DCH', 14], ['EDU', 4],
  ['ORG', 4], ['CDN', 3], ['LIB', 2], ['SES', 3], ['-', 9],
];

const HOSTING: readonly (readonly [string, string])[] = [
  ['DigitalOcean', 'digitalocean.com'],
  ['Hetzner Online', 'hetzner.com'],
  ['OVH SAS', 'ovh.net'],
  ['Linode', 'linode.com'],
  ['Vultr Holdings', 'vultr.com'],
  ['Leaseweb', 'leaseweb.com'],
];
const HOSTED_TYPES = new Set(['DCH', 'CDN', 'SES']);

/** mulberry32: tiny, fast, and identical on every platform for a given seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function ipv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** The i-th demo address: all 131,072 addresses of 198.18.0.0/15 are used once before any is reused. */
export function demoAddress(index: number, offset: number): string {
  return ipv4(BENCH_NET_BASE + ((index * ADDRESS_STRIDE + offset) % BENCH_NET_SIZE));
}

function weightedPicker<T>(items: readonly T[], weightOf: (item: T) => number): (r: number) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += weightOf(item);
    cumulative.push(total);
  }
  return (r) => {
    const target = r * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    return items[lo] as T;
  };
}

export interface DemoCatalogueOptions {
  seed: number;
  size: number;
  /** The clock the catalogue is generated against: listing ages are relative to it. */
  now: Date;
}

const pickCountry = weightedPicker(COUNTRIES, (c) => c.weight);
const statePickers = new Map<CountryGeo, (r: number) => StateGeo>(
  COUNTRIES.map((c) => [c, weightedPicker(c.states, (s) => s.weight)]),
);
const pickUserType = weightedPicker(USER_TYPES, ([, weight]) => weight);
const HOUR_MS = 60 * 60 * 1000;

function flag(random: () => number, probability: number): Flag {
  return random() < probability ? 1 : 0;
}

function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** One demo listing: what it shows, its name in the demo source and whether its (pretend) exit is online. */
export interface DemoListing extends ListingFacts {
  sourceRef: string;
  online: boolean;
}

export function* generateDemoCatalogue({ seed, size, now }: DemoCatalogueOptions): Generator<DemoListing> {
  const random = seededRandom(seed);
  const addressOffset = Math.floor(random() * BENCH_NET_SIZE);
  for (let index = 0; index < size; index++) {
    const geo = pickCountry(random());
    const stateGeo = (statePickers.get(geo) as (r: number) => StateGeo)(random());
    const place = stateGeo.places[Math.floor(random() * stateGeo.places.length)] ?? stateGeo.places[0];
    if (!place) throw new Error(`demo geography: ${geo.ct}/${stateGeo.state} has no places`);
    const [userType] = pickUserType(random());
    const providers = HOSTED_TYPES.has(userType) ? HOSTING : geo.isps;
    const [isp, domain] = providers[Math.floor(random() * providers.length)] ?? ['Unknown', 'unknown.invalid'];
    // One listing in six is fresh (under 12 h); the rest were added over the last six weeks.
    const ageMs = random() < 1 / 6 ? Math.floor(random() * 12 * HOUR_MS) : between(random, 12, 42 * 24) * HOUR_MS;
    const [city, zip, latitude, longitude] = place;
    const mobile = userType === 'MOB' || userType === 'ISP/MOB';
    yield {
      sourceRef: `demo-${seed}-${index}`,
      realIp: demoAddress(index, addressOffset),
      dnsIp: ipv4(BENCH_NET_BASE + BENCH_NET_SIZE - 256 + between(random, 1, 254)),
      domain,
      ct: geo.ct,
      country: geo.country,
      regionKey: geo.region,
      state: stateGeo.state,
      city,
      zip,
      latitude,
      longitude,
      timeZone: stateGeo.timeZone,
      isp,
      userType,
      speed: mobile ? between(random, 5, 80) : between(random, 20, 500),
      ping: mobile ? between(random, 40, 300) : between(random, 8, 180),
      addedAt: new Date(now.getTime() - ageMs),
      baseCents: between(random, 50, 80),
      freshCents: between(random, 70, 100),
      sbl: flag(random, 0.03),
      xbl: flag(random, 0.08),
      css: flag(random, 0.04),
      pbl: flag(random, 0.15),
      online: random() < 0.92,
    };
  }
}

/** The declared type behind each user type the demo shows (mobile, hosting, the rest residential). */
function declaredTypeOf(userType: string): DeclaredType {
  if (userType === 'MOB' || userType === 'ISP/MOB') return 'mobile';
  return HOSTED_TYPES.has(userType) ? 'datacenter' : 'residential';
}

/**
 * The demo source: deterministic pretend exits that leave directly from the gateway's host, with invented
 * listings (source `demo`, clearly a demo: the portal says TEST MODE). Seeded on embedded defaults or when
 * INVENTORY_DEMO asks for it, never into a production database otherwise.
 */
export class DemoProxySource implements ProxySource {
  readonly name = 'demo';
  readonly options: DemoCatalogueOptions;

  constructor(options: DemoCatalogueOptions) {
    this.options = options;
  }

  *batches(batchSize: number): Generator<SourceExit[]> {
    let batch: SourceExit[] = [];
    for (const { sourceRef, online, ...listing } of generateDemoCatalogue(this.options)) {
      batch.push({
        endpoint: { kind: 'direct', ref: sourceRef },
        declaredType: declaredTypeOf(listing.userType),
        priceCents: null,
        label: '',
        country: listing.ct,
        listing,
        initialState: online ? 'online' : 'dead',
      });
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
}
