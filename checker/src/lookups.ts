// What an exit's address says about it, asked offline and through DNS: its location and network from
// MaxMind-format databases (a City database and an ASN or ISP database, read with the maintained reader),
// its reverse DNS name, and its DNSBL listings. Nothing here is guessed: a database that does not know an
// address, a resolver that fails or an error answer leaves the field unknown (null).
import { Resolver } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';
import { isIPv4 } from 'node:net';
import { Reader } from 'maxmind';

export interface GeoFacts {
  ct: string | null;
  region: string | null;
  city: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  isp: string | null;
  asn: number | null;
}

const NO_FACTS: GeoFacts = { ct: null, region: null, city: null, zip: null, latitude: null, longitude: null, timeZone: null, isp: null, asn: null };

type Names = { names?: Record<string, string> } | undefined;
interface CityRecord {
  country?: { iso_code?: string };
  registered_country?: { iso_code?: string };
  subdivisions?: { iso_code?: string; names?: Record<string, string> }[];
  city?: Names;
  postal?: { code?: string };
  location?: { latitude?: number; longitude?: number; time_zone?: string };
  /** Country-only databases of other vendors use this shape. */
  country_code?: string;
}
interface AsnRecord {
  autonomous_system_number?: number;
  autonomous_system_organization?: string;
  /** GeoIP2 ISP databases. */
  isp?: string;
  organization?: string;
}

export interface GeoDatabase {
  /** The location and network of an address; every field null that the databases do not know. */
  lookup(ip: string): GeoFacts;
  /** For the customer view and the log: which databases answer (empty: none configured). */
  readonly sources: string[];
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Opens the databases at the given paths (null: none); a path that is not a MaxMind database fails here. */
export async function openGeoDatabase(paths: { city: string | null; asn: string | null }): Promise<GeoDatabase> {
  const open = async <T extends object>(path: string | null, setting: string) => {
    if (path === null) return null;
    try {
      return new Reader<T & Record<string, unknown>>(await readFile(path));
    } catch (error) {
      throw new Error(`${setting} must name a MaxMind-format database (.mmdb): ${(error as Error).message}`, { cause: error });
    }
  };
  const city = await open<CityRecord>(paths.city, 'CHECKER_GEO_CITY_DB');
  const asn = await open<AsnRecord>(paths.asn, 'CHECKER_GEO_ASN_DB');
  return {
    sources: [city?.metadata.databaseType, asn?.metadata.databaseType].filter((name): name is string => !!name),
    lookup(ip) {
      const place = (city?.get(ip) ?? null) as CityRecord | null;
      const network = (asn?.get(ip) ?? null) as AsnRecord | null;
      if (!place && !network) return NO_FACTS;
      const ct = text(place?.country?.iso_code ?? place?.country_code)?.toUpperCase() ?? null;
      return {
        ct: ct && /^[A-Z]{2}$/.test(ct) ? ct : null,
        region: text(place?.subdivisions?.[0]?.names?.en),
        city: text(place?.city?.names?.en),
        zip: text(place?.postal?.code),
        latitude: number(place?.location?.latitude),
        longitude: number(place?.location?.longitude),
        timeZone: text(place?.location?.time_zone),
        isp: text(network?.isp ?? network?.organization ?? network?.autonomous_system_organization),
        asn: number(network?.autonomous_system_number),
      };
    },
  };
}

/** One DNSBL verdict: per list 1 (listed), 0 (not listed) or null (unknown), and why it is unknown. */
export interface DnsblVerdict {
  sbl: 0 | 1 | null;
  xbl: 0 | 1 | null;
  css: 0 | 1 | null;
  pbl: 0 | 1 | null;
  /** The answer codes as returned (127.0.0.x), for the log and the operator. */
  codes: string[];
  /** Why there is no verdict (an error answer, a timeout, a resolver failure); null: a real answer. */
  error: string | null;
  /** How long the answer may be kept (its TTL; the refresh interval for "not listed"). */
  ttlSeconds: number;
}

/**
 * Spamhaus ZEN's return codes. 127.0.0.9 (DROP) counts as SBL. 127.255.255.x answers are errors (a public
 * or open resolver, a rate limit, a bad DQS key): no verdict.
 */
export function mapDnsblCodes(codes: readonly string[]): { sbl: 0 | 1; xbl: 0 | 1; css: 0 | 1; pbl: 0 | 1 } | { error: string } {
  const errors = codes.filter((code) => code.startsWith('127.255.255.'));
  if (errors.length > 0) return { error: `error answer ${errors.join(', ')}` };
  const flags = { sbl: 0 as 0 | 1, xbl: 0 as 0 | 1, css: 0 as 0 | 1, pbl: 0 as 0 | 1 };
  for (const code of codes) {
    const last = /^127\.0\.0\.(\d{1,3})$/.exec(code)?.[1];
    switch (last === undefined ? -1 : Number(last)) {
      case 2:
      case 9:
        flags.sbl = 1;
        break;
      case 3:
        flags.css = 1;
        break;
      case 4:
      case 5:
      case 6:
      case 7:
        flags.xbl = 1;
        break;
      case 10:
      case 11:
        flags.pbl = 1;
        break;
      default:
        return { error: `unknown answer ${code}` };
    }
  }
  return flags;
}

export interface DnsLookupOptions {
  /** Resolver addresses (`ip` or `ip:port`); empty: the system's resolvers. */
  servers: readonly string[];
  /** The DNSBL zone queried without a key (default zen.spamhaus.org). */
  zone: string;
  /** A Spamhaus Data Query Service key: queries go to `<key>.zen.dq.spamhaus.net`. */
  dqsKey: string | null;
  timeoutMs: number;
  /** How long "not listed" is kept, and the longest any answer is kept. */
  refreshSeconds: number;
  /** How long an unknown verdict is kept before it is asked again. */
  retrySeconds: number;
}

export interface DnsLookups {
  /** The zone queries go to (with the DQS key in it, if any). */
  readonly zone: string;
  dnsbl(ip: string): Promise<DnsblVerdict>;
  /** The reverse DNS name ('' when there is none), or null when the resolver failed. */
  reverse(ip: string): Promise<string | null>;
}

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA']);

export function createDnsLookups(options: DnsLookupOptions): DnsLookups {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);
  const zone = options.dqsKey ? `${options.dqsKey}.zen.dq.spamhaus.net` : options.zone;
  /** Answers by address until their TTL runs out: exits behind one address are asked about once. */
  const cache = new Map<string, { verdict: DnsblVerdict; until: number }>();
  const unknown = (error: string): DnsblVerdict => ({ sbl: null, xbl: null, css: null, pbl: null, codes: [], error, ttlSeconds: options.retrySeconds });

