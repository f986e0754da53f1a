// The checker's side of the database: which exits to check, and what a check found. Recording is one
// statement per check: the last check's fields, the state (a passed check puts the exit online, a failed one
// takes it off as dead; a retired exit stays retired), and a row in exit_state_changes when the state moves.
// The listing follows the exit's state, address and ping by the trigger of migration 0015.
import type { ExitState } from 'contract/inventory';
import type { SqlAdapter } from 'gateway/sql-adapter';
import type { CheckResult } from './check.ts';

export interface ExitToCheck {
  id: number;
  source: string;
  host: string;
  port: number;
  endpointKey: string;
  credentialsBox: string | null;
}

export interface CheckSelection {
  source?: string | undefined;
  /** Default: unchecked, online and dead (never retired). */
  states?: readonly ('unchecked' | 'online' | 'dead')[] | undefined;
  ids?: readonly number[] | undefined;
}

interface ExitRow {
  id: number;
  source: string;
  host: string;
  port: number;
  endpoint_key: string;
  credentials_box: string | null;
}

/** Upstream exits to check, in id order, a page at a time (a large inventory is never read at once). */
export async function* exitsToCheck(adapter: SqlAdapter, selection: CheckSelection, pageSize = 1000): AsyncGenerator<ExitToCheck[]> {
  const states = selection.states && selection.states.length > 0 ? [...selection.states] : ['unchecked', 'online', 'dead'];
  let after = 0;
  for (;;) {
    const rows = await adapter.query<ExitRow>(
      `SELECT id, source, host, port, endpoint_key, credentials_box FROM exits
       WHERE kind = 'socks5' AND state = ANY($1::text[]) AND id > $2
         AND ($3::text IS NULL OR source = $3) AND ($4::bigint[] IS NULL OR id = ANY($4::bigint[]))
       ORDER BY id LIMIT $5`,
      [states, after, selection.source ?? null, selection.ids ? [...selection.ids] : null, pageSize],
    );
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      id: Number(row.id),
      source: row.source,
      host: row.host,
      port: Number(row.port),
      endpointKey: row.endpoint_key,
      credentialsBox: row.credentials_box,
    }));
    after = Number(rows.at(-1)!.id);
    if (rows.length < pageSize) return;
  }
}

/** How long until an exit is due again after an on-demand check (the scheduled checker reads next_check_at). */
const RECHECK_INTERVAL = '60 seconds';

/** A check's outcome as the exits table stores it: ok, failure stage and text, connect ms, ping ms, exit IP. */
function resultColumns(result: CheckResult) {
  return [
    result.ok,
    result.ok ? null : result.stage,
    result.ok ? null : result.failure,
    result.connectMs,
    result.ok ? result.pingMs : null,
    result.ok ? result.exitIp : null,
  ];
}

/** Stores a check's result; returns the exit's state after it. */
export async function recordCheck(adapter: SqlAdapter, exitId: number, result: CheckResult): Promise<ExitState> {
  const reason = result.ok ? 'check passed' : `check failed at ${result.stage}: ${result.failure}`;
  const rows = await adapter.query<{ state: ExitState }>(
    `WITH before AS (SELECT id, state FROM exits WHERE id = $1 FOR UPDATE),
     after AS (
       UPDATE exits e SET
         checked_at = now(), check_ok = $2, check_stage = $3, check_failure = $4, connect_ms = $5,
         ping_ms = coalesce($6, e.ping_ms), exit_ip = coalesce($7, e.exit_ip),
         state = CASE WHEN e.state = 'retired' THEN e.state WHEN $2 THEN 'online' ELSE 'dead' END,
         state_changed_at = CASE WHEN e.state = 'retired' OR e.state = (CASE WHEN $2 THEN 'online' ELSE 'dead' END)
                                 THEN e.state_changed_at ELSE now() END,
         consecutive_failures = CASE WHEN $2 THEN 0 ELSE e.consecutive_failures + 1 END,
         consecutive_successes = CASE WHEN $2 THEN e.consecutive_successes + 1 ELSE 0 END,
         next_check_at = now() + interval '${RECHECK_INTERVAL}'
       FROM before WHERE e.id = before.id
       RETURNING e.id, e.state, before.state AS old_state
     ),
     logged AS (
       INSERT INTO exit_state_changes (exit_id, from_state, to_state, reason)
       SELECT id, old_state, state, $8 FROM after WHERE old_state <> state
     )
     SELECT state FROM after`,
    [exitId, ...resultColumns(result), reason],
  );
  return rows[0]?.state ?? 'retired';
}

