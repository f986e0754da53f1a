// A short-lived cache of market reads (counts, country lists, search results) as ready-to-send JSON.
// Counting or listing a state's listings at 200k rows costs milliseconds of database time; tabs, lists and
// searches are read far more often than anything is bought. This instance clears the cache on every
// purchase it makes; other instances see a purchase within a few `ttlMs` (a listing bought meanwhile is
// refused cleanly at checkout). Nothing per-user is cached, so any instance can serve any user.
//
// After `ttlMs` an entry is refreshed in the background while requests keep getting the previous answer
// (for up to STALE_FACTOR x ttlMs), so no request waits for a recount under steady traffic.
//
// A large state's search is megabytes of JSON; browsers accept gzip, so each entry also keeps its gzipped
// bytes, compressed once (on libuv's thread pool) and then sent to every request that accepts them. A
// refresh that finds the same text as before (nothing was bought) keeps the previous body and its gzip:
// compressing megabytes every ttl for nothing took CPU from the requests on a small machine.
import { toJsonBody, type JsonBody } from '../http/json-body.ts';
import type { MarketReads } from './market-reads.ts';

const MAX_ENTRIES = 2000;
const STALE_FACTOR = 5;

interface Entry {
  createdAt: number;
  json: Promise<JsonBody>;
  refreshing: boolean;
}

export class MarketCache {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, Entry>();

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  /** The cached JSON for `key`, or what `load()` produces; concurrent misses share one load. */
  text(key: string, loadText: () => Promise<string>): Promise<JsonBody> {
    const load = () => loadText().then((text) => toJsonBody(text));
    if (this.#ttlMs <= 0) return load();
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry) {
      const age = now - entry.createdAt;
      if (age < this.#ttlMs) return entry.json;
      if (age < this.#ttlMs * STALE_FACTOR) {
        if (!entry.refreshing) {
          this.#refresh(key, entry, () => entry.json.then(async (previous) => toJsonBody(await loadText(), previous)));
        }
        return entry.json;
      }
    }
    if (this.#entries.size >= MAX_ENTRIES) this.#evict(now);
    return this.#store(key, load(), now).json;
  }

  /** Same as `text` for a loader returning a value to serialise. */
  json(key: string, load: () => Promise<unknown>): Promise<JsonBody> {
    return this.text(key, async () => JSON.stringify(await load()));
  }

  clear(): void {
    this.#entries.clear();
  }

  #store(key: string, json: Promise<JsonBody>, createdAt: number): Entry {
    const entry: Entry = { createdAt, json, refreshing: false };
    this.#entries.set(key, entry);
    json.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry;
  }

  #refresh(key: string, stale: Entry, load: () => Promise<JsonBody>): void {
    stale.refreshing = true;
    load().then(
      (json) => {
        // A purchase may have cleared the cache meanwhile: then this answer may predate it, so drop it.
        if (this.#entries.get(key) === stale) this.#store(key, Promise.resolve(json), Date.now());
      },
      () => {
        stale.refreshing = false;
      },
    );
  }

  #evict(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (now - entry.createdAt >= this.#ttlMs * STALE_FACTOR) this.#entries.delete(key);
    }
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
  }
}

/** A country's (or a US state's) listings for sale, cached: the dashboard's search and /api/v1/market/search read one answer. */
export function cachedSearch(cache: MarketCache, market: Pick<MarketReads, 'searchJson'>, country: string, state: string | null): Promise<JsonBody> {
  return cache.text(`search:${country}:${state ?? ''}`, () => market.searchJson(country, state, new Date()));
}
