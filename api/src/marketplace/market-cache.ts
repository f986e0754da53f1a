// A short-lived cache of market reads (counts, country lists, search results) as ready-to-send JSON.
// Counting a state's listings at 200k rows costs milliseconds; the tabs, lists and searches are read far
// more often than anything is bought. This instance clears it on every purchase it makes; other instances
// see that purchase within `ttlMs` (a listing bought meanwhile is refused cleanly at checkout). Nothing
// per-user is cached here, so any instance can serve any user.

const MAX_ENTRIES = 2000;

export class MarketCache {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, { expiresAt: number; json: Promise<string> }>();

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  /** The cached JSON for `key`, or `load()`'s result serialised; concurrent misses share one load. */
  json(key: string, load: () => Promise<unknown>): Promise<string> {
    if (this.#ttlMs <= 0) return load().then((value) => JSON.stringify(value));
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now) return hit.json;
    if (this.#entries.size >= MAX_ENTRIES) this.#evictExpired(now);
    const json = load().then((value) => JSON.stringify(value));
    const entry = { expiresAt: now + this.#ttlMs, json };
    this.#entries.set(key, entry);
    json.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return json;
  }

  clear(): void {
    this.#entries.clear();
  }

  #evictExpired(now: number): void {
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
  }
}
