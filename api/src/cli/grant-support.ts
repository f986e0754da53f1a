// Operator command: makes an existing account a member of support (or, with --revoke, no longer one).
// It writes the database the environment names (DATABASE_URL, else the embedded one in DATA_DIR), exactly
// like the API would read it; there is deliberately no way to do this from the web.
//
//   pnpm --filter api grant-support <username>
//   pnpm --filter api grant-support <username> --revoke
//
// While the portal runs on the embedded database, the command asks the running process (it holds the
// database); SUPPORT_USERNAMES lists members without the command.
import { runStaffRoleCommand, type CommandResult } from './staff-role-command.ts';

export function grantSupport(argv: string[], env: Record<string, string | undefined> = process.env): Promise<CommandResult> {
  return runStaffRoleCommand('grant-support', 'support', argv, env);
}

if (import.meta.main) {
  const { code, output } = await grantSupport(process.argv.slice(2));
  (code === 0 ? console.log : console.error)(output);
  process.exitCode = code;
}