/** An exit this instance claimed: checked by no other instance until `claimedUntil`. */
export interface ClaimedExit extends ExitToCheck {
  claimedUntil: number;
  /** Scheduled checks stored so far (every Kth measures speed). */
  checksCount: number;
}

/**
 * Claims up to `limit` exits that are due (their next check time passed) and claimed by no live instance,
 * earliest due first. Rows another instance is claiming at this moment are skipped (SKIP LOCKED), so two
 * instances never claim the same exit; a claim lapses at `claimedUntil` if its instance never records.
 */
export async function claimDueExits(adapter: SqlAdapter, instance: string, limit: number, claimMs: number): Promise<ClaimedExit[]> {
  const rows = await adapter.query<ExitRow & { claimed_until: Date | string; checks_count: number | string }>(
    `WITH due AS (
       SELECT id FROM exits
       WHERE kind = 'socks5' AND state <> 'retired' AND next_check_at <= now()
         AND (claimed_until IS NULL OR claimed_until < now())
       ORDER BY next_check_at LIMIT $1
       FOR UPDATE SKIP LOCKED
     )
     UPDATE exits e SET claimed_until = now() + $2::float8 * interval '1 millisecond', claimed_by = $3
     FROM due WHERE e.id = due.id
     RETURNING e.id, e.source, e.host, e.port, e.endpoint_key, e.credentials_box, e.claimed_until, e.checks_count`,
    [limit, claimMs, instance],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    source: row.source,
    host: row.host,
    port: Number(row.port),
    endpointKey: row.endpoint_key,
    credentialsBox: row.credentials_box,
    claimedUntil: new Date(row.claimed_until).getTime(),
    checksCount: Number(row.checks_count),
  }));
}

/** Gives claims back unchecked (this instance stops, or could not start them in time): due again at once. */
export async function releaseClaims(adapter: SqlAdapter, instance: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await adapter.query(`UPDATE exits SET claimed_until = NULL, claimed_by = NULL WHERE id = ANY($1::bigint[]) AND claimed_by = $2`, [[...ids], instance]);
}

/** Ping samples kept per exit and hour for the median (a check a minute fills half of it). */
const PINGS_PER_HOUR = 120;

/** Drops the hourly health rows older than 8 days (7 days are shown); any instance may run it. */
export async function dropOldUptime(adapter: SqlAdapter): Promise<void> {
  await adapter.query(`DELETE FROM exit_uptime_hours WHERE hour < now() - interval '8 days'`);
}

/**
 * Copies each exit's 7-day uptime (percent) onto its listing, for the market's sort: exits checked since
 * `since` (null: all that have hourly rows).
 */
export async function refreshListingUptime(adapter: SqlAdapter, since: Date | null): Promise<void> {
  await adapter.query(
    `UPDATE proxy_listings li SET uptime_7d = a.uptime
     FROM (
       SELECT u.exit_id, round((100.0 * sum(u.ok) / sum(u.checks))::numeric, 1)::real AS uptime
       FROM exit_uptime_hours u
       WHERE u.hour > now() - interval '7 days'
         AND ($1::timestamptz IS NULL OR u.exit_id IN (SELECT id FROM exits WHERE checked_at >= $1::timestamptz))
       GROUP BY u.exit_id
     ) a
     WHERE li.exit_id = a.exit_id AND li.uptime_7d IS DISTINCT FROM a.uptime`,
    [since],
  );
}

/** When a scheduled check moves an exit's state. */
export interface StatePolicy {
  intervalMs: number;
  deadAfterFailures: number;
  deadAfterMs: number;
  onlineAfterSuccesses: number;
}

export interface RecordedCheck {
  /** false: the claim had lapsed and another instance holds the exit now; nothing was written. */
  recorded: boolean;
  from: ExitState;
  state: ExitState;
}

/**
 * Stores a scheduled check under its claim, with hysteresis: an online exit turns dead after
 * `deadAfterFailures` failures in a row or once it has failed for over `deadAfterMs`; a dead one turns online
 * after `onlineAfterSuccesses` passes in a row; an unchecked one takes its first check's verdict. `paused`
 * (the judge is out): the check's fields are stored, but no counter and no state moves. The next check is
 * due one interval after this one was due (once per interval, however long the check took).
 */
