// Per-account limit on failed logins (OWASP ASVS: at most 100 per hour), counted in the database so every
// API instance sees the same attempts. Together with the per-IP rate limit and the single-use captcha it
// makes online guessing of one account's password impractical.
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

export interface LoginThrottle {
  /** Seconds until the account may try again, or null when it may try now. */
  blockedFor(userId: string): Promise<number | null>;
  recordFailure(userId: string): Promise<void>;
}

/** Where the failures are counted: wrong passwords, or wrong second-factor codes (their own, tighter limit). */
export type FailureTable = 'failed_logins' | 'failed_second_factors';

export function createLoginThrottle(db: Kysely<Schema>, limit: number, windowSeconds: number, table: FailureTable = 'failed_logins'): LoginThrottle {
  const windowStart = () => new Date(Date.now() - windowSeconds * 1000);
  return {
    async blockedFor(userId) {
      const row = await db
        .selectFrom(table)
        .select([sql<number>`count(*)::int`.as('failures'), sql<Date | null>`min(created_at)`.as('oldest')])
        .where('user_id', '=', userId)
        .where('created_at', '>', windowStart())
        .executeTakeFirstOrThrow();
      if (row.failures < limit || row.oldest === null) return null;
      const freeAt = new Date(row.oldest).getTime() + windowSeconds * 1000;
      return Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
    },
    async recordFailure(userId) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom(table).where('user_id', '=', userId).where('created_at', '<=', windowStart()).execute();
        await trx.insertInto(table).values({ user_id: userId }).execute();
      });
    },
  };
}