  const ask = async (ip: string): Promise<DnsblVerdict> => {
    if (!isIPv4(ip)) return unknown('only IPv4 addresses are looked up');
    const name = `${ip.split('.').reverse().join('.')}.${zone}`;
    try {
      const answers = await resolver.resolve4(name, { ttl: true });
      const codes = answers.map((answer) => answer.address).sort();
      const mapped = mapDnsblCodes(codes);
      if ('error' in mapped) return { ...unknown(mapped.error), codes };
      const ttl = Math.min(...answers.map((answer) => answer.ttl));
      return { ...mapped, codes, error: null, ttlSeconds: Math.max(1, Math.min(ttl, options.refreshSeconds)) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      if (NOT_FOUND.has(code)) return { sbl: 0, xbl: 0, css: 0, pbl: 0, codes: [], error: null, ttlSeconds: options.refreshSeconds };
      return unknown(`resolver ${code}`);
    }
  };

  return {
    zone,
    async dnsbl(ip) {
      const cached = cache.get(ip);
      if (cached && cached.until > Date.now()) return cached.verdict;
      const verdict = await ask(ip);
      cache.set(ip, { verdict, until: Date.now() + verdict.ttlSeconds * 1000 });
      if (cache.size > 100_000) {
        for (const [key, entry] of cache) if (entry.until <= Date.now()) cache.delete(key);
      }
      return verdict;
    },
    async reverse(ip) {
      try {
        const names = await resolver.reverse(ip);
        return names[0] ?? '';
      } catch (error) {
        return NOT_FOUND.has((error as NodeJS.ErrnoException).code ?? '') ? '' : null;
      }
    },
  };
}
