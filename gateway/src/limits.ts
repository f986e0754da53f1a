// The limits that must hold for a lease wherever its connections land: how many connections it carries at
// once, and how much password guessing it takes. Every gateway process serves every lease port
// (SO_REUSEPORT), so a limit kept in one process's memory would be multiplied by the number of processes;
// these are kept in a store all of them share. `GatewayLimits` is that store as a session sees it; its
// implementations: `MemoryLimits` (one process: the gateway inside the API on embedded defaults) here, and
// the shared ones (Redis, PostgreSQL) in shared-limits.ts. A store may answer at once (memory) or later
// (a network round trip): sessions take either, so the in-process case costs no promise per connection.
//
// The rules, whatever the store:
// - At most `maxConnectionsPerLease` connections of one lease are admitted at once across the fleet; one
//   more is refused ("not allowed by ruleset").
// - A client address with `authFailureLimit` failed authentications in the window is refused outright
//   until the window passes, even with the right password (it could otherwise go on guessing).
// - A lease with `leaseAuthFailureLimit` failed authentications in the window, from any mix of addresses,
//   is refused to every address that has not authenticated to it in the last `knownSourceMs`, again even
//   with the right password: spreading guesses over many addresses no longer helps. The addresses its owner
//   uses keep working (each within its own per-address limit), so nobody can lock the owner out.

export type Admission =
  /** Admitted: one connection of the lease is counted until release(). */
  | 'ok'
  /** The lease has its maximum of connections across the fleet. */
  | 'full'
  /** This address failed to authenticate too often in the window. */
  | 'source-blocked'
  /** The lease took its budget of failed authentications in the window, and this address is new to it. */
  | 'lease-guarded';

export interface LimitSettings {
  maxConnectionsPerLease: number;
  authFailureLimit: number;
  leaseAuthFailureLimit: number;
  authFailureWindowMs: number;
  /** How long an address that authenticated to a lease keeps working while the lease is being guessed at. */
  knownSourceMs: number;
}

export interface GatewayLimits {
  /**
   * A connection to the lease wants to proceed, after the right credentials (`withCredentials`) or from an
   * allow-listed address. Checks the failure limits (credentials only) and takes one of the lease's
   * connection slots, in one atomic step for the whole fleet.
   */
  admit(leaseId: number, source: string, withCredentials: boolean): Admission | Promise<Admission>;
  /** Wrong credentials from `source` on a port serving these leases; settles once counted. */
  authFailed(source: string, leaseIds: readonly number[]): void | Promise<void>;
  /** A connection admitted with 'ok' ended. */
  release(leaseId: number): void;
  close(): Promise<void>;
}

/** Addresses, leases and known addresses tracked in memory at most: past that the oldest go first. */
const MAX_TRACKED = 100_000;
/** Known addresses remembered per lease at most. */
const MAX_KNOWN_PER_LEASE = 1000;

/** Failures per key in a fixed window that starts at the key's first failure. */
export class FailureWindows<K> {
  readonly #windowMs: number;
  /** key -> [failures, window start]; a Map keeps insertion order, so the first entry is the oldest. */
  readonly #failures = new Map<K, [number, number]>();

  constructor(windowMs: number) {
    this.#windowMs = windowMs;
  }

  count(key: K, now: number): number {
    const entry = this.#failures.get(key);
    if (!entry) return 0;
    if (now - entry[1] >= this.#windowMs) {
      this.#failures.delete(key);
      return 0;
    }
    return entry[0];
  }

  add(key: K, now: number): void {
    const entry = this.#failures.get(key);
    if (entry && now - entry[1] < this.#windowMs) {
      entry[0] += 1;
      return;
    }
    this.#failures.delete(key);
    forgetOldest(this.#failures);
    this.#failures.set(key, [1, now]);
  }
}

function forgetOldest<K, V>(map: Map<K, V>, limit = MAX_TRACKED): void {
  if (map.size < limit) return;
  const oldest = map.keys().next().value;
  if (oldest !== undefined) map.delete(oldest);
}

/** The limits in this process's memory: exact for one process, answered synchronously. */
export class MemoryLimits implements GatewayLimits {
  readonly #settings: LimitSettings;
  readonly #connections = new Map<number, number>();
  readonly #sourceFailures: FailureWindows<string>;
  readonly #leaseFailures: FailureWindows<number>;
  /** lease -> address -> when it last authenticated. */
  readonly #known = new Map<number, Map<string, number>>();

  constructor(settings: LimitSettings) {
    this.#settings = settings;
    this.#sourceFailures = new FailureWindows(settings.authFailureWindowMs);
    this.#leaseFailures = new FailureWindows(settings.authFailureWindowMs);
  }

  admit(leaseId: number, source: string, withCredentials: boolean): Admission {
    const now = Date.now();
    const refusal = withCredentials ? this.authRefusal(leaseId, source, now) : null;
    if (refusal) return refusal;
    const open = this.#connections.get(leaseId) ?? 0;
    if (open >= this.#settings.maxConnectionsPerLease) return 'full';
    this.#connections.set(leaseId, open + 1);
    if (withCredentials) this.rememberSource(leaseId, source, now);
    return 'ok';
  }

  /** Why an address with the right credentials is refused by the failure limits, or null. */
  authRefusal(leaseId: number, source: string, now: number): Admission | null {
    const settings = this.#settings;
    if (this.#sourceFailures.count(source, now) >= settings.authFailureLimit) return 'source-blocked';
    if (this.#leaseFailures.count(leaseId, now) >= settings.leaseAuthFailureLimit && !this.#isKnown(leaseId, source, now)) {
      return 'lease-guarded';
    }
    return null;
  }

  /** The address authenticated to the lease: it keeps working while the lease is being guessed at. */
  rememberSource(leaseId: number, source: string, now: number): void {
    let sources = this.#known.get(leaseId);
    if (!sources) {
      forgetOldest(this.#known);
      sources = new Map();
      this.#known.set(leaseId, sources);
    }
    // An address already known only gets its time moved on (the per-lease bound drops the first known first).
    if (!sources.has(source)) forgetOldest(sources, MAX_KNOWN_PER_LEASE);
    sources.set(source, now);
  }

  authFailed(source: string, leaseIds: readonly number[]): void {
    const now = Date.now();
    this.#sourceFailures.add(source, now);
    for (const leaseId of leaseIds) this.#leaseFailures.add(leaseId, now);
  }

  release(leaseId: number): void {
    const open = this.#connections.get(leaseId) ?? 0;
    if (open <= 1) this.#connections.delete(leaseId);
    else this.#connections.set(leaseId, open - 1);
  }

  async close(): Promise<void> {}

  #isKnown(leaseId: number, source: string, now: number): boolean {
    const seen = this.#known.get(leaseId)?.get(source);
    return seen !== undefined && now - seen < this.#settings.knownSourceMs;
  }
}
