// The limits of limits.ts kept in a store the whole fleet shares (Redis, or PostgreSQL: whichever the fleet
// already has), so that N gateway processes together admit what one would. Whatever asks the store is one
// atomic step there (one round trip); releases are batched. The store keeps each gateway's connections per
// lease apart, under the gateway's id, so those of a gateway that died stop counting once its heartbeat
// lapses (`aliveMs`). Each heartbeat also writes this gateway's own counts again, which mends a count that
// a lost reply or a store outage left wrong.
//
// Most connections of a busy lease cost no round trip: while a lease is far from its cap, a gateway reserves
// a few slots of it ahead in the store (in one atomic step, against half the cap) and keeps the slots of
// connections that end instead of handing them back, up to twice a reservation. A connection takes a reserved
// slot in memory; from an allow-listed address, or with credentials from an address the store admitted to
// that lease in the last VOUCH_MS, it is admitted without asking the store (a lease's failure budget never
// refuses such an address; an address's own block reaches this gateway within VOUCH_MS, at once for the
// failures it heard itself); another address has the store check the failure limits alone. Reserved slots
// count in the store like connections, so the cap is never exceeded; once a reservation finds the lease at
// half its cap the gateway keeps no slots for it for a while and uses up what it holds, and a slot left unused
// for a whole heartbeat interval is handed back.
//
// When the store fails (down, or slower than STORE_TIMEOUT_MS) the gateway keeps serving: for the next
// FALLBACK_MS it applies the same limits to its own connections in its own memory (per process, as before
// fleet-wide limits), logs it, then tries the store again. Customers' proxies do not stop because Redis or
// PostgreSQL hiccuped.
import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.ts';
import { MemoryLimits, type Admission, type GatewayLimits, type LimitSettings } from './limits.ts';

/** One shared store's operations; each is atomic in the store. */
export interface LimitBackend {
  admit(gatewayId: string, leaseId: number, source: string, withCredentials: boolean, settings: LimitSettings): Promise<Admission>;
  /** The failure limits alone, for a connection with credentials that has a reserved slot already. */
  authorize(gatewayId: string, leaseId: number, source: string, settings: LimitSettings): Promise<Admission>;
  /**
   * Takes up to `count` connection slots of the lease for this gateway at once, as many as keep the lease's
   * count across the fleet within `cap`; answers how many it took.
   */
  reserve(gatewayId: string, leaseId: number, count: number, cap: number): Promise<number>;
  authFailed(source: string, leaseIds: readonly number[], settings: LimitSettings): Promise<void>;
  /** Takes `count` connections of each lease off this gateway's tally. */
  release(gatewayId: string, released: ReadonlyMap<number, number>): Promise<void>;
  /**
   * Marks the gateway alive for `aliveMs` and sets its tally of each lease in `counts` (0: none); leases in
   * `refresh` keep their tally (an admission or a release is under way) but must not expire.
   */
  heartbeat(gatewayId: string, aliveMs: number, counts: ReadonlyMap<number, number>, refresh: readonly number[], settings: LimitSettings): Promise<void>;
  /** The gateway stops: it is no longer alive, and its tallies of these leases go at once. */
  leave(gatewayId: string, leaseIds: readonly number[]): Promise<void>;
  close(): Promise<void>;
}

export interface SharedLimitsOptions {
  log: Logger;
  heartbeatMs?: number;
  /** A gateway whose last heartbeat is older than this counts no connections. */
  aliveMs?: number;
  /** A store call that takes longer failed (default STORE_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Slots reserved per lease at most (default SPARE_SLOTS; also a sixteenth of the cap at most); 0: none. */
  spareSlots?: number;
}

const STORE_TIMEOUT_MS = 1000;
const FALLBACK_MS = 5000;
/** Slots a gateway holds in reserve per lease at most by default (GATEWAY_SPARE_SLOTS; also a sixteenth of the cap at most). */
export const SPARE_SLOTS = 16;
/** How long an address the store admitted to a lease is admitted again without asking it. */
const VOUCH_MS = 1000;
/** Addresses remembered as admitted per lease at most. */
const MAX_VOUCHED = 64;
/** After a reservation found the lease at half its cap, how long its slots go back to the store one by one. */
const BUSY_LEASE_MS = 3000;
/** A store call that failed may still land this late; until then its lease's count is written again. */
const SETTLE_MS = 30_000;

class StoreTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`the limit store did not answer within ${timeoutMs} ms`);
  }
}

function add(map: Map<number, number>, key: number, delta: number): void {
  const value = (map.get(key) ?? 0) + delta;
  if (value === 0) map.delete(key);
  else map.set(key, value);
}

