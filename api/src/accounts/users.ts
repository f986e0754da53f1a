// Account rows. Usernames and emails are matched without regard to case (unique indexes on lower()).
import { sql, type Kysely } from 'kysely';
import type { UserDetails, UserInfo } from 'contract/accounts';
import { centsToDollars } from 'contract/money';
import type { Schema } from '../db/schema.ts';
import { queueMail, type Mail } from '../mail/mail.ts';
import { issueResetToken, redeemResetToken } from './password-resets.ts';

const UNIQUE_VIOLATION = '23505';

export interface UserRow {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  balance_cents: number;
}

export type TakenField = 'username' | 'email';

export type RegisterResult = { ok: true; user: Pick<UserRow, 'id' | 'username' | 'email'> } | { ok: false; reason: 'taken'; field: TakenField };

export type ResetResult = { ok: true; endedSessions: string[] } | { ok: false; reason: 'invalid-token' };

const USER_COLUMNS = ['id', 'username', 'email', 'password_hash', 'balance_cents'] as const;

/** Which of the two unique fields is already taken, if any. */
async function takenField(db: Kysely<Schema>, username: string, email: string): Promise<TakenField | null> {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, '=', username.toLowerCase()),
        eb(sql<string>`lower(email)`, '=', email.toLowerCase()),
      ]),
    )
    .execute();
  if (rows.some((row) => row.username.toLowerCase() === username.toLowerCase())) return 'username';
  return rows.length > 0 ? 'email' : null;
}

/**
 * The one place a password changes: sets the new hash and ends the account's sessions (all, or all but
 * `keepSessionId`) in the caller's transaction, so the revocation commits with the change. Returns the
 * ended sessions, to announce after the commit.
 */
async function replacePassword(trx: Kysely<Schema>, userId: string, passwordHash: string, keepSessionId?: string): Promise<string[]> {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  let ending = trx.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) ending = ending.where('id', '<>', keepSessionId);
  const rows = await ending.returning('id').execute();
  return rows.map((row) => row.id);
}

export function createUserRepository(db: Kysely<Schema>) {
  return {
    findByUsername(username: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(USER_COLUMNS).where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
    },

    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(USER_COLUMNS).where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    },

    /** Disabled by an operator (src/operator/customers.ts): no sign-in. */
    async isDisabled(id: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('disabled_at').where('id', '=', id).executeTakeFirst();
      return row?.disabled_at != null;
    },

    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async balanceCents(userId: string): Promise<number | null> {
      const row = await db.selectFrom('users').select('balance_cents').where('id', '=', userId).executeTakeFirst();
      return row ? Number(row.balance_cents) : null;
    },

    /** Which of the two unique fields is already taken, if any (checked before paying for a hash). */
    takenField(username: string, email: string): Promise<TakenField | null> {
      return takenField(db, username, email);
    },

    /** Creates the account, unless a registration racing this one took its username or email. */
    async register(username: string, email: string, passwordHash: string): Promise<RegisterResult> {
      try {
        const user = await db
          .insertInto('users')
          .values({ username, email, password_hash: passwordHash })
          .returning(['id', 'username', 'email'])
          .executeTakeFirstOrThrow();
        return { ok: true, user };
      } catch (error) {
        if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
        // Lost the race: report the field the winner took (the username when the lookup cannot tell).
        return { ok: false, reason: 'taken', field: (await takenField(db, username, email)) ?? 'username' };
      }
    },

    /**
     * A single-use reset token for the mailed link (earlier unused tokens of the user stop working), and the
     * mail that carries it queued in the same transaction; returns the mail's job.
     */
    mailResetToken(userId: string, ttlSeconds: number, mail: (token: string) => Mail): Promise<number> {
      return issueResetToken(db, userId, ttlSeconds, (trx, token) => queueMail(trx, mail(token)));
    },

    /** Spends a mailed reset token on a new password and ends every session of the account. */
    async resetPassword(token: string, passwordHash: string): Promise<ResetResult> {
      const ended = await db.transaction().execute(async (trx) => {
        const userId = await redeemResetToken(trx, token);
        return userId === null ? null : replacePassword(trx, userId, passwordHash);
      });
      return ended === null ? { ok: false, reason: 'invalid-token' } : { ok: true, endedSessions: ended };
    },

    /** Sets a new password and ends the account's other sessions; returns the ended ones. */
    changePassword(userId: string, passwordHash: string, keepSessionId: string): Promise<string[]> {
      return db.transaction().execute((trx) => replacePassword(trx, userId, passwordHash, keepSessionId));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;

export function toUserInfo(user: Pick<UserRow, 'id' | 'username' | 'email'>): UserInfo {
  return { _id: user.id, username: user.username, email: user.email };
}

export function toUserDetails(user: Pick<UserRow, 'id' | 'username' | 'email' | 'balance_cents'>): Omit<UserDetails, 'roles'> {
  return { ...toUserInfo(user), balance: centsToDollars(user.balance_cents) };
}
