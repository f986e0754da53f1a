// How the server commands with subcommands (inventory, release) start: their arguments parsed (an unknown
// option is said with the usage, exit 2), -h/--help, and the configuration loaded (a bad variable is said
// with the command's name, exit 2).
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { loadConfig, type Config } from '../config.ts';

/** A wrong argument: said with the usage; the command exits 2. */
export class UsageError extends Error {}

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

/** The subcommand, its other arguments, the options and the configuration; or the exit code when it stops here. */
export function startCommand<const Options extends ParseArgsOptionsConfig>(
  name: string,
  usage: string,
  argv: string[],
  env: Record<string, string | undefined>,
  io: { out(text: string): void; err(text: string): void },
  options: Options,
) {
  let parsed;
  try {
    parsed = parseArgs<{ args: string[]; allowPositionals: true; options: Options & typeof HELP }>({ args: argv, allowPositionals: true, options: { ...options, ...HELP } });
  } catch (error) {
    io.err(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  const values = parsed.values;
  const help = (values as { help?: boolean }).help === true;
  if (help || command === undefined) {
    (help ? io.out : io.err)(usage);
    return help ? 0 : 2;
  }
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    io.err(`${name}: ${(error as Error).message}`);
    return 2;
  }
  return { command, rest, options: values, config };
}
