// Limits password guessing without letting a stranger lock the owner out (OWASP ASVS: resist brute force
// and lockout alike). Counted in the database, so every API instance sees the same attempts.
//
// - Each (account, address) pair has its own budget of failed attempts per window (100 an hour by
//   default). An address that spends it gets 429 for that account; other addresses are not affected.
// - An attempt is checked and recorded in one step, under a per-account advisory lock: it is written as a
//   failure before the password is even looked at and taken back when the password was right. So parallel
//   requests cannot all pass the check before any of them is counted.
// - Once the account as a whole has taken a budget's worth of failures (many addresses at once), attempts
//   from addresses that never signed in to it are spaced out to the budget's pace: each takes the next free
//   slot and waits for it (a few seconds at most, else 429 with the time to the slot). Guessing from many
//   addresses therefore slows down instead of locking the account, and addresses the owner has signed in
//   from keep their own budget.
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

export type LoginAttempt =
  /** Go ahead (after `waitMs`); report a right password with `succeeded(…, attemptId)`. */
  | { allowed: true; attemptId: number; waitMs: number }
  | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Checks the budgets and, when the attempt may go ahead, records it as failed, atomically. */
  begin(userId: string, address: string): Promise<LoginAttempt>;
  /** The password was right: the attempt is no failure, and the address is one the owner uses. */
  succeeded(userId: string, attemptId: number, address: string): Promise<void>;
}

/** First key of the two-key advisory lock: "login throttle", whatever else takes advisory locks. */
const LOCK_NAMESPACE = 7_312_008;

/** Longest an attempt waits for its slot before it is told to come back later instead. */
export const SLOT_MAX_WAIT_MS = 5_000;

export function createLoginThrottle(db: Kysely<Schema>, limit: number, windowSeconds: number): LoginThrottle {
  const windowMs = windowSeconds * 1000;
  /** One slot per this long once the account-wide budget is spent: `limit` attempts per window. */
  const slotMs = Math.ceil(windowMs / limit);
  const time = (value: Date | string) => new Date(value).getTime();

  return {
    begin(userId, address) {
      return db.transaction().execute(async (trx): Promise<LoginAttempt> => {
        await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${userId}))`.execute(trx);
        const now = Date.now();
        const windowStart = new Date(now - windowMs);
        await trx.deleteFrom('failed_logins').where('user_id', '=', userId).where('created_at', '<=', windowStart).execute();
        const counts = await trx
          .selectFrom('failed_logins')
          .select([
            sql<number>`count(*) filter (where address = ${address})::int`.as('fromAddress'),
            sql<Date | string | null>`min(created_at) filter (where address = ${address})`.as('oldestFromAddress'),
            sql<number>`count(*)::int`.as('total'),
          ])
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (counts.fromAddress >= limit && counts.oldestFromAddress !== null) {
          const freeAt = time(counts.oldestFromAddress) + windowMs;
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
        }

        let waitMs = 0;
        if (counts.total >= limit) {
          const known = await trx
            .selectFrom('login_addresses')
            .select('address')
            .where('user_id', '=', userId)
            .where('address', '=', address)
            .executeTakeFirst();
          if (!known) {
            const slot = await trx.selectFrom('login_slots').select('next_at').where('user_id', '=', userId).executeTakeFirst();
            const start = Math.max(now, slot ? time(slot.next_at) : 0);
            if (start - now > SLOT_MAX_WAIT_MS) {
              return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((start - now) / 1000)) };
            }
            const nextAt = new Date(start + slotMs);
            await trx
              .insertInto('login_slots')
              .values({ user_id: userId, next_at: nextAt })
              .onConflict((oc) => oc.column('user_id').doUpdateSet({ next_at: nextAt }))
              .execute();
            waitMs = start - now;
          }
        }

        const attempt = await trx
          .insertInto('failed_logins')
          .values({ user_id: userId, address })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { allowed: true, attemptId: attempt.id, waitMs };
      });
    },

    async succeeded(userId, attemptId, address) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('failed_logins').where('id', '=', attemptId).execute();
        await trx
          .insertInto('login_addresses')
          .values({ user_id: userId, address })
          .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_login_at: sql`now()` }))
          .execute();
      });
    },
  };
}
