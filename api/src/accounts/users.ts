// Account rows. Usernames and emails are matched without regard to case (unique indexes on lower()).
import { sql, type Kysely } from 'kysely';
import type { UserDetails, UserInfo } from 'contract/accounts';
import type { Schema } from '../db/schema.ts';

export interface UserRow {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  balance_cents: number;
}

export function findUserByUsername(db: Kysely<Schema>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password_hash', 'balance_cents'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Schema>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password_hash', 'balance_cents'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Kysely<Schema>, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password_hash', 'balance_cents'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Which of the two unique fields is already taken, if any. */
export async function takenField(db: Kysely<Schema>, username: string, email: string): Promise<'username' | 'email' | null> {
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

export function toUserInfo(user: Pick<UserRow, 'id' | 'username' | 'email'>): UserInfo {
  return { _id: user.id, username: user.username, email: user.email };
}

export function toUserDetails(user: Pick<UserRow, 'id' | 'username' | 'email' | 'balance_cents'>): UserDetails {
  return { ...toUserInfo(user), balance: user.balance_cents / 100 };
}
