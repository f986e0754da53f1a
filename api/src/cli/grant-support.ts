// Operator command: makes an existing account a member of support (or, with --revoke, no longer one).
// It writes the database the environment names (DATABASE_URL, else the embedded one in DATA_DIR), exactly
// like the API would read it; there is deliberately no way to do this from the web.
//
//   pnpm --filter api grant-support <username>
//   pnpm --filter api grant-support <username> --revoke
//
// The embedded database (PGlite) is opened by one process at a time: run this while the portal is stopped,
// or list the username in SUPPORT_USERNAMES instead.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrator.ts';
import { createSupportRoles } from '../support/support-roles.ts';

const USAGE = 'usage: grant-support <username> [--revoke]';

export async function grantSupport(argv: string[], env: Record<string, string | undefined> = process.env): Promise<{ code: number; output: string }> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { revoke: { type: 'boolean', default: false } } });
  } catch (error) {
    return { code: 2, output: `${(error as Error).message}\n${USAGE}` };
  }
  const [username, ...rest] = parsed.positionals;
  if (!username || rest.length > 0) return { code: 2, output: USAGE };

  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  try {
    await migrate(database.db);
    const roles = createSupportRoles(database.db, []);
    const revoke = parsed.values.revoke === true;
    const result = revoke ? await roles.revoke(username) : await roles.grant(username);
    if (!result.ok) return { code: 1, output: `No account named "${username}".` };
    if (revoke) return { code: 0, output: result.changed ? `${username} is no longer in support.` : `${username} was not in support.` };
    return { code: 0, output: result.changed ? `${username} is now in support.` : `${username} was already in support.` };
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  const { code, output } = await grantSupport(process.argv.slice(2));
  (code === 0 ? console.log : console.error)(output);
  process.exitCode = code;
}
