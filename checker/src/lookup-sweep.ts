// Keeps every checked exit's description true: its location and network (offline databases), its reverse
// DNS name and its DNSBL listings, looked up for the address the checker observed (exits.exit_ip). An exit is
// due when that address changed since the last lookup, or when its DNSBL answer has expired (its TTL, at most
// the refresh interval; an unknown verdict is asked again sooner). Instances claim due exits like checks
// (FOR UPDATE SKIP LOCKED, a claim that lapses), run at most `concurrency` lookups at once, and store the exit
// and its listing in one statement. A move to another country or state is recorded (exit_location_changes).
import type { Logger } from 'gateway/logger';
import type { SqlAdapter } from 'gateway/sql-adapter';
import { countryOf } from 'contract/countries';
import type { CheckerConfig } from './config.ts';
import { createDnsLookups, openGeoDatabase, type DnsblVerdict, type DnsLookups, type GeoDatabase, type GeoFacts } from './lookups.ts';

export interface LookupSweepOptions {
  adapter: SqlAdapter;
  geo: GeoDatabase;
  dns: DnsLookups;
  /** Lookups in flight at once in this instance. */
  concurrency: number;
  /** How often an idle instance looks for due exits (default 5 s). */
  pollMs?: number;
  /** How long a claim lasts (default 60 s): an instance that dies holds nothing longer. */
  claimMs?: number;
  /** false: no loop, the caller runs each pass (tests). */
  loop?: boolean;
  log: Logger;
}

export interface LookupSweep {
  /** Looks up every due exit once (what the loop does each poll); resolves with how many were stored. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

interface Claimed {
  id: string;
  exit_ip: string;
}

export async function claimDueLookups(adapter: SqlAdapter, limit: number, claimMs: number): Promise<Claimed[]> {
  return adapter.query<Claimed>(
    `UPDATE exits SET lookup_claimed_until = now() + $2 * interval '1 millisecond'
     WHERE id IN (
       SELECT id FROM exits
       WHERE exit_ip IS NOT NULL AND state <> 'retired'
         AND (geo_ip IS DISTINCT FROM exit_ip OR dnsbl_ip IS DISTINCT FROM exit_ip OR dnsbl_expires_at IS NULL OR dnsbl_expires_at <= now())
         AND (lookup_claimed_until IS NULL OR lookup_claimed_until < now())
       ORDER BY dnsbl_expires_at NULLS FIRST, id
       LIMIT $1
       FOR UPDATE SKIP LOCKED)
     RETURNING id, exit_ip`,
    [limit, claimMs],
  );
}

/**
 * Stores one exit's lookups, if its address is still the one looked up; returns whether it was stored and
 * whether the exit moved to another country or state. The listing takes the location only where the
 * database knows the country (else it keeps what it has: the operator's declared country, or 'Unknown').
 */
export async function storeLookups(
  adapter: SqlAdapter,
  exitId: string,
  ip: string,
  geo: GeoFacts,
  ptr: string | null,
  verdict: DnsblVerdict,
): Promise<{ stored: boolean; moved: boolean }> {
  const country = geo.ct === null ? null : countryOf(geo.ct);
  const rows = await adapter.query<{ stored: number; moved: number }>(
    `WITH before AS (SELECT id, geo_ct, geo_region FROM exits WHERE id = $1::bigint AND exit_ip = $2::text FOR UPDATE),
     upd AS (
       UPDATE exits e SET
         geo_ip = $2::text, geo_at = now(), geo_ct = $3::text, geo_region = $4::text, geo_city = $5::text,
         geo_zip = $6::text, geo_latitude = $7::float8, geo_longitude = $8::float8, geo_time_zone = $9::text,
         geo_isp = $10::text, geo_asn = $11::bigint,
         ptr_name = CASE WHEN $12::text IS NULL AND e.geo_ip = $2::text THEN e.ptr_name ELSE $12::text END,
         dnsbl_ip = $2::text, dnsbl_checked_at = now(), dnsbl_expires_at = now() + $17::int * interval '1 second',
         dnsbl_sbl = $13::smallint, dnsbl_xbl = $14::smallint, dnsbl_css = $15::smallint, dnsbl_pbl = $16::smallint,
         dnsbl_error = $18::text, lookup_claimed_until = NULL
       FROM before WHERE e.id = before.id
       RETURNING e.id, before.geo_ct AS old_ct, before.geo_region AS old_region
     ),
     moved AS (
       INSERT INTO exit_location_changes (exit_id, exit_ip, from_ct, from_region, to_ct, to_region)
       SELECT id, $2::text, old_ct, old_region, $3::text, $4::text FROM upd
       WHERE old_ct IS NOT NULL AND $3::text IS NOT NULL
         AND (old_ct, coalesce(old_region, '')) IS DISTINCT FROM ($3::text, coalesce($4::text, ''))
       RETURNING id
     ),
     listing AS (
       UPDATE proxy_listings li SET
         ct = coalesce($19::text, li.ct),
         country = coalesce($20::text, li.country),
         region_key = coalesce($21::text, li.region_key),
         state = CASE WHEN $19::text IS NULL THEN li.state ELSE coalesce($4::text, 'Unknown') END,
         city = CASE WHEN $19::text IS NULL THEN li.city ELSE coalesce($5::text, '') END,
         zip = CASE WHEN $19::text IS NULL THEN li.zip ELSE coalesce($6::text, '') END,
         latitude = CASE WHEN $19::text IS NULL THEN li.latitude ELSE coalesce($7::float8, 0) END,
         longitude = CASE WHEN $19::text IS NULL THEN li.longitude ELSE $8::float8 END,
         time_zone = CASE WHEN $19::text IS NULL THEN li.time_zone ELSE coalesce($9::text, '') END,
         isp = coalesce($10::text, li.isp),
         domain = coalesce($12::text, li.domain),
         sbl_black = $13::smallint, xbl_black = $14::smallint, css_black = $15::smallint, pbl_black = $16::smallint,
         location_ip = CASE WHEN $19::text IS NULL THEN li.location_ip ELSE $2::text END,
         location_at = CASE WHEN $19::text IS NULL THEN li.location_at ELSE now() END,
         blacklists_checked_at = CASE WHEN $18::text IS NULL THEN now() ELSE li.blacklists_checked_at END,
         -- A listing on SBL/XBL/CSS starts (or keeps) its moment; a clean answer ends it; no answer keeps it.
         blacklisted_since = CASE WHEN $13::smallint = 1 OR $14::smallint = 1 OR $15::smallint = 1 THEN coalesce(li.blacklisted_since, now())
                                  WHEN $18::text IS NOT NULL THEN li.blacklisted_since ELSE NULL END
       FROM upd WHERE li.exit_id = upd.id
       RETURNING li.id
     )
     SELECT (SELECT count(*) FROM upd)::int AS stored, (SELECT count(*) FROM moved)::int AS moved,
            (SELECT count(*) FROM listing)::int AS listings`,
    [
      exitId, ip, geo.ct, geo.region, geo.city, geo.zip, geo.latitude, geo.longitude, geo.timeZone, geo.isp, geo.asn,
      ptr, verdict.sbl, verdict.xbl, verdict.css, verdict.pbl, verdict.ttlSeconds, verdict.error,
      country?.ct ?? null, country?.name ?? null, country?.region ?? null,
    ],
  );
  return { stored: Number(rows[0]?.stored ?? 0) > 0, moved: Number(rows[0]?.moved ?? 0) > 0 };
}

export function startLookupSweep(options: LookupSweepOptions): LookupSweep {
  const { adapter, log } = options;
  const pollMs = options.pollMs ?? 5000;
  const claimMs = options.claimMs ?? 60_000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> | null = null;

  const lookupOne = async (exit: Claimed) => {
    const geo = options.geo.lookup(exit.exit_ip);
    const [ptr, verdict] = await Promise.all([options.dns.reverse(exit.exit_ip), options.dns.dnsbl(exit.exit_ip)]);
    if (verdict.error !== null) log.warn({ exitId: exit.id, ip: exit.exit_ip, zone: options.dns.zone, error: verdict.error }, 'checker: no DNSBL verdict (blacklists shown as unknown)');
    const result = await storeLookups(adapter, exit.id, exit.exit_ip, geo, ptr, verdict);
    if (result.moved) log.info({ exitId: exit.id, ip: exit.exit_ip, ct: geo.ct, region: geo.region }, 'checker: exit moved to another country or state');
    return result.stored ? 1 : 0;
  };

  const runOnce = async (): Promise<number> => {
    let stored = 0;
    while (!stopped) {
      const claimed = await claimDueLookups(adapter, options.concurrency * 4, claimMs);
      if (claimed.length === 0) break;
      let next = 0;
      const worker = async () => {
        while (next < claimed.length) {
          const exit = claimed[next++]!;
          try {
            const count = await lookupOne(exit);
            stored += count;
          } catch (error) {
            log.error({ err: error, exitId: exit.id }, 'checker: lookups could not be stored');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency, claimed.length) }, worker));
    }
    return stored;
  };

