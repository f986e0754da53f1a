// POST /api/operator/roles on the wire: grant-operator and grant-support asking the running instance to
// change a staff role (the embedded database is that process's). Only the commands on the server call it.
import Type, { type Static } from 'typebox';

export const StaffRoleChangeRequest = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  role: Type.Union([Type.Literal('support'), Type.Literal('operator')]),
  revoke: Type.Boolean(),
});
export type StaffRoleChangeRequest = Static<typeof StaffRoleChangeRequest>;

/** changed: false when the account already was (or was not) in the role. */
export const StaffRoleChangeResult = Type.Object({ changed: Type.Boolean() });
export type StaffRoleChangeResult = Static<typeof StaffRoleChangeResult>;
