// Membership of support. A member is an account with a `support` row in staff_roles (granted by the
// operator's command, src/cli/grant-support.ts) or one whose username the operator lists in
// SUPPORT_USERNAMES. Nothing reachable from the web grants or revokes it, and every desk call asks again,
// so a revocation applies to the next call.
import { sql, type Kysely } from 'kysely';
import type { Schema, StaffRole } from '../db/schema.ts';
import { createStaffRole } from '../operator/operator-roles.ts';

export function createSupportRoles(db: Kysely<Schema>, configuredUsernames: readonly string[]) {
  const listed = new Set(configuredUsernames.map((name) => name.toLowerCase()));
  const staffRole = createStaffRole(db, 'support');

  async function isMember(user: { id: string; username: string }): Promise<boolean> {
    if (listed.has(user.username.toLowerCase())) return true;
    return staffRole.holds(user.id);
  }

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
    async rolesOf(user: { id: string; username: string }): Promise<Extract<StaffRole, 'support'>[]> {
      return (await isMember(user)) ? ['support'] : [];
    },

    /** Grants support to an existing account (idempotent). */
    grant: staffRole.grant,
    revoke: staffRole.revoke,
  };
}

export type SupportRoles = ReturnType<typeof createSupportRoles>;