export async function recordScheduledCheck(
  adapter: SqlAdapter,
  instance: string,
  exitId: number,
  result: CheckResult,
  policy: StatePolicy,
  paused: boolean,
): Promise<RecordedCheck> {
  const failureText = result.ok ? '' : `check failed at ${result.stage}: ${result.failure}`;
  const rows = await adapter.query<{ state: ExitState; old_state: ExitState; failures: number }>(
    `WITH before AS (
       SELECT id, state, consecutive_failures, consecutive_successes, failing_since FROM exits
       WHERE id = $1 AND claimed_by = $2 FOR UPDATE
     ),
     counted AS (
       SELECT id, state AS old_state,
         CASE WHEN $13::boolean THEN consecutive_failures WHEN $3::boolean THEN 0 ELSE consecutive_failures + 1 END AS failures,
         CASE WHEN $13::boolean THEN consecutive_successes WHEN $3::boolean THEN consecutive_successes + 1 ELSE 0 END AS successes,
         CASE WHEN $13::boolean THEN failing_since WHEN $3::boolean THEN NULL ELSE coalesce(failing_since, now()) END AS failing_since
       FROM before
     ),
     decided AS (
       SELECT c.*, CASE
         WHEN $13::boolean OR c.old_state = 'retired' THEN c.old_state
         WHEN $3::boolean AND (c.old_state = 'unchecked' OR c.successes >= $12::int) THEN 'online'
         WHEN $3::boolean THEN c.old_state
         WHEN c.old_state = 'unchecked' THEN 'dead'
         WHEN c.failures >= $10::int OR now() - c.failing_since > $11::float8 * interval '1 millisecond' THEN 'dead'
         ELSE c.old_state END AS state
       FROM counted c
     ),
     after AS (
       UPDATE exits e SET
         checked_at = now(), check_ok = $3::boolean, check_stage = $4, check_failure = $5, connect_ms = $6,
         ping_ms = coalesce($7::int, e.ping_ms), exit_ip = coalesce($8, e.exit_ip),
         state = d.state,
         state_changed_at = CASE WHEN d.state <> d.old_state THEN now() ELSE e.state_changed_at END,
         consecutive_failures = d.failures, consecutive_successes = d.successes, failing_since = d.failing_since,
         checks_count = e.checks_count + 1, speed_mbps = coalesce($16::float8, e.speed_mbps),
         next_check_at = CASE WHEN e.next_check_at + $9::float8 * interval '1 millisecond' > now()
                              THEN e.next_check_at + $9::float8 * interval '1 millisecond'
                              ELSE now() + $9::float8 * interval '1 millisecond' END,
         claimed_until = NULL, claimed_by = NULL
       FROM decided d WHERE e.id = d.id
       RETURNING e.id, d.state, d.old_state, d.failures, d.failing_since
     ),
     counted_hour AS (
       INSERT INTO exit_uptime_hours AS u (exit_id, hour, checks, ok, pings)
       SELECT id, date_trunc('hour', now()), 1, CASE WHEN $3::boolean THEN 1 ELSE 0 END,
         CASE WHEN $7::int IS NULL THEN '{}'::integer[] ELSE ARRAY[$7::int] END
       FROM after WHERE NOT $13::boolean
       ON CONFLICT (exit_id, hour) DO UPDATE SET
         checks = u.checks + 1, ok = u.ok + EXCLUDED.ok,
         pings = CASE WHEN cardinality(u.pings) < ${PINGS_PER_HOUR} THEN u.pings || EXCLUDED.pings ELSE u.pings END
     ),
     logged AS (
       INSERT INTO exit_state_changes (exit_id, from_state, to_state, reason, check_interval_s)
       SELECT id, old_state, state,
         CASE WHEN state = 'online' THEN
                CASE WHEN old_state = 'unchecked' THEN 'check passed' ELSE $15::text END
              WHEN old_state = 'unchecked' THEN $14::text
              WHEN failures >= $10::int THEN $14::text || ' (' || failures || ' failures in a row)'
              ELSE $14::text || ' (failing for ' || round(extract(epoch FROM now() - failing_since)) || ' s)' END,
         ceil($9::float8 / 1000.0)
       FROM after WHERE old_state <> state
     )
     SELECT state, old_state, failures FROM after`,
    [
      exitId,
      instance,
      ...resultColumns(result),
      policy.intervalMs,
      policy.deadAfterFailures,
      policy.deadAfterMs,
      policy.onlineAfterSuccesses,
      paused,
      failureText,
      `${policy.onlineAfterSuccesses} checks passed in a row`,
      result.ok ? (result.speedMbps ?? null) : null,
    ],
  );
  const row = rows[0];
  if (!row) return { recorded: false, from: 'retired', state: 'retired' };
  return { recorded: true, from: row.old_state, state: row.state };
}
