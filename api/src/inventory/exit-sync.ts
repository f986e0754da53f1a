// The inventory engine's writer: puts what a source lists into the exits and their listings, inside the
// caller's transaction (so an import is all or nothing). An exit is known by its endpoint key; a listed exit
// that exists is updated (its source, credentials, type, price, label, declared country), never duplicated.
// A new exit starts 'unchecked' and its listing off the market: the first passing check puts it on sale.
// With `retireMissing` the source's exits it no longer lists are retired: off the market at once; a lease
// on one keeps working until its paid period ends, and is not renewed.
//
// Work is done per batch with a handful of multi-row statements (unnest of one array per column), so a file
// of 100,000 exits takes seconds. Credentials are sealed here and never opened.
import { sql, type Transaction } from 'kysely';
import type { ExitCredentialSealer } from 'gateway/exit-credentials';
import type { Schema } from '../db/schema.ts';
import { countryOf, UNKNOWN_LOCATION } from 'contract/countries';
import { listingPrice, USER_TYPE } from './exit-types.ts';
import type { ExitState } from './inventory-schema.ts';
import type { ProxySource, SourceExit } from './proxy-source.ts';

export interface SyncOptions {
  /** Retire the source's exits this run does not list. */
  retireMissing: boolean;
  /** Why they are retired (stored with each state change). */
  retireReason?: string;
  batchSize?: number;
}

export interface SyncCounts {
  /** Distinct exits the source listed. */
  exits: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Retired exits listed again: unchecked until their next check passes. */
  reactivated: number;
  retired: number;
}

const DEFAULT_BATCH = 5000;

/** An exit's identity: the endpoint (host, port, keyed digest of the login), or a direct exit's name. */
export function endpointKeyOf(source: string, exit: SourceExit, sealer: ExitCredentialSealer): string {
  const { endpoint } = exit;
  if (endpoint.kind === 'direct') return `direct:${source}:${endpoint.ref}`;
  const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
  return `socks5:${host}:${endpoint.port}:${sealer.loginDigest(endpoint.login)}`;
}

interface Row {
  key: string;
  exit: SourceExit;
  digest: string | null;
}

interface Existing {
  id: number;
  endpoint_key: string;
  source: string;
  credentials_digest: string | null;
  declared_type: string;
  price_cents: number | null;
  label: string;
  state: ExitState;
  ct: string;
}

const isIpLiteral = (host: string) => /^[\d.]+$/.test(host) || host.includes(':');

/** The listing a new exit gets: what the source knows, else unknown until checks and geolocation tell. */
function newListing(exit: SourceExit) {
  const price = listingPrice(exit.declaredType, exit.priceCents);
  if (exit.listing) return exit.listing;
  const country = exit.country === null ? null : countryOf(exit.country);
  const place = country ?? UNKNOWN_LOCATION;
  return {
    realIp: exit.endpoint.kind === 'socks5' && isIpLiteral(exit.endpoint.host) ? exit.endpoint.host : '',
    dnsIp: '',
    domain: '',
    ct: place.ct,
    country: place.name,
    regionKey: place.region,
    state: 'Unknown',
    city: '',
    zip: '',
    latitude: 0,
    longitude: null,
    timeZone: '',
    isp: '',
    userType: USER_TYPE[exit.declaredType],
    // Measured by the checker; unknown until then.
    speed: null,
    ping: null,
    addedAt: new Date(),
    baseCents: price.baseCents,
    freshCents: price.freshCents,
    // Nobody asked the blacklists yet: unknown, until the checker's lookups answer.
    sbl: null,
    xbl: null,
    css: null,
    pbl: null,
  };
}

