// Operator command: makes an existing account an operator (or, with --revoke, no longer one). Operators
// stock the shop through the operator API (/api/operator: imports, checks, retiring exits). Only this
// command grants the role; nothing reachable from the web does.
//
//   npm run pnpm -- --filter api grant-operator <username>
//   npm run pnpm -- --filter api grant-operator <username> --revoke
//
// While the portal runs on the embedded database, the command asks the running process (it holds the database).
import { runStaffRoleCommand, type CommandResult } from './staff-role-command.ts';

export function grantOperator(argv: string[], env: Record<string, string | undefined> = process.env): Promise<CommandResult> {
  return runStaffRoleCommand('grant-operator', 'operator', argv, env);
}

if (import.meta.main) {
  const { code, output } = await grantOperator(process.argv.slice(2));
  (code === 0 ? console.log : console.error)(output);
  process.exitCode = code;
}
