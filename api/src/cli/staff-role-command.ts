// The shape of the operator's role commands (grant-support, grant-operator): `<username> [--revoke]`
// against the database the environment names (DATABASE_URL, else the embedded one in DATA_DIR), exactly
// as the API would read it. There is deliberately no way to grant a staff role from the web.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrator.ts';
import type { StaffRole } from '../db/schema.ts';
import { createStaffRole } from '../operator/operator-roles.ts';

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
  const database = await openDatabase(config.database);
  try {
    await migrate(database.db);
    const roles = createStaffRole(database.db, role);
    const revoke = parsed.values.revoke === true;
    const result = revoke ? await roles.revoke(username) : await roles.grant(username);
    if (!result.ok) return { code: 1, output: `No account named "${username}".` };
    const member = MEMBERSHIP[role];
    if (revoke) return { code: 0, output: result.changed ? `${username} is no longer ${member}.` : `${username} was not ${member}.` };
    return { code: 0, output: result.changed ? `${username} is now ${member}.` : `${username} was already ${member}.` };
  } finally {
    await database.close();
  }
}