async function insertNew(trx: Transaction<Schema>, source: string, rows: Row[], sealer: ExitCredentialSealer): Promise<number[]> {
  const col = <T>(pick: (row: Row) => T) => rows.map(pick);
  const listings = rows.map((row) => newListing(row.exit));
  const fact = <T>(pick: (listing: ReturnType<typeof newListing>) => T) => listings.map(pick);
  const socks = (row: Row) => (row.exit.endpoint.kind === 'socks5' ? row.exit.endpoint : null);
  const box = (row: Row) => {
    const endpoint = socks(row);
    if (!endpoint || endpoint.login === null || endpoint.password === null) return null;
    return sealer.seal(row.key, { login: endpoint.login, password: endpoint.password });
  };
  const { rows: created } = await sql<{ id: number }>`
    with input as (
      select * from unnest(
        ${col((r) => r.key)}::text[], ${col((r) => r.exit.endpoint.kind)}::text[], ${col((r) => socks(r)?.host ?? null)}::text[],
        ${col((r) => socks(r)?.port ?? null)}::int[], ${col(box)}::text[], ${col((r) => r.digest)}::text[],
        ${col((r) => r.exit.declaredType)}::text[], ${col((r) => r.exit.priceCents)}::int[], ${col((r) => r.exit.label)}::text[],
        ${col((r) => r.exit.initialState ?? 'unchecked')}::text[],
        ${fact((l) => l.realIp)}::text[], ${fact((l) => l.dnsIp)}::text[], ${fact((l) => l.domain)}::text[],
        ${fact((l) => l.regionKey)}::text[], ${fact((l) => l.ct)}::text[], ${fact((l) => l.country)}::text[],
        ${fact((l) => l.state)}::text[], ${fact((l) => l.city)}::text[], ${fact((l) => l.zip)}::text[],
        ${fact((l) => l.latitude)}::float8[], ${fact((l) => l.longitude)}::float8[], ${fact((l) => l.timeZone)}::text[], ${fact((l) => l.isp)}::text[],
        ${fact((l) => l.userType)}::text[], ${fact((l) => l.speed)}::int[], ${fact((l) => l.ping)}::int[],
        ${fact((l) => l.addedAt.toISOString())}::timestamptz[], ${fact((l) => l.baseCents)}::int[],
        ${fact((l) => l.freshCents)}::int[], ${fact((l) => l.sbl)}::smallint[], ${fact((l) => l.xbl)}::smallint[],
        ${fact((l) => l.css)}::smallint[], ${fact((l) => l.pbl)}::smallint[]
      ) as t(endpoint_key, kind, host, port, box, digest, declared_type, price_cents, label, state,
             real_ip, dns_ip, domain, region_key, ct, country, state_name, city, zip, latitude, longitude, time_zone, isp,
             user_type, speed, ping, added_at, base_cents, fresh_cents, sbl, xbl, css, pbl)
    ),
    inserted as (
      insert into exits (source, endpoint_key, kind, host, port, credentials_box, credentials_digest, declared_type,
        price_cents, label, state)
      select ${source}, endpoint_key, kind, host, port, box, digest, declared_type, price_cents, label, state from input
      returning id, endpoint_key, state
    )
    insert into proxy_listings (exit_id, real_ip, dns_ip, domain, region_key, ct, country, state, city, zip, latitude,
      longitude, time_zone, isp, user_type, speed, ping, added_at, base_cents, fresh_cents, sbl_black, xbl_black, css_black,
      pbl_black, online)
    select inserted.id, real_ip, dns_ip, domain, region_key, ct, country, state_name, city, zip, latitude, longitude, time_zone,
      isp, user_type, speed, ping, added_at, base_cents, fresh_cents, sbl, xbl, css, pbl, inserted.state = 'online'
    from inserted join input using (endpoint_key)
    returning exit_id as id`.execute(trx);
  return created.map((row) => Number(row.id));
}

interface Change {
  row: Row;
  existing: Existing;
  /** The new state when it changes (retired or new credentials: checked again before the market). */
  state: ExitState | null;
  reason: string;
  /** The declared country's place, when it moves the listing. */
  place: { ct: string; name: string; region: string } | null;
}

