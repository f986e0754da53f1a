// Each customer's history as ready JSON, kept by this instance while it is provably what the database would
// give again. An entry holds the customer's history version (migration 0010: it moves on any change to
// their leases or to a shown field of those leases' listings) and the span of time in which the answer holds
// (`paid` flips when a lease's period ends; a lease leaves the default list when it has ended longer ago than
// the history window). A request first reads the version (one primary-key lookup) and is served from here
// when it matches and the moment is inside the span; otherwise the list is built again.
import type { JsonBody } from '../http/json-body.ts';

export interface HistorySnapshot {
  /** The customer's history version the body was built from. */
  version: string;
  /** The moment the body was built for, and the first moment it may no longer hold (ms since the epoch). */
  from: number;
  until: number;
  body: JsonBody;
}

/** Bytes of JSON text kept at most; the least recently used entries go first. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export class HistoryCache {
  readonly #maxBytes: number;
  readonly #entries = new Map<string, HistorySnapshot>();
  readonly #loading = new Map<string, Promise<HistorySnapshot>>();
  #bytes = 0;

  constructor(maxBytes = DEFAULT_MAX_BYTES) {
    this.#maxBytes = maxBytes;
  }

  /**
   * The body for `key` at moment `now`, given the customer's current `version`: the kept one when it was built
   * from that version and still holds at `now`, else what `load()` builds (concurrent misses of one version share a build).
   */
  async body(key: string, version: string, now: number, load: () => Promise<HistorySnapshot>): Promise<JsonBody> {
    const kept = this.#entries.get(key);
    if (kept && kept.version === version && now >= kept.from && now < kept.until) {
      this.#entries.delete(key); // re-inserted last: the most recently used
      this.#entries.set(key, kept);
      return kept.body;
    }
    const loadKey = `${key}@${version}`;
    let loading = this.#loading.get(loadKey);
    if (!loading) {
      loading = load().finally(() => this.#loading.delete(loadKey));
      this.#loading.set(loadKey, loading);
    }
    let snapshot = await loading;
    // A build shared with a concurrent request was made for its moment: it serves this one only if it holds now.
    if (now < snapshot.from || now >= snapshot.until) snapshot = await load();
    this.#store(key, snapshot);
    return snapshot.body;
  }

  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, snapshot: HistorySnapshot): void {
    const previous = this.#entries.get(key);
    if (previous === snapshot) return;
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= previous.body.text.length;
    }
    if (snapshot.body.text.length > this.#maxBytes) return;
    this.#entries.set(key, snapshot);
    this.#bytes += snapshot.body.text.length;
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldKey);
      this.#bytes -= old.body.text.length;
    }
  }
}
