// Operators: staff who stock the shop (import exits, check them, retire them). An operator is an account
// with an `operator` row in staff_roles, granted by the grant-operator command (src/cli/grant-operator.ts)
// and by nothing reachable from the web; every operator call asks again, so a revocation applies at once.
import { sql, type Kysely } from 'kysely';
import type { Schema, StaffRole } from '../db/schema.ts';
import { recordOperatorAction, type AuditActor } from './audit.ts';

export type RoleChange = { ok: true; userId: string; changed: boolean } | { ok: false; reason: 'no-such-user' };

/** Grants and revokes one staff role by username (compared without case, as at sign-in). */
export function createStaffRole(db: Kysely<Schema>, role: StaffRole) {
  const userByName = (username: string) =>
    db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();

  return {
    async holds(userId: string): Promise<boolean> {
      const row = await db.selectFrom('staff_roles').select('role').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();
      return row !== undefined;
    },

    /** Grants the role to an existing account (idempotent). */
    async grant(username: string): Promise<RoleChange> {
      const user = await userByName(username);
      if (!user) return { ok: false, reason: 'no-such-user' };
      const inserted = await db
        .insertInto('staff_roles')
        .values({ user_id: user.id, role })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return { ok: true, userId: user.id, changed: inserted !== undefined };
    },

    async revoke(username: string): Promise<RoleChange> {
      const user = await userByName(username);
      if (!user) return { ok: false, reason: 'no-such-user' };
      const deleted = await db
        .deleteFrom('staff_roles')
        .where('user_id', '=', user.id)
        .where('role', '=', role)
        .returning('user_id')
        .executeTakeFirst();
      return { ok: true, userId: user.id, changed: deleted !== undefined };
    },
  };
}

export type StaffRoleAccess = ReturnType<typeof createStaffRole>;

/** Grants or revokes a staff role and audits it, in one transaction (the command, or the running instance for it). */
export function changeStaffRole(
  db: Kysely<Schema>,
  change: { role: StaffRole; username: string; revoke: boolean; actor: AuditActor },
): Promise<RoleChange> {
  return db.transaction().execute(async (trx) => {
    const roles = createStaffRole(trx, change.role);
    const result = change.revoke ? await roles.revoke(change.username) : await roles.grant(change.username);
    if (!result.ok) return result;
    const held = (now: boolean) => ({ role: change.role, held: now });
    await recordOperatorAction(trx, {
      actor: change.actor,
      action: change.revoke ? 'role.revoke' : 'role.grant',
      target: `user:${result.userId}`,
      // An unchanged role was already as asked: before and after are the same.
      before: held(result.changed ? change.revoke : !change.revoke),
      after: held(!change.revoke),
    });
    return result;
  });
}