async function applyChanges(trx: Transaction<Schema>, source: string, changes: Change[], sealer: ExitCredentialSealer): Promise<void> {
  const col = <T>(pick: (change: Change) => T) => changes.map(pick);
  const newBox = (change: Change) => {
    const { endpoint } = change.row.exit;
    if (endpoint.kind !== 'socks5' || endpoint.login === null || endpoint.password === null) return null;
    return change.existing.credentials_digest === change.row.digest ? null : sealer.seal(change.row.key, { login: endpoint.login, password: endpoint.password });
  };
  await sql`
    update exits e set
      source = ${source},
      credentials_box = case when v.digest is null then null when v.box is null then e.credentials_box else v.box end,
      credentials_digest = v.digest,
      declared_type = v.declared_type,
      price_cents = v.price_cents,
      label = v.label,
      state = coalesce(v.state, e.state),
      state_changed_at = case when v.state is null then e.state_changed_at else now() end,
      next_check_at = case when v.state is null then e.next_check_at else now() end,
      consecutive_failures = case when v.state is null then e.consecutive_failures else 0 end,
      consecutive_successes = case when v.state is null then e.consecutive_successes else 0 end,
      updated_at = now()
    from unnest(${col((c) => c.existing.id)}::bigint[], ${col(newBox)}::text[], ${col((c) => c.row.digest)}::text[],
      ${col((c) => c.row.exit.declaredType)}::text[], ${col((c) => c.row.exit.priceCents)}::int[],
      ${col((c) => c.row.exit.label)}::text[], ${col((c) => c.state)}::text[])
      as v(id, box, digest, declared_type, price_cents, label, state)
    where e.id = v.id`.execute(trx);
  await sql`
    update proxy_listings li set
      user_type = v.user_type,
      base_cents = v.base_cents,
      fresh_cents = v.fresh_cents,
      ct = coalesce(v.ct, li.ct),
      country = coalesce(v.country, li.country),
      region_key = coalesce(v.region_key, li.region_key),
      state = case when v.ct is null or v.ct = li.ct then li.state else 'Unknown' end
    from unnest(${col((c) => c.existing.id)}::bigint[], ${col((c) => USER_TYPE[c.row.exit.declaredType])}::text[],
      ${col((c) => listingPrice(c.row.exit.declaredType, c.row.exit.priceCents).baseCents)}::int[],
      ${col((c) => listingPrice(c.row.exit.declaredType, c.row.exit.priceCents).freshCents)}::int[],
      ${col((c) => c.place?.ct ?? null)}::text[], ${col((c) => c.place?.name ?? null)}::text[],
      ${col((c) => c.place?.region ?? null)}::text[])
      as v(exit_id, user_type, base_cents, fresh_cents, ct, country, region_key)
    where li.exit_id = v.exit_id
      and (li.user_type, li.base_cents, li.fresh_cents, li.ct) is distinct from
          (v.user_type, v.base_cents, v.fresh_cents, coalesce(v.ct, li.ct))`.execute(trx);
  const moved = changes.filter((c) => c.state !== null);
  if (moved.length > 0) {
    await recordStateChanges(
      trx,
      moved.map((c) => ({ id: c.existing.id, from: c.existing.state, to: c.state as ExitState, reason: c.reason })),
    );
  }
}

export async function recordStateChanges(
  trx: Transaction<Schema>,
  changes: { id: number; from: ExitState; to: ExitState; reason: string }[],
): Promise<void> {
  if (changes.length === 0) return;
  await sql`
    insert into exit_state_changes (exit_id, from_state, to_state, reason)
    select * from unnest(${changes.map((c) => c.id)}::bigint[], ${changes.map((c) => c.from)}::text[],
      ${changes.map((c) => c.to)}::text[], ${changes.map((c) => c.reason)}::text[])`.execute(trx);
}

/** Decides what a listed exit that already exists needs: nothing, an update, a state change. */
function changeOf(row: Row, existing: Existing, source: string): Change | null {
  const { exit } = row;
  const credentialsChanged = existing.credentials_digest !== row.digest;
  let state: ExitState | null = null;
  let reason = '';
  if (existing.state === 'retired') {
    state = exit.initialState ?? 'unchecked';
    reason = `listed again by ${source}`;
  } else if (credentialsChanged && existing.state !== 'unchecked') {
    state = 'unchecked';
    reason = 'new credentials: checked again before it is sold';
  }
  const country = exit.country === null ? null : countryOf(exit.country);
  const place = country && country.ct !== existing.ct ? { ct: country.ct, name: country.name, region: country.region } : null;
  const same =
    state === null &&
    place === null &&
    !credentialsChanged &&
    existing.source === source &&
    existing.declared_type === exit.declaredType &&
    existing.price_cents === exit.priceCents &&
    existing.label === exit.label;
  return same ? null : { row, existing, state, reason, place };
}

