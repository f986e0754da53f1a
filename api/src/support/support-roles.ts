// Membership of support. A member is an account with a `support` row in staff_roles (granted by the
// operator's command, src/cli/grant-support.ts) or one whose username the operator lists in
// SUPPORT_USERNAMES. Nothing reachable from the web grants or revokes it, and every desk call asks again,
// so a revocation applies to the next call.
import { sql, type Kysely } from 'kysely';
import type { Schema, StaffRole } from '../db/schema.ts';

export type GrantResult = { ok: true; userId: string; changed: boolean } | { ok: false; reason: 'no-such-user' };

export function createSupportRoles(db: Kysely<Schema>, configuredUsernames: readonly string[]) {
  const listed = new Set(configuredUsernames.map((name) => name.toLowerCase()));

  async function isMember(user: { id: string; username: string }): Promise<boolean> {
    if (listed.has(user.username.toLowerCase())) return true;
    const row = await db
      .selectFrom('staff_roles')
      .select('role')
      .where('user_id', '=', user.id)
      .where('role', '=', 'support')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** An account by its username, compared without case as at sign-in. */
  const userByName = (username: string) =>
    db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();

  return {
    isMember,

    /**
     * Listed usernames no account holds yet. Whoever registers such a name becomes a member of support, so
     * the operator is warned at start (the grant-support command has no such gap: it needs the account).
     */
    async unclaimedConfiguredNames(): Promise<string[]> {
      if (listed.size === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select(sql<string>`lower(username)`.as('name'))
        .where(sql<string>`lower(username)`, 'in', [...listed])
        .execute();
      const claimed = new Set(rows.map((row) => row.name));
      return [...listed].filter((name) => !claimed.has(name));
    },

    /** The roles a user holds, for the user details the client reads. */
    async rolesOf(user: { id: string; username: string }): Promise<StaffRole[]> {
      return (await isMember(user)) ? ['support'] : [];
    },

    /** Grants support to an existing account (idempotent). */
    async grant(username: string): Promise<GrantResult> {
      const user = await userByName(username);
      if (!user) return { ok: false, reason: 'no-such-user' };
      const inserted = await db
        .insertInto('staff_roles')
        .values({ user_id: user.id, role: 'support' })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return { ok: true, userId: user.id, changed: inserted !== undefined };
    },

    async revoke(username: string): Promise<GrantResult> {
      const user = await userByName(username);
      if (!user) return { ok: false, reason: 'no-such-user' };
      const deleted = await db
        .deleteFrom('staff_roles')
        .where('user_id', '=', user.id)
        .where('role', '=', 'support')
        .returning('user_id')
        .executeTakeFirst();
      return { ok: true, userId: user.id, changed: deleted !== undefined };
    },
  };
}

export type SupportRoles = ReturnType<typeof createSupportRoles>;
