// Traffic per lease, written in batches: the relay never waits for the database. Every flush adds the
// deltas gathered since the last one with a single statement (one row per lease, in id order so that two
// gateways flushing at once lock rows in the same order). A failed write keeps its deltas for the next try.
import type { Logger } from './logger.ts';
import type { SqlAdapter } from './sql-adapter.ts';

interface Delta {
  up: number;
  down: number;
  connections: number;
}

const UPSERT = `
  INSERT INTO proxy_lease_usage (lease_id, bytes_up, bytes_down, connections, updated_at)
  SELECT u.lease_id, u.up, u.down, u.connections, now()
  FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[]) AS u(lease_id, up, down, connections)
  JOIN proxy_leases l ON l.id = u.lease_id
  ORDER BY u.lease_id
  ON CONFLICT (lease_id) DO UPDATE SET
    bytes_up = proxy_lease_usage.bytes_up + EXCLUDED.bytes_up,
    bytes_down = proxy_lease_usage.bytes_down + EXCLUDED.bytes_down,
    connections = proxy_lease_usage.connections + EXCLUDED.connections,
    updated_at = EXCLUDED.updated_at`;

export class UsageRecorder {
  readonly #adapter: SqlAdapter;
  readonly #log: Logger;
  #pending = new Map<number, Delta>();
  #flushing: Promise<void> | null = null;

  constructor(adapter: SqlAdapter, log: Logger) {
    this.#adapter = adapter;
    this.#log = log;
  }

  add(leaseId: number, up: number, down: number, connections: number): void {
    const delta = this.#pending.get(leaseId);
    if (delta) {
      delta.up += up;
      delta.down += down;
      delta.connections += connections;
    } else {
      this.#pending.set(leaseId, { up, down, connections });
    }
  }

  /** Writes what has been gathered; concurrent calls share one write. */
  flush(): Promise<void> {
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  async #flush(): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    const ids = [...batch.keys()].sort((a, b) => a - b);
    try {
      await this.#adapter.query(UPSERT, [
        ids,
        ids.map((id) => batch.get(id)!.up),
        ids.map((id) => batch.get(id)!.down),
        ids.map((id) => batch.get(id)!.connections),
      ]);
    } catch (error) {
      this.#log.error({ err: error }, 'gateway: writing usage failed; retrying with the next batch');
      for (const [id, delta] of batch) this.add(id, delta.up, delta.down, delta.connections);
    }
  }
}