/**
 * Writes everything the source lists, inside `trx`. The caller holds the import lock (one writer at a
 * time) and decides what to do with the counts; any error rolls the whole run back.
 */
export async function syncSource(
  trx: Transaction<Schema>,
  source: ProxySource,
  sealer: ExitCredentialSealer,
  options: SyncOptions,
): Promise<SyncCounts> {
  const counts: SyncCounts = { exits: 0, created: 0, updated: 0, unchanged: 0, reactivated: 0, retired: 0 };
  const seen = new Set<string>();
  const listedIds = new Set<number>();
  for await (const batch of source.batches(options.batchSize ?? DEFAULT_BATCH)) {
    const rows: Row[] = [];
    for (const exit of batch) {
      const key = endpointKeyOf(source.name, exit, sealer);
      if (seen.has(key)) continue;
      seen.add(key);
      const { endpoint } = exit;
      const digest =
        endpoint.kind === 'socks5' && endpoint.login !== null && endpoint.password !== null
          ? sealer.credentialsDigest({ login: endpoint.login, password: endpoint.password })
          : null;
      rows.push({ key, exit, digest });
    }
    if (rows.length === 0) continue;
    counts.exits += rows.length;
    const { rows: found } = await sql<Existing>`
      select e.id, e.endpoint_key, e.source, e.credentials_digest, e.declared_type, e.price_cents, e.label, e.state, li.ct
      from exits e join proxy_listings li on li.exit_id = e.id
      where e.endpoint_key = any(${rows.map((row) => row.key)}::text[])
      for update of e`.execute(trx);
    const existing = new Map(found.map((row) => [row.endpoint_key, { ...row, id: Number(row.id) }]));
    const fresh: Row[] = [];
    const changes: Change[] = [];
    for (const row of rows) {
      const known = existing.get(row.key);
      if (!known) {
        fresh.push(row);
        continue;
      }
      listedIds.add(known.id);
      const change = changeOf(row, known, source.name);
      if (change === null) counts.unchanged += 1;
      else {
        changes.push(change);
        if (known.state === 'retired') counts.reactivated += 1;
        else counts.updated += 1;
      }
    }
    if (fresh.length > 0) {
      for (const id of await insertNew(trx, source.name, fresh, sealer)) listedIds.add(id);
      counts.created += fresh.length;
    }
    if (changes.length > 0) await applyChanges(trx, source.name, changes, sealer);
  }
  if (options.retireMissing) {
    const { rows: current } = await sql<{ id: number; state: ExitState }>`
      select id, state from exits where source = ${source.name} and state <> 'retired' for update`.execute(trx);
    const gone = current.map((row) => ({ id: Number(row.id), from: row.state })).filter((row) => !listedIds.has(row.id));
    counts.retired = await retire(trx, gone, options.retireReason ?? `no longer listed by ${source.name}`);
  }
  return counts;
}

/** Retires exits: off the market at once (the listing follows), leases run to their end without renewal. */
export async function retire(trx: Transaction<Schema>, exits: { id: number; from: ExitState }[], reason: string): Promise<number> {
  for (let start = 0; start < exits.length; start += DEFAULT_BATCH) {
    const chunk = exits.slice(start, start + DEFAULT_BATCH);
    await sql`
      update exits set state = 'retired', state_changed_at = now(), updated_at = now()
      where id = any(${chunk.map((exit) => exit.id)}::bigint[])`.execute(trx);
    await recordStateChanges(trx, chunk.map((exit) => ({ id: exit.id, from: exit.from, to: 'retired', reason })));
  }
  return exits.length;
}
