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
    [
      exitId,
      result.ok,
      result.ok ? null : result.stage,
      result.ok ? null : result.failure,
      result.connectMs,
      result.ok ? result.pingMs : null,
      result.ok ? result.exitIp : null,
      reason,
    ],
  );
  return rows[0]?.state ?? 'retired';
}
