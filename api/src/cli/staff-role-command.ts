// The shape of the operator's role commands (grant-support, grant-operator): `<username> [--revoke]`
// against the database the environment names (DATABASE_URL, else the embedded one in DATA_DIR), exactly
// as the API would read it. While the portal runs on the embedded database, that process holds it: the
// command asks it (running-portal.ts), which accepts this from the commands on its machine only. There is
// deliberately no way to grant a staff role from the web. Every change is in the operator audit log.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrator.ts';
import type { StaffRole } from '../db/schema.ts';
import type { StaffRoleChangeResult } from 'contract/staff-roles';
import { changeStaffRole, type RoleChange } from '../operator/operator-roles.ts';
import { callPortalJson, commandActor, runningPortal } from './running-portal.ts';

export interface CommandResult {
  code: number;
  output: string;
}

/** How the outcome names the role: "carol is now in support", "carol is no longer an operator". */
const MEMBERSHIP: Record<StaffRole, string> = { support: 'in support', operator: 'an operator' };

export async function runStaffRoleCommand(
  command: string,
  role: StaffRole,
  argv: string[],
  env: Record<string, string | undefined>,
): Promise<CommandResult> {
  const usage = `usage: ${command} <username> [--revoke]`;
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { revoke: { type: 'boolean', default: false } } });
  } catch (error) {
    return { code: 2, output: `${(error as Error).message}\n${usage}` };
  }
  const [username, ...rest] = parsed.positionals;
  if (!username || rest.length > 0) return { code: 2, output: usage };

  const config = loadConfig(env);
  const revoke = parsed.values.revoke === true;
  const actor = commandActor(command, env);
  let result: RoleChange;
  const portal = await runningPortal(config);
  if (portal) {
    let answer;
    try {
      answer = await callPortalJson<StaffRoleChangeResult>(portal, { method: 'POST', path: '/roles', body: { json: { username, role, revoke } }, actor });
    } catch (error) {
      return { code: 1, output: (error as Error).message };
    }
    if (answer.status === 404) result = { ok: false, reason: 'no-such-user' };
    else if (answer.status !== 200) return { code: 1, output: `the running portal refused: ${answer.value.message ?? `HTTP ${answer.status}`}` };
    else result = { ok: true, userId: '', changed: answer.value.changed };
  } else {
    const database = await openDatabase(config.database);
    try {
      await migrate(database.db);
      result = await changeStaffRole(database.db, { role, username, revoke, actor: { userId: null, name: actor } });
    } finally {
      await database.close();
    }
  }
  if (!result.ok) return { code: 1, output: `No account named "${username}".` };
  const member = MEMBERSHIP[role];
  if (revoke) return { code: 0, output: result.changed ? `${username} is no longer ${member}.` : `${username} was not ${member}.` };
  return { code: 0, output: result.changed ? `${username} is now ${member}.` : `${username} was already ${member}.` };
}