export class SharedLimits implements GatewayLimits {
  readonly id = randomUUID();
  readonly #backend: LimitBackend;
  readonly #settings: LimitSettings;
  readonly #log: Logger;
  readonly #aliveMs: number;
  readonly #timeoutMs: number;
  /** This gateway's open connections per lease that it admitted: what the store should count for it. */
  readonly #open = new Map<number, number>();
  /** Store calls under way per lease: their effect is not known yet, so no heartbeat overwrites it. */
  readonly #busy = new Map<number, number>();
  /** Leases whose count in the store may be wrong (a call failed), and since when. */
  readonly #unsettled = new Map<number, number>();
  #released = new Map<number, number>();
  /** Slots reserved in the store per lease beyond this gateway's open connections (counted with them). */
  readonly #spare = new Map<number, number>();
  /** Leases whose spare slots were used since the last heartbeat. */
  readonly #spareUsed = new Set<number>();
  /** Reservations under way per lease: admissions meanwhile wait for them. */
  readonly #reserving = new Map<number, Promise<void>>();
  /** Leases found at half their cap, until when: no slots kept for them. */
  readonly #busyLeases = new Map<number, number>();
  /** lease -> address -> when the store last admitted it with credentials. */
  readonly #vouched = new Map<number, Map<string, number>>();
  /** Failure-limit checks under way, by `lease address` (null: the store failed). */
  readonly #authorizing = new Map<string, Promise<Admission | null>>();
  readonly #spareSlots: number;
  #flushScheduled = false;
  /** The failure limits of this process alone, while the store fails. */
  readonly #fallback: MemoryLimits;
  #fallbackUntil = 0;
  readonly #heartbeatTimer: NodeJS.Timeout;
  #heartbeat: Promise<void> | null = null;
  #closed = false;

  private constructor(backend: LimitBackend, settings: LimitSettings, options: SharedLimitsOptions) {
    this.#backend = backend;
    this.#settings = settings;
    this.#log = options.log;
    this.#aliveMs = options.aliveMs ?? 15_000;
    this.#timeoutMs = options.timeoutMs ?? STORE_TIMEOUT_MS;
    this.#fallback = new MemoryLimits(settings);
    this.#spareSlots = Math.min(options.spareSlots ?? SPARE_SLOTS, Math.floor(settings.maxConnectionsPerLease / 16));
    this.#heartbeatTimer = setInterval(() => void this.beat(), options.heartbeatMs ?? 3000);
    this.#heartbeatTimer.unref();
  }

  /** Joins the fleet: the first heartbeat is written before anything is admitted. */
  static async start(backend: LimitBackend, settings: LimitSettings, options: SharedLimitsOptions): Promise<SharedLimits> {
    const limits = new SharedLimits(backend, settings, options);
    await limits.beat();
    return limits;
  }

