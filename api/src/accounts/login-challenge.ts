// The step between password and code: after password and captcha, an account with 2-step verification
// gets a short-lived signed challenge instead of a session; the code step sends it back with the code.
// It is signed with its own key (derived from the session key), so it can never pass as a session token.
// A challenge starts one session at most: `redeem` claims its id (table used_login_challenges) in the same
// transaction that accepts the code, so of two uses at once exactly one gets through, and a used challenge
// cannot mint another session with a second code, without the password, the captcha or the login throttle.
import { createHmac, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';

const PURPOSE = 'second-factor';

export interface LoginChallenge {
  userId: string;
  id: string;
  expiresAt: Date;
}

export interface LoginChallenges {
  issue(userId: string): Promise<string>;
  /** The challenge's user and id, or null when it is forged, expired or not a challenge. */
  verify(challenge: string): Promise<LoginChallenge | null>;
  /**
   * Runs the code check with the challenge claimed, in one transaction: the claim stays when the check
   * answers ok, and is undone otherwise (a mistyped code does not cost the challenge). 'used' when the
   * challenge was redeemed already, or is being redeemed right now by another request that then succeeds.
   */
  redeem<R extends { ok: boolean }>(challenge: LoginChallenge, check: (trx: Transaction<Schema>) => Promise<R>): Promise<R | 'used'>;
}

/** Carries a failed check's answer out of the transaction it rolls back. */
class Unsuccessful<R> extends Error {
  readonly result: R;
  constructor(result: R) {
    super('code not accepted');
    this.result = result;
  }
}

export function createLoginChallenges(db: Kysely<Schema>, sessionSecret: string, ttlSeconds: number): LoginChallenges {
  const key = createHmac('sha256', sessionSecret).update('login-challenge').digest();
  return {
    issue(userId) {
      return new SignJWT({ purpose: PURPOSE })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt()
        .setExpirationTime(new Date(Date.now() + ttlSeconds * 1000))
        .sign(key);
    },

    async verify(challenge) {
      try {
        const { payload } = await jwtVerify(challenge, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'jti'] });
        if (payload['purpose'] !== PURPOSE || typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
        return { userId: payload.sub, id: payload.jti, expiresAt: new Date((payload.exp ?? 0) * 1000) };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },

    async redeem(challenge, check) {
      await db.deleteFrom('used_login_challenges').where('expires_at', '<', new Date()).execute();
      try {
        return await db.transaction().execute(async (trx) => {
          // A concurrent claim of the same id makes this insert wait for that transaction: it inserts once
          // the other was rolled back (wrong code), and finds the row taken once the other committed.
          const claimed = await trx
            .insertInto('used_login_challenges')
            .values({ challenge_id: challenge.id, user_id: challenge.userId, expires_at: challenge.expiresAt })
            .onConflict((conflict) => conflict.column('challenge_id').doNothing())
            .returning('challenge_id')
            .executeTakeFirst();
          if (!claimed) return 'used' as const;
          const result = await check(trx);
          if (!result.ok) throw new Unsuccessful(result);
          return result;
        });
      } catch (error) {
        if (error instanceof Unsuccessful) return error.result as Awaited<ReturnType<typeof check>>;
        throw error;
      }
    },
  };
}
