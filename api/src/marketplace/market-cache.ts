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
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
/** Below this, compressing costs more than it saves. */
const GZIP_MIN_BYTES = 8 * 1024;

export interface CachedBody {
  text: string;
  /** Gzipped `text`, or null when it is too small to be worth it. */
  gzip: Buffer | null;
}

/** Prepares a body for sending: the text, and its gzip when large (reused from `previous` if unchanged). */
export async function toCachedBody(text: string, previous?: CachedBody): Promise<CachedBody> {
  if (previous?.text === text) return previous;
  return { text, gzip: Buffer.byteLength(text) < GZIP_MIN_BYTES ? null : await gzipAsync(text, { level: 6 }) };
}

const MAX_ENTRIES = 2000;
const STALE_FACTOR = 5;

interface Entry {
  createdAt: number;
  json: Promise<CachedBody>;
  refreshing: boolean;
}

export class MarketCache {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, Entry>();

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  /** The cached JSON for `key`, or what `load()` produces; concurrent misses share one load. */
  text(key: string, loadText: () => Promise<string>): Promise<CachedBody> {
    const load = () => loadText().then((text) => toCachedBody(text));
    if (this.#ttlMs <= 0) return load();
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry) {
      const age = now - entry.createdAt;
      if (age < this.#ttlMs) return entry.json;
      if (age < this.#ttlMs * STALE_FACTOR) {
        if (!entry.refreshing) {
          this.#refresh(key, entry, () => entry.json.then(async (previous) => toCachedBody(await loadText(), previous)));
        }
        return entry.json;
      }
    }
    if (this.#entries.size >= MAX_ENTRIES) this.#evict(now);
    return this.#store(key, load(), now).json;
  }

  /** Same as `text` for a loader returning a value to serialise. */
  json(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    return this.text(key, async () => JSON.stringify(await load()));
  }

  clear(): void {
    this.#entries.clear();
  }

  #store(key: string, json: Promise<CachedBody>, createdAt: number): Entry {
    const entry: Entry = { createdAt, json, refreshing: false };
    this.#entries.set(key, entry);
    json.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry;
  }

  #refresh(key: string, stale: Entry, load: () => Promise<CachedBody>): void {
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