  admit(leaseId: number, source: string, withCredentials: boolean): Admission | Promise<Admission> {
    if (this.#degraded()) return this.#admitLocally(leaseId, source, withCredentials);
    const reserving = this.#reserving.get(leaseId);
    if (reserving) return reserving.then(() => this.admit(leaseId, source, withCredentials));
    if (this.#takeSpare(leaseId)) {
      if (!withCredentials || this.#isVouched(leaseId, source)) return 'ok';
      return this.#authorize(leaseId, source);
    }
    if (this.#spareSlots > 0 && !this.#isBusyLease(leaseId)) this.#reserve(leaseId);
    return this.#admitInStore(leaseId, source, withCredentials);
  }

  /**
   * A reserved slot is taken already: the store says whether the failure limits let the address in. The
   * connections of one address to one lease that arrive while it answers share its answer.
   */
  #authorize(leaseId: number, source: string): Promise<Admission> {
    const key = `${leaseId} ${source}`;
    let asked = this.#authorizing.get(key);
    if (!asked) {
      asked = this.#withDeadline(this.#backend.authorize(this.id, leaseId, source, this.#settings)).then(
        (admission) => {
          if (admission === 'ok') this.#vouch(leaseId, source);
          else this.#unvouch(source);
          return admission;
        },
        (error: unknown) => {
          this.#fail(error, 'authorize');
          return null;
        },
      );
      const settled = asked.finally(() => this.#authorizing.delete(key));
      this.#authorizing.set(key, settled);
      asked = settled;
    }
    add(this.#busy, leaseId, 1);
    return asked.then((admission) => {
      add(this.#busy, leaseId, -1);
      if (admission === 'ok') return admission;
      this.#returnSlot(leaseId);
      return admission ?? this.#admitLocally(leaseId, source, true);
    });
  }

  /** Puts back a reserved slot taken for a connection that was refused after all. */
  #returnSlot(leaseId: number): void {
    add(this.#open, leaseId, -1);
    add(this.#spare, leaseId, 1);
  }

  #admitInStore(leaseId: number, source: string, withCredentials: boolean): Promise<Admission> {
    add(this.#busy, leaseId, 1);
    return this.#withDeadline(this.#backend.admit(this.id, leaseId, source, withCredentials, this.#settings)).then(
      (admission) => {
        add(this.#busy, leaseId, -1);
        if (admission === 'ok') {
          add(this.#open, leaseId, 1);
          if (withCredentials) this.#vouch(leaseId, source);
          return admission;
        }
        // A slot this gateway reserved meanwhile is as good as one the store had free.
        if (admission === 'full' && this.#takeSpare(leaseId)) return 'ok';
        if (admission !== 'full') this.#unvouch(source);
        return admission;
      },
      (error: unknown) => {
        add(this.#busy, leaseId, -1);
        this.#unsettled.set(leaseId, Date.now());
        this.#fail(error, 'admit');
        return this.#admitLocally(leaseId, source, withCredentials);
      },
    );
  }

  /**
   * Reserves spare slots of the lease, against half the cap: none once the lease is that busy. Admissions
   * to the lease wait for it, so none asks the store for a slot it already holds.
   */
  #reserve(leaseId: number): void {
    add(this.#busy, leaseId, 1);
    const half = Math.floor(this.#settings.maxConnectionsPerLease / 2);
    const reserved = this.#withDeadline(this.#backend.reserve(this.id, leaseId, this.#spareSlots, half)).then(
      (taken) => {
        if (taken > 0) add(this.#spare, leaseId, taken);
        if (taken < this.#spareSlots) this.#busyLeases.set(leaseId, Date.now() + BUSY_LEASE_MS);
      },
      (error: unknown) => {
        this.#unsettled.set(leaseId, Date.now());
        this.#fail(error, 'reserve');
      },
    );
    this.#reserving.set(
      leaseId,
      reserved.finally(() => {
        add(this.#busy, leaseId, -1);
        this.#reserving.delete(leaseId);
      }),
    );
  }

  #takeSpare(leaseId: number): boolean {
    const spare = this.#spare.get(leaseId) ?? 0;
    if (spare <= 0) return false;
    add(this.#spare, leaseId, -1);
    add(this.#open, leaseId, 1);
    this.#spareUsed.add(leaseId);
    return true;
  }

  #isBusyLease(leaseId: number): boolean {
    const until = this.#busyLeases.get(leaseId);
    if (until === undefined) return false;
    if (Date.now() < until) return true;
    this.#busyLeases.delete(leaseId);
    return false;
  }

  #isVouched(leaseId: number, source: string): boolean {
    const at = this.#vouched.get(leaseId)?.get(source);
    return at !== undefined && Date.now() - at < VOUCH_MS;
  }

  #vouch(leaseId: number, source: string): void {
    let sources = this.#vouched.get(leaseId);
    if (!sources) {
      sources = new Map();
      this.#vouched.set(leaseId, sources);
    }
    sources.delete(source);
    if (sources.size >= MAX_VOUCHED) sources.delete(sources.keys().next().value!);
    sources.set(source, Date.now());
  }

  /** The address failed or was refused: the store decides its next admissions again. */
  #unvouch(source: string): void {
    for (const sources of this.#vouched.values()) sources.delete(source);
  }

  authFailed(source: string, leaseIds: readonly number[]): void | Promise<void> {
    this.#unvouch(source);
    if (this.#degraded()) return this.#fallback.authFailed(source, leaseIds);
    return this.#withDeadline(this.#backend.authFailed(source, leaseIds, this.#settings)).catch((error: unknown) => {
      this.#fail(error, 'authFailed');
      this.#fallback.authFailed(source, leaseIds);
    });
  }

  release(leaseId: number): void {
    if ((this.#open.get(leaseId) ?? 0) <= 0) return;
    add(this.#open, leaseId, -1);
    // Far from the cap the slot stays reserved for the lease's next connection, in memory.
    // Up to twice a reservation: a gateway whose share of the lease's connections swings keeps what it needs.
    if (!this.#closed && (this.#spare.get(leaseId) ?? 0) < 2 * this.#spareSlots && !this.#isBusyLease(leaseId) && !this.#degraded()) {
      add(this.#spare, leaseId, 1);
      return;
    }
    // A lease whose count in the store may be wrong gets its true count from the next heartbeat instead.
    if (this.#closed || this.#unsettled.has(leaseId)) return;
    add(this.#released, leaseId, 1);
    if (this.#flushScheduled) return;
    // Connections often end in bursts: one store call for all that ended in this turn of the event loop.
    this.#flushScheduled = true;
    setImmediate(this.#flush);
  }

  /** Writes the heartbeat now (otherwise every heartbeatMs). */
  beat(): Promise<void> {
    this.#heartbeat ??= this.#beat().finally(() => {
      this.#heartbeat = null;
    });
    return this.#heartbeat;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#heartbeatTimer);
    await this.#heartbeat;
    try {
      await this.#withDeadline(this.#backend.leave(this.id, [...new Set([...this.#open.keys(), ...this.#spare.keys(), ...this.#unsettled.keys()])]));
    } catch (error) {
      this.#log.warn({ err: error }, 'gateway: could not leave the limit store; its counts lapse with its heartbeat');
    }
    await this.#backend.close();
  }

  async #beat(): Promise<void> {
    if (this.#closed) return;
    const now = Date.now();
    // Spare slots nobody used since the last heartbeat go back: the count written below leaves them out.
    const returned: number[] = [];
    for (const leaseId of this.#spare.keys()) {
      if (this.#spareUsed.has(leaseId) || this.#busy.has(leaseId) || this.#released.has(leaseId)) continue;
      this.#spare.delete(leaseId);
      returned.push(leaseId);
    }
    this.#spareUsed.clear();
    for (const [leaseId, sources] of this.#vouched) {
      for (const [source, at] of sources) if (now - at >= VOUCH_MS) sources.delete(source);
      if (sources.size === 0) this.#vouched.delete(leaseId);
    }
    // A lease no connection asks for again would otherwise keep its mark for as long as the process runs.
    for (const [leaseId, until] of this.#busyLeases) if (now >= until) this.#busyLeases.delete(leaseId);
    const counts = new Map<number, number>();
    const refresh: number[] = [];
    for (const leaseId of new Set([...this.#open.keys(), ...this.#spare.keys(), ...this.#unsettled.keys(), ...returned])) {
      if (this.#busy.has(leaseId) || this.#released.has(leaseId)) refresh.push(leaseId);
      else counts.set(leaseId, (this.#open.get(leaseId) ?? 0) + (this.#spare.get(leaseId) ?? 0));
    }
    try {
      await this.#withDeadline(this.#backend.heartbeat(this.id, this.#aliveMs, counts, refresh, this.#settings));
      for (const [leaseId, since] of this.#unsettled) if (counts.has(leaseId) && now - since > SETTLE_MS) this.#unsettled.delete(leaseId);
    } catch (error) {
      this.#fail(error, 'heartbeat');
      // The store may still count the slots handed back: written again with the next heartbeat.
      for (const leaseId of returned) this.#unsettled.set(leaseId, now);
    }
  }

  #flush = () => {
    this.#flushScheduled = false;
    const released = this.#released;
    this.#released = new Map();
    if (released.size === 0 || this.#closed) return;
    for (const leaseId of released.keys()) add(this.#busy, leaseId, 1);
    this.#withDeadline(this.#backend.release(this.id, released))
      .catch((error: unknown) => {
        for (const leaseId of released.keys()) this.#unsettled.set(leaseId, Date.now());
        this.#fail(error, 'release');
      })
      .finally(() => {
        for (const leaseId of released.keys()) add(this.#busy, leaseId, -1);
      });
  };

  /**
   * While the store fails: this process's own failure counts, and its own connections against the cap
   * (the heartbeat tells the store of them once it answers again).
   */
  #admitLocally(leaseId: number, source: string, withCredentials: boolean): Admission {
    const now = Date.now();
    const refusal = withCredentials ? this.#fallback.authRefusal(leaseId, source, now) : null;
    if (refusal) return refusal;
    if ((this.#open.get(leaseId) ?? 0) >= this.#settings.maxConnectionsPerLease) return 'full';
    add(this.#open, leaseId, 1);
    this.#unsettled.set(leaseId, now);
    if (withCredentials) this.#fallback.rememberSource(leaseId, source, now);
    return 'ok';
  }

  #withDeadline<T>(operation: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new StoreTimeout(this.#timeoutMs)), this.#timeoutMs);
    });
    return Promise.race([operation, deadline]).finally(() => clearTimeout(timer));
  }

  #degraded(): boolean {
    return this.#fallbackUntil !== 0 && Date.now() < this.#fallbackUntil;
  }

  #fail(error: unknown, operation: string): void {
    const now = Date.now();
    if (!this.#degraded()) {
      this.#log.error({ err: error, operation }, `gateway: the limit store failed; for ${FALLBACK_MS / 1000} s each process applies the limits alone`);
    }
    this.#fallbackUntil = now + FALLBACK_MS;
  }
}
