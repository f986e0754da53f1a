// The logging the gateway does: pino's calling convention, so the API can hand it a child of its own
// logger; standalone, JSON lines on stdout at the configured level.

export interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50, silent: 100 } as const;

export function createJsonLogger(level: string, write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const threshold = LEVELS[level as keyof typeof LEVELS] ?? LEVELS.info;
  const at = (name: keyof typeof LEVELS) => (fields: object, message: string) => {
    if (LEVELS[name] < threshold) return;
    const entry: Record<string, unknown> = { level: LEVELS[name], time: Date.now(), msg: message };
    for (const [key, value] of Object.entries(fields)) {
      entry[key] = value instanceof Error ? { message: value.message, code: (value as NodeJS.ErrnoException).code } : value;
    }
    write(`${JSON.stringify(entry)}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
