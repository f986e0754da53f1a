import type { RegionKey } from './demo-geography.ts';

export type Flag = 0 | 1;

/** One exit a source offers for lease, before the marketplace stores it. Money in integer cents. */
export interface SourceListing {
  /** Stable key of the exit within its source, so a re-sync updates rather than duplicates. */
  sourceRef: string;
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
  timeZone: string;
  isp: string;
  userType: string;
  speed: number;
  ping: number;
  addedAt: Date;
  baseCents: number;
  freshCents: number;
  sbl: Flag;
  xbl: Flag;
  css: Flag;
  pbl: Flag;
  online: boolean;
}

/**
 * Where the marketplace's inventory comes from. The embedded default is the deterministic demo catalogue;
 * a production source wraps the operator's own exits or a licensed upstream whose peers consented.
 */
export interface ProxySource {
  readonly name: string;
  /** The whole catalogue, in batches sized for one multi-row insert each. */
  batches(batchSize: number): Iterable<SourceListing[]> | AsyncIterable<SourceListing[]>;
}
