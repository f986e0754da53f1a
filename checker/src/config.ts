// The checker's only reader of the environment. Everything else receives a typed CheckerConfig, so tests
// and the API (which runs checks in-process on embedded defaults and for the operator's on-demand checks)
// pass whatever settings they need.

export interface CheckerConfig {
  /**
   * The judge every check asks through the exit (`http://host:port/`). null: a judge in this process on
   * judgeHost:judgePort, reachable only by exits that can reach this machine.
   */
  judgeUrl: string | null;
  /** Where this process's own judge listens (the in-process judge, or a judge process of its own). */
  judgeHost: string;
  /** 0: any free port (in-process judge). */
  judgePort: number;
  /** Time to reach the upstream (TCP). */
  connectTimeoutMs: number;
  /** Time for the whole check: greeting, login, CONNECT to the judge, request and answer. */
  timeoutMs: number;
  /** Checks in flight at once: in this instance's schedule, and in one on-demand run. */
  concurrency: number;
  /** Checks in flight at once against one upstream host (a provider's gateway serves many exits). */
  hostConcurrency: number;
  /** Each exit is checked once per interval across every checker instance. */
  intervalMs: number;
  /** An online exit is dead after this many failed checks in a row... */
  deadAfterFailures: number;
  /** ...or once its checks have failed for longer than this. */
  deadAfterMs: number;
  /** A dead exit is online again after this many passed checks in a row. */
  onlineAfterSuccesses: number;
  /** Every this many checks of an exit (its first included) also measure its speed; 0: never. */
  speedEvery: number;
  /** The download a speed measurement times. */
  speedBytes: number;
  /** PostgreSQL shared with the API; null: the checker runs inside the API on embedded PGlite. */
  databaseUrl: string | null;
  /** Key material that opens exit credentials; null: the key kept in the database's settings table. */
  exitCredentialsKey: string | null;
  logLevel: string;
}

type Environment = Record<string, string | undefined>;

function integer(env: Environment, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

function judgeUrl(raw: string | undefined): string | null {
  const text = raw?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`CHECKER_JUDGE_URL must be an http:// URL such as http://judge.example.com:8089/, got "${text}"`);
  }
  if (url.protocol !== 'http:') throw new Error('CHECKER_JUDGE_URL must be an http:// URL: the judge answers in plain HTTP through the exit');
  return url.href;
}

export function loadCheckerConfig(env: Environment = process.env): CheckerConfig {
  const connectTimeoutMs = integer(env, 'CHECKER_CONNECT_TIMEOUT_MS', 2000, 100);
  return {
    judgeUrl: judgeUrl(env.CHECKER_JUDGE_URL),
    judgeHost: env.CHECKER_JUDGE_HOST?.trim() || '127.0.0.1',
    judgePort: integer(env, 'CHECKER_JUDGE_PORT', 0, 0, 65_535),
    connectTimeoutMs,
    timeoutMs: integer(env, 'CHECKER_TIMEOUT_MS', 5000, connectTimeoutMs),
    concurrency: integer(env, 'CHECKER_CONCURRENCY', 256, 1, 20_000),
    hostConcurrency: integer(env, 'CHECKER_HOST_CONCURRENCY', 16, 1, 20_000),
    intervalMs: integer(env, 'CHECKER_INTERVAL_SECONDS', 60, 10, 86_400) * 1000,
    deadAfterFailures: integer(env, 'CHECKER_DEAD_AFTER_FAILURES', 3, 1, 100),
    deadAfterMs: integer(env, 'CHECKER_DEAD_AFTER_SECONDS', 60, 1, 86_400) * 1000,
    onlineAfterSuccesses: integer(env, 'CHECKER_ONLINE_AFTER_SUCCESSES', 2, 1, 100),
    speedEvery: integer(env, 'CHECKER_SPEED_EVERY', 10, 0, 1_000_000),
    speedBytes: integer(env, 'CHECKER_SPEED_BYTES', 1_000_000, 1000, 16 * 1024 * 1024),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    exitCredentialsKey: env.EXIT_CREDENTIALS_KEY?.trim() || null,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
  };
}
