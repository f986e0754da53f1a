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
  /** MaxMind-format City (or Country) database for exit locations; null: none, locations stay unknown. */
  geoCityDb: string | null;
  /** MaxMind-format ASN or ISP database for the exits' networks; null: none. */
  geoAsnDb: string | null;
  /** Resolver addresses (`ip` or `ip:port`) for reverse DNS and DNSBL lookups; empty: the system's. */
  dnsServers: string[];
  /** The DNSBL zone (without a DQS key). */
  dnsblZone: string;
  /** Spamhaus Data Query Service key: queries go to `<key>.zen.dq.spamhaus.net`. */
  dnsblKey: string | null;
  /** The longest a DNSBL answer is kept (and how long "not listed" is). */
  dnsblRefreshSeconds: number;
  /** How long an unknown DNSBL verdict (an error answer, a timeout) is kept before it is asked again. */
  dnsblRetrySeconds: number;
  dnsTimeoutMs: number;
  /** Lookups (reverse DNS and DNSBL) in flight at once in one instance. */
  lookupConcurrency: number;
  /** PostgreSQL shared with the API; null: the checker runs inside the API on embedded PGlite. */
  databaseUrl: string | null;
  /** Key material that opens exit credentials; null: the key kept in the database's settings table. */
  exitCredentialsKey: string | null;
  logLevel: string;
  /** The checker process's /health, /ready and /metrics (status-server.ts); port null: none. */
  status: { host: string; port: number | null };
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

function path(env: Environment, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

function dnsServers(raw: string | undefined): string[] {
  const servers = (raw ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  for (const server of servers) {
    const match = /^(?:(\d{1,3}(?:\.\d{1,3}){3})(?::(\d{1,5}))?|\[([0-9a-fA-F:]+)\](?::(\d{1,5}))?)$/.exec(server);
    const port = match?.[2] ?? match?.[4];
    if (!match || (port !== undefined && (Number(port) < 1 || Number(port) > 65_535))) {
      throw new Error(`CHECKER_DNS_SERVERS must list resolver addresses such as 127.0.0.1 or 127.0.0.1:5353, comma-separated; got "${server}"`);
    }
  }
  return servers;
}

function dnsblZone(raw: string | undefined): string {
  const zone = raw?.trim().replace(/\.$/, '') || 'zen.spamhaus.org';
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(zone)) throw new Error(`CHECKER_DNSBL_ZONE must be a DNS zone such as zen.spamhaus.org, got "${zone}"`);
  return zone.toLowerCase();
}

function dqsKey(raw: string | undefined): string | null {
  const key = raw?.trim();
  if (!key) return null;
  if (!/^[a-z0-9]{10,64}$/i.test(key)) throw new Error('CHECKER_DNSBL_DQS_KEY must be the letters and digits of a Spamhaus DQS key');
  return key;
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
    geoCityDb: path(env, 'CHECKER_GEO_CITY_DB'),
    geoAsnDb: path(env, 'CHECKER_GEO_ASN_DB'),
    dnsServers: dnsServers(env.CHECKER_DNS_SERVERS),
    dnsblZone: dnsblZone(env.CHECKER_DNSBL_ZONE),
    dnsblKey: dqsKey(env.CHECKER_DNSBL_DQS_KEY),
    dnsblRefreshSeconds: integer(env, 'CHECKER_DNSBL_REFRESH_SECONDS', 4 * 3600, 60, 7 * 86_400),
    dnsblRetrySeconds: integer(env, 'CHECKER_DNSBL_RETRY_SECONDS', 600, 1, 86_400),
    dnsTimeoutMs: integer(env, 'CHECKER_DNS_TIMEOUT_MS', 3000, 100, 60_000),
    lookupConcurrency: integer(env, 'CHECKER_LOOKUP_CONCURRENCY', 16, 1, 1000),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    exitCredentialsKey: env.EXIT_CREDENTIALS_KEY?.trim() || null,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    status: { host: env.CHECKER_STATUS_HOST?.trim() || '127.0.0.1', port: env.CHECKER_STATUS_PORT?.trim() ? integer(env, 'CHECKER_STATUS_PORT', 0, 1, 65_535) : null },
  };
}
