// The gateway's in-memory view of the paid leases, so that authenticating a connection never waits for the
// database. It learns of changes within moments (LISTEN lease_changed: the payload names the lease, which is
// re-read), re-reads everything periodically in case a notification was lost, and ends each lease on its
// own timer at expires_at (a renewal re-arms the timer; the lease is never dropped in between).
import { AllowList } from './allow-list.ts';
import type { PortRange } from './config.ts';
import type { ExitCredentialOpener } from './exit-credential-opener.ts';
import type { Logger } from './logger.ts';
import type { SqlAdapter } from './sql-adapter.ts';

export type Exit =
  | { kind: 'direct' }
  | { kind: 'socks5'; host: string; port: number; login: string | null; password: string | null };

export interface Lease {
  id: number;
  port: number;
  login: string;
  password: string;
  /** Epoch milliseconds; the lease carries traffic while now is before this. */
  expiresAt: number;
  /** Client networks that may use the lease without the login:pass; null: none. */
  allowList: AllowList | null;
  exit: Exit;
}

export interface LeaseDirectoryEvents {
  /** A lease became active, or an active lease changed (renewed, new credentials, new exit). */
  onUpsert(lease: Lease, previous: Lease | undefined): void;
  /** A lease ended: expired, deleted, or moved outside this gateway's port range. */
  onRemove(lease: Lease): void;
}

export const LEASE_CHANNEL = 'lease_changed';

interface LeaseRow {
  id: number;
  port: number;
  socks_auth: string;
  expires_ms: number;
  allow_cidrs: string[] | null;
  exit_kind: string;
  exit_host: string | null;
  exit_port: number | null;
  endpoint_key: string;
  credentials_box: string | null;
}

// The exit of a lease is its listing's exit (migrations/0015_exits.sql); its credentials are sealed.
const LEASE_COLUMNS = `
  l.id, l.port, l.socks_auth, (extract(epoch from l.expires_at) * 1000)::float8 AS expires_ms,
  l.allow_cidrs::text[] AS allow_cidrs,
  e.kind AS exit_kind, e.host AS exit_host, e.port AS exit_port, e.endpoint_key, e.credentials_box
  FROM proxy_leases l JOIN proxy_listings s ON s.id = l.listing_id JOIN exits e ON e.id = s.exit_id`;

// A lease is served while it runs and its account is not disabled by an operator (the API's migration 0061
// notifies lease_changed for each of the account's leases when that changes).
const ACTIVE = `l.expires_at > now() AND l.port BETWEEN $1 AND $2
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = l.user_id AND u.disabled_at IS NOT NULL)`;

/** setTimeout takes at most 2^31-1 ms; a longer wait is taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

export interface LeaseDirectoryOptions {
  adapter: SqlAdapter;
  portRange: PortRange;
  resyncMs: number;
  log: Logger;
  events: LeaseDirectoryEvents;
  /** Opens the sealed credentials of upstream exits. */
  credentials: ExitCredentialOpener;
}

export class LeaseDirectory {
  readonly #options: LeaseDirectoryOptions;
  readonly #leases = new Map<number, Lease>();
  readonly #timers = new Map<number, NodeJS.Timeout>();
  /** Change counter: a full re-read does not overwrite a lease re-read on its own after it started. */
  #epoch = 0;
  readonly #touched = new Map<number, number>();
  /** Per lease, the latest single re-read started: an older answer arriving late is dropped. */
  readonly #pending = new Map<number, number>();
  #resyncTimer: NodeJS.Timeout | null = null;
  #resyncing: Promise<void> | null = null;
  /** A full re-read asked for while one was under way: it runs once that one ends. */
  #resyncAgain: Promise<void> | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  #stopped = false;

  constructor(options: LeaseDirectoryOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#leases.size;
  }

  get(id: number): Lease | undefined {
    return this.#leases.get(id);
  }

  leases(): IterableIterator<Lease> {
    return this.#leases.values();
  }

