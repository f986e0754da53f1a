// Sessions: an account has one active session; logging in ends the previous one. A token is an HS256 JWT whose `sid` names a row in
// `sessions`; deleting the row revokes the token on every instance at once. Tokens also expire (`exp`, and
// the row's expires_at), so a stolen token is worth at most one session lifetime.
//
// Checked tokens are remembered for `cacheMs` (SessionCache): ending a session here forgets its tokens at
// once, and `forget` does the same for sessions other instances ended (relayed through Redis, see
// session-revocations.ts). Without Redis, a session ended elsewhere is still accepted here for at most
// `cacheMs`.
import { EventEmitter } from 'node:events';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { SessionCache } from './session-cache.ts';

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class Sessions {
  readonly #db: Kysely<Schema>;
  readonly #key: Uint8Array;
  readonly #ttlSeconds: number;
  readonly #cache: SessionCache | null;
  readonly #events = new EventEmitter<{ ended: [sessionIds: string[]]; forgotten: [sessionIds: string[]] }>();

  constructor(db: Kysely<Schema>, secret: string, ttlSeconds: number, cacheMs = 0) {
    this.#db = db;
    this.#key = new TextEncoder().encode(secret);
    this.#ttlSeconds = ttlSeconds;
    this.#cache = cacheMs > 0 ? new SessionCache(cacheMs) : null;
  }

  /** Starts a session and ends every other session of the user (a login replaces the previous one). */
  async start(userId: string): Promise<{ token: string; sessionId: string }> {
    // One clock reading for the token's iat and exp and the row's expires_at: the transaction between may take a while.
    const issuedAt = new Date();
    const expiresAt = new Date(issuedAt.getTime() + this.#ttlSeconds * 1000);
    const { session, ended } = await this.#db.transaction().execute(async (trx) => {
      // Logins of one user take turns: without the row lock two concurrent logins each delete the sessions
      // they can see and both insert theirs, leaving two valid tokens.
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
            const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).returning(['id', 'expires_at']).execute();
      // Remember the replaced sessions until they would have expired, so their tokens learn why they ended.
      await trx.deleteFrom('replaced_sessions').where('expires_at', '<=', new Date()).execute();
      if (ended.length > 0) {
        await trx
          .insertInto('replaced_sessions')
          .values(ended.map((row) => ({ id: row.id, user_id: userId, expires_at: row.expires_at })))
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute();
      }
      const session = await trx
        .insertInto('sessions')
        .values({ user_id: userId, expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { session, ended };
    });
    this.announceEnded(ended.map((row) => row.id));
    const token = await this.sign(userId, session.id, expiresAt, issuedAt);
    return { token, sessionId: session.id };
  }

  /** Signs a token; exported for tests that need tokens with chosen claims (e.g. already expired). */
  sign(userId: string, sessionId: string, expiresAt: Date, issuedAt = new Date()): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.#key);
  }

  /** The user behind a token, or null when it is malformed, forged, expired or revoked. */
  async authenticate(token: string): Promise<SessionUser | null> {
    const cached = this.#cache?.get(token);
    if (cached) return cached;
    const revocationsAtCheck = this.#cache?.revocations ?? 0;
    let userId: unknown;
    let sessionId: unknown;
    let expiresAt: number;
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      userId = payload.sub;
      sessionId = payload.sid;
      expiresAt = (payload.exp ?? 0) * 1000;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
    if (typeof userId !== 'string' || typeof sessionId !== 'string' || !UUID.test(userId) || !UUID.test(sessionId)) {
      return null;
    }
    const row = await this.#db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.username', 'users.email', 'sessions.id as sessionId'])
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .where('sessions.expires_at', '>', new Date())
      // Disabling an account deletes its sessions too; this keeps one started in the same moment out.
      .where('users.disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    this.#cache?.set(token, row, expiresAt, revocationsAtCheck);
    return row;
  }

  /**
   * Why a token that `authenticate` refused no longer works: 'replaced' when its session was ended by a
   * login elsewhere (and would not have expired yet), otherwise 'ended'.
   */
  async refusalReason(token: string): Promise<'replaced' | 'ended'> {
    let sessionId: unknown;
    try {
      sessionId = (await jwtVerify(token, this.#key, { algorithms: ['HS256'], requiredClaims: ['exp'] })).payload.sid;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return 'ended';
      throw error;
    }
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return 'ended';
    const replaced = await this.#db
      .selectFrom('replaced_sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return replaced ? 'replaced' : 'ended';
  }

  async end(sessionId: string): Promise<void> {
    await this.#db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    this.announceEnded([sessionId]);
  }

  /**
   * Forgets these sessions' tokens and tells listeners (realtime: disconnect those sockets; Redis: tell
   * the other instances) that these sessions no longer exist.
   */
  announceEnded(sessionIds: string[]): void {
    if (sessionIds.length === 0) return;
    this.#cache?.forget(sessionIds);
    this.#events.emit('ended', sessionIds);
  }

  onEnded(listener: (sessionIds: string[]) => void): void {
    this.#events.on('ended', listener);
  }

  /** Another instance ended these sessions: stop accepting their tokens from the cache. */
  forget(sessionIds: string[]): void {
    this.#cache?.forget(sessionIds);
    this.#events.emit('forgotten', sessionIds);
  }

  onForgotten(listener: (sessionIds: string[]) => void): void {
    this.#events.on('forgotten', listener);
  }

  /** Revocations may have been missed (the relay from other instances was down): check every token anew. */
  forgetAll(): void {
    this.#cache?.clear();
  }
}
