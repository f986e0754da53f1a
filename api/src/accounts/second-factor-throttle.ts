// Limits guessing of 2-step codes per account. Like the login throttle, an attempt is checked and recorded
// in one step under a per-account advisory lock: it is written as a failure before the code is looked at and
// taken back when the code was right, so parallel guesses cannot all pass the check before one is counted.
// The code is only ever asked after the password, so a stranger cannot use this limit to lock the owner out.
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

export type CodeAttempt = { allowed: true; attemptId: number } | { allowed: false; retryAfterSeconds: number };

export interface SecondFactorThrottle {
  /** Checks the account's budget and, when the attempt may go ahead, records it as failed, atomically. */
  begin(userId: string): Promise<CodeAttempt>;
  /** The code was right: the attempt is no failure. */
  succeeded(attemptId: number): Promise<void>;
}

/** First key of the two-key advisory lock: "2-step code throttle", apart from the login throttle's. */
const LOCK_NAMESPACE = 7_312_009;

export function createSecondFactorThrottle(db: Kysely<Schema>, limit: number, windowSeconds: number): SecondFactorThrottle {
  const windowMs = windowSeconds * 1000;
  return {
    begin(userId) {
      return db.transaction().execute(async (trx): Promise<CodeAttempt> => {
        await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${userId}))`.execute(trx);
        const windowStart = new Date(Date.now() - windowMs);
        await trx.deleteFrom('failed_second_factors').where('user_id', '=', userId).where('created_at', '<=', windowStart).execute();
        const row = await trx
          .selectFrom('failed_second_factors')
          .select([sql<number>`count(*)::int`.as('failures'), sql<Date | null>`min(created_at)`.as('oldest')])
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (row.failures >= limit && row.oldest !== null) {
          const freeAt = new Date(row.oldest).getTime() + windowMs;
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)) };
        }
        const { id } = await trx.insertInto('failed_second_factors').values({ user_id: userId }).returning('id').executeTakeFirstOrThrow();
        return { allowed: true, attemptId: Number(id) };
      });
    },
    async succeeded(attemptId) {
      await db.deleteFrom('failed_second_factors').where('id', '=', attemptId).execute();
    },
  };
}