  /** Starts listening first, then reads everything: no change can fall between the two. */
  async start(): Promise<void> {
    this.#unlisten = await this.#options.adapter.listen(
      LEASE_CHANNEL,
      (payload) => this.#onNotification(payload),
      () => void this.resync(),
    );
    await this.resync();
    this.#resyncTimer = setInterval(() => void this.resync(), this.#options.resyncMs);
    this.#resyncTimer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#resyncTimer) clearInterval(this.#resyncTimer);
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    await this.#unlisten?.();
    await this.#resyncing?.catch(() => {});
    await this.#resyncAgain?.catch(() => {});
  }

  /**
   * Re-reads every active lease and reconciles. Asked while a re-read is under way, it runs once more after
   * that one: the read under way may have started before the change the caller knows of.
   */
  resync(): Promise<void> {
    if (this.#resyncing) {
      this.#resyncAgain ??= this.#resyncing.then(() => {
        this.#resyncAgain = null;
        return this.resync();
      });
      return this.#resyncAgain;
    }
    this.#resyncing = this.#resync().finally(() => {
      this.#resyncing = null;
    });
    return this.#resyncing;
  }

  async #resync(): Promise<void> {
    if (this.#stopped) return;
    const started = this.#epoch;
    const { first, last } = this.#options.portRange;
    let rows: LeaseRow[];
    try {
      rows = await this.#options.adapter.query<LeaseRow>(`SELECT ${LEASE_COLUMNS} WHERE ${ACTIVE}`, [first, last]);
    } catch (error) {
      this.#options.log.error({ err: error }, 'gateway: reading the leases failed');
      return;
    }
    if (this.#stopped) return;
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.id);
      if ((this.#touched.get(row.id) ?? -1) >= started) continue;
      this.#apply(row.id, row);
    }
    for (const id of [...this.#leases.keys()]) {
      if (seen.has(id) || (this.#touched.get(id) ?? -1) >= started) continue;
      this.#apply(id, null);
    }
    // Marks older than this read are no longer needed to protect anything.
    for (const [id, epoch] of this.#touched) if (epoch < started) this.#touched.delete(id);
  }

  #onNotification(payload: string): void {
    if (this.#stopped) return;
    if (payload.startsWith('listing:')) {
      const listingId = Number(payload.slice('listing:'.length));
      if (Number.isSafeInteger(listingId)) void this.#reloadListing(listingId);
      return;
    }
    const id = Number(payload);
    if (Number.isSafeInteger(id) && id > 0) void this.reload(id);
  }

  /** Re-reads one lease (after a notification naming it). */
  async reload(id: number): Promise<void> {
    const epoch = ++this.#epoch;
    this.#touched.set(id, epoch);
    this.#pending.set(id, epoch);
    const { first, last } = this.#options.portRange;
    let rows: LeaseRow[];
    try {
      rows = await this.#options.adapter.query<LeaseRow>(`SELECT ${LEASE_COLUMNS} WHERE l.id = $3 AND ${ACTIVE}`, [
        first,
        last,
        id,
      ]);
    } catch (error) {
      this.#options.log.error({ err: error, leaseId: id }, 'gateway: reading a lease failed');
      // The change is still unknown here: drop the marks that would make a full re-read pass this lease by,
      // and ask for one now rather than at the next period.
      if (this.#pending.get(id) === epoch) {
        this.#pending.delete(id);
        this.#touched.delete(id);
        void this.resync();
      }
      return;
    }
    if (this.#stopped || this.#pending.get(id) !== epoch) return;
    this.#pending.delete(id);
    this.#apply(id, rows[0] ?? null);
  }

  async #reloadListing(listingId: number): Promise<void> {
    try {
      const rows = await this.#options.adapter.query<{ id: number }>(
        'SELECT id FROM proxy_leases WHERE listing_id = $1 AND expires_at > now()',
        [listingId],
      );
      await Promise.all(rows.map((row) => this.reload(Number(row.id))));
    } catch (error) {
      this.#options.log.error({ err: error, listingId }, 'gateway: reading a listing failed');
      void this.resync();
    }
  }

  #apply(id: number, row: LeaseRow | null): void {
    const previous = this.#leases.get(id);
    const lease = row ? toLease(row, this.#options.credentials, this.#options.log) : null;
    if (!lease || lease.expiresAt <= Date.now()) {
      if (previous) this.#remove(previous);
      return;
    }
    if (previous && sameLease(previous, lease)) return;
    this.#leases.set(id, lease);
    this.#arm(lease);
    this.#options.events.onUpsert(lease, previous);
  }

  #remove(lease: Lease): void {
    this.#leases.delete(lease.id);
    const timer = this.#timers.get(lease.id);
    if (timer) clearTimeout(timer);
    this.#timers.delete(lease.id);
    this.#options.events.onRemove(lease);
  }

  #arm(lease: Lease): void {
    const existing = this.#timers.get(lease.id);
    if (existing) clearTimeout(existing);
    const wait = Math.min(Math.max(lease.expiresAt - Date.now(), 0), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.#timers.delete(lease.id);
      const current = this.#leases.get(lease.id);
      if (!current) return;
      if (current.expiresAt <= Date.now()) this.#remove(current);
      else this.#arm(current);
    }, wait);
    this.#timers.set(lease.id, timer);
  }
}

function toLease(row: LeaseRow, credentials: ExitCredentialOpener, log: Logger): Lease | null {
  const separator = row.socks_auth.indexOf(':');
  if (separator <= 0) return null;
  let exit: Exit;
  if (row.exit_kind === 'socks5' && row.exit_host && row.exit_port) {
    const opened = row.credentials_box === null ? null : credentials.open(row.endpoint_key, row.credentials_box);
    if (row.credentials_box !== null && opened === null) {
      // Never the box or anything from it in the log: only which lease cannot be served, and the likely cause.
      log.error({ leaseId: row.id }, 'gateway: the exit credentials of a lease do not open; is EXIT_CREDENTIALS_KEY the key that sealed them?');
      return null;
    }
    exit = { kind: 'socks5', host: row.exit_host, port: row.exit_port, login: opened?.login ?? null, password: opened?.password ?? null };
  } else if (row.exit_kind === 'direct') {
    exit = { kind: 'direct' };
  } else {
    log.warn({ leaseId: row.id, exitKind: row.exit_kind }, 'gateway: lease with an exit it cannot use');
    return null;
  }
  return {
    id: Number(row.id),
    port: row.port,
    login: row.socks_auth.slice(0, separator),
    password: row.socks_auth.slice(separator + 1),
    expiresAt: row.expires_ms,
    allowList: AllowList.from(row.allow_cidrs ?? [], (entry) =>
      log.warn({ leaseId: row.id, entry }, 'gateway: allow-list entry refused (too wide or invalid); it opens nothing'),
    ),
    exit,
  };
}

function sameLease(a: Lease, b: Lease): boolean {
  return (
    a.port === b.port &&
    a.login === b.login &&
    a.password === b.password &&
    a.expiresAt === b.expiresAt &&
    JSON.stringify(a.exit) === JSON.stringify(b.exit) &&
    (a.allowList?.key ?? '') === (b.allowList?.key ?? '')
  );
}
