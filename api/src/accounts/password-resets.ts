// Password reset tokens: 256 random bits mailed as a link, stored only as their
// SHA-256, valid for one use within the configured lifetime (1 hour).
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a token for the user; earlier unused tokens of that user stop working (only the newest link).
 * `within` runs in the same transaction with the new token (the reset mail is queued there), and its result
 * is returned.
 */
export async function issueResetToken<T>(
  db: Kysely<Schema>,
  userId: string,
  ttlSeconds: number,
  within: (trx: Kysely<Schema>, token: string) => Promise<T>,
): Promise<T> {
  const token = randomBytes(32).toString('base64url');
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    await trx
      .insertInto('password_resets')
      .values({ token_hash: digest(token), user_id: userId, expires_at: new Date(Date.now() + ttlSeconds * 1000) })
      .execute();
    return within(trx, token);
  });
}

/**
 * Marks the token used and returns its user, or null when it is unknown, expired or already used.
 * Atomic: of two concurrent redemptions exactly one gets the user.
 */
export async function redeemResetToken(trx: Kysely<Schema>, token: string): Promise<string | null> {
  const row = await trx
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('token_hash', '=', digest(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
