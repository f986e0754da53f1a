// Where exits come from. A source is a module behind this interface: `file` (an operator's import, see
// file-source.ts), `demo` (the demo catalogue, marketplace/demo-catalogue.ts); a provider's API would be one
// more module that lists the exits the operator holds there. The inventory engine (exit-sync.ts) writes
// whatever a source lists: new exits are added, known ones (same endpoint) updated, never duplicated, and a
// sync retires the source's exits it no longer lists.
import type { RegionKey } from '../marketplace/demo-geography.ts';
import type { DeclaredType } from './exit-types.ts';

export type Flag = 0 | 1;

/** Everything a listing shows about its exit. Only the demo knows these without measuring (it invents them). */
export interface ListingFacts {
  realIp: string;
  dnsIp: string;
  domain: string;
  ct: string;
  country: string;
  regionKey: RegionKey;
  state: string;
  city: string;
  zip: string;
  latitude: number;
  /** null: not known. */
  longitude: number | null;
  timeZone: string;
  isp: string;
  userType: string;
  /** null: not measured yet (the checker measures it). */
  speed: number | null;
  ping: number | null;
  addedAt: Date;
  baseCents: number;
  freshCents: number;
  sbl: Flag;
  xbl: Flag;
  css: Flag;
  pbl: Flag;
}

export type SourceEndpoint =
  /** An upstream SOCKS5 endpoint; the credentials are sealed before they are stored. */
  | { kind: 'socks5'; host: string; port: number; login: string | null; password: string | null }
  /** Traffic leaves from the gateway's own host; `ref` is the exit's stable name within its source. */
  | { kind: 'direct'; ref: string };

export interface SourceExit {
  endpoint: SourceEndpoint;
  declaredType: DeclaredType;
  /** The operator's price per period in cents; null: the declared type's price class. */
  priceCents: number | null;
  label: string;
  /** Declared country (ISO 3166-1 alpha-2); null: unknown until geolocated. */
  country: string | null;
  /** What a new listing shows, when the source knows it (the demo); otherwise unknown until measured. */
  listing?: ListingFacts;
  /**
   * The state a new exit starts in. Real exits start 'unchecked' and reach the market only after a check
   * passes; the demo's exits are demo data and start as generated.
   */
  initialState?: 'online' | 'dead';
}

export interface ProxySource {
  readonly name: string;
  /** Every exit the source holds now, in batches (each written with a few multi-row statements). */
  batches(batchSize: number): Iterable<SourceExit[]> | AsyncIterable<SourceExit[]>;
}
