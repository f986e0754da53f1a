// ALTCHA proof-of-work captcha, self-hosted: no third party sees the visitors, and it works offline.
// The browser fetches a signed challenge, finds the secret counter by brute force and sends the solution as a
// base64 payload. `check` verifies it without using it up (POST /api/auth/verify, so the page can say
// "verified" before login); `consume` verifies and records its nonce, so each solution logs in only once.
import fp from 'fastify-plugin';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import { CAPTCHA_PAYLOAD_MAX_LENGTH } from 'contract/limits';
import type { Config } from '../config.ts';
import type { Schema } from '../db/schema.ts';
import { loadOrCreateSecret } from '../db/settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: Captcha;
  }
}

interface VerifiedSolution {
  challengeId: string;
  expiresAt: Date;
}

function parsePayload(token: string): Payload | null {
  if (token.length > CAPTCHA_PAYLOAD_MAX_LENGTH) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    if (!payload || typeof payload !== 'object' || !('challenge' in payload) || !('solution' in payload)) return null;
    const { challenge, solution } = payload;
    if (!challenge || typeof challenge !== 'object' || !solution || typeof solution !== 'object') return null;
    if (!('parameters' in challenge) || !challenge.parameters || typeof challenge.parameters !== 'object') return null;
    return payload as Payload;
  } catch {
    return null;
  }
}

export class Captcha {
  readonly #db: Kysely<Schema>;
  readonly #hmacKey: string;
  readonly #maxNumber: number;
  readonly #expiresInSeconds: number;

  constructor(db: Kysely<Schema>, hmacKey: string, maxNumber: number, expiresInSeconds: number) {
    this.#db = db;
    this.#hmacKey = hmacKey;
    this.#maxNumber = maxNumber;
    this.#expiresInSeconds = expiresInSeconds;
  }

  /** SHA-256, one round per attempt: a browser finds a counter below 20 000 well within a second. */
  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(this.#maxNumber),
      deriveKey,
      hmacSignatureSecret: this.#hmacKey,
      expiresAt: new Date(Date.now() + this.#expiresInSeconds * 1000),
    });
  }

  async #verify(token: string): Promise<VerifiedSolution | null> {
    const payload = parsePayload(token);
    if (!payload) return null;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.#hmacKey,
      });
      const { nonce, expiresAt } = payload.challenge.parameters;
      if (!result.verified || typeof nonce !== 'string' || typeof expiresAt !== 'number') return null;
      return { challengeId: nonce, expiresAt: new Date(expiresAt * 1000) };
    } catch {
      // A tampered payload can make the library throw (bad hex, wrong algorithm name): simply not solved.
      return null;
    }
  }

  /** Is this a valid, unexpired, not yet used solution? Does not use it up. */
  async check(token: string): Promise<boolean> {
    const solution = await this.#verify(token);
    if (!solution) return false;
    const used = await this.#db
      .selectFrom('used_captchas')
      .select('challenge_id')
      .where('challenge_id', '=', solution.challengeId)
      .executeTakeFirst();
    return used === undefined;
  }

  /** Verifies and uses up the solution; false when invalid or already used (a replay). */
  async consume(token: string): Promise<boolean> {
    const solution = await this.#verify(token);
    if (!solution) return false;
    // Expired nonces can no longer verify, so their rows are no longer needed for replay protection.
    await this.#db.deleteFrom('used_captchas').where('expires_at', '<', new Date()).execute();
    const inserted = await this.#db
      .insertInto('used_captchas')
      .values({ challenge_id: solution.challengeId, expires_at: solution.expiresAt })
      .onConflict((conflict) => conflict.column('challenge_id').doNothing())
      .returning('challenge_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const hmacKey = await loadOrCreateSecret(app.db, 'captcha_hmac_key', config.captcha.hmacKey);
    app.decorate(
      'captcha',
      new Captcha(app.db, hmacKey, config.captcha.maxNumber, config.captcha.expiresInSeconds),
    );
  },
  { name: 'captcha', dependencies: ['database'] },
);