  const loop = () => {
    if (stopped) return;
    current = runOnce()
      .catch((error: unknown) => {
        log.error({ err: error }, 'checker: the lookup sweep failed');
        return 0;
      })
      .finally(() => {
        current = null;
        if (!stopped) timer = setTimeout(loop, pollMs);
      });
  };
  if (options.loop !== false) timer = setTimeout(loop, 0);

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}

/** The sweep on a checker's settings: opens the databases it names (failing on a path that is not one). */
export async function startConfiguredLookupSweep(
  adapter: SqlAdapter,
  config: CheckerConfig,
  log: Logger,
  timing: { pollMs?: number } = {},
): Promise<LookupSweep> {
  const geo = await openGeoDatabase({ city: config.geoCityDb, asn: config.geoAsnDb });
  if (geo.sources.length === 0) {
    log.info({}, 'checker: no geolocation database set (CHECKER_GEO_CITY_DB, CHECKER_GEO_ASN_DB): exit locations stay as imported or unknown (docs/inventory.md, Location, reverse DNS and blacklists)');
  }
  const dns = createDnsLookups({
    servers: config.dnsServers,
    zone: config.dnsblZone,
    dqsKey: config.dnsblKey,
    timeoutMs: config.dnsTimeoutMs,
    refreshSeconds: config.dnsblRefreshSeconds,
    retrySeconds: config.dnsblRetrySeconds,
  });
  return startLookupSweep({ adapter, geo, dns, concurrency: config.lookupConcurrency, log, ...timing });
}
