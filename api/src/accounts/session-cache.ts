// Tokens this instance has already checked (signature, claims and session row), kept for a moment so a
// busy page's calls do not each cost a JWT verification and a database round trip. An entry lives at most
// `ttlMs` and never past the token's own expiry; ending a session drops its entries at once (Sessions does
// that for revocations made here, and for those of other instances when Redis relays them). Only what the
// database already said about a token is kept, keyed by the whole signed token, so it never vouches for a
// token it has not seen verified.
import type { SessionUser } from './sessions.ts';

interface Entry {
  user: SessionUser;
  until: number;
}

/** Enough for every active user of a busy instance; beyond it the oldest entries go first. */
const MAX_ENTRIES = 10_000;

export class SessionCache {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, Entry>();
  #revocations = 0;

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  get(token: string, now = Date.now()): SessionUser | null {
    const entry = this.#entries.get(token);
    if (!entry) return null;
    if (entry.until <= now) {
      this.#entries.delete(token);
      return null;
    }
    return entry.user;
  }

  /**
   * Counts revocations: a check that started before one may have read a session row that is gone now, so
   * `set` refuses its answer (see `set`).
   */
  get revocations(): number {
    return this.#revocations;
  }

  /** Keeps a verified token, unless a session was ended since `revocationsAtCheck` was read. */
  set(token: string, user: SessionUser, tokenExpiresAt: number, revocationsAtCheck: number, now = Date.now()): void {
    if (revocationsAtCheck !== this.#revocations) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, { user, until: Math.min(now + this.#ttlMs, tokenExpiresAt) });
  }

  forget(sessionIds: readonly string[]): void {
    this.#revocations += 1;
    const ended = new Set(sessionIds);
    for (const [token, entry] of this.#entries) {
      if (ended.has(entry.user.sessionId)) this.#entries.delete(token);
    }
  }

  /** Drops everything: revocations may have been missed (the Redis subscription was down). */
  clear(): void {
    this.#revocations += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
