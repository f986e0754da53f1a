// The only module that reads the environment. Everything else receives a typed `Config`, so tests build
// apps with whatever settings they need and production behaviour is documented in one place (README).
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The remotes the shell composes at runtime, read from the workspace's one list of remotes at start. */
export const REMOTE_NAMES: readonly string[] = (
  JSON.parse(readFileSync(new URL('../../remotes.manifest.json', import.meta.url), 'utf8')) as {
    remotes: { name: string }[];
  }
).remotes.map((remote) => remote.name);
export type RemoteName = string;

export type DatabaseConfig =
  /** Embedded PostgreSQL (PGlite); `dataDir: null` keeps it in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null }
  /**
   * Real PostgreSQL; `schema` pins search_path (tests give each app its own schema). A request waits at
   * most `connectTimeoutMs` for a connection; a statement runs at most `queryTimeoutMs` (server side; unset:
   * no limit). Either way it then answers 503.
   */
  | { kind: 'postgres'; url: string; schema: string | null; connectTimeoutMs?: number; queryTimeoutMs?: number };

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface Config {
  host: string;
  port: number;
  /** Where users reach the portal; used in mailed links. */
  publicUrl: string;
  logLevel: string;
  /** Forwarded-for handling behind a load balancer (fastify `trustProxy`). */
  trustProxy: boolean | string;
  /** Request body limit in bytes. */
  bodyLimit: number;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  mail: {
    smtpUrl: string | null;
    from: string;
    /** Where mails go as `.eml` files when no SMTP server is configured. */
    outboxDir: string;
  };
  auth: {
    /** HS256 key; null: generated once and kept in the `settings` table. */
    jwtSecret: string | null;
    sessionTtlSeconds: number;
    /**
     * How long this instance may accept a token it has already checked without asking the database again
     * (0: check every request). Revocations made here, or anywhere when Redis is configured, apply at once;
     * without Redis a session ended on another instance may still be accepted here for up to this long.
     */
    sessionCacheMs: number;
    argon2: Argon2Params;
    /** Failed logins one account may take per window before 429 (OWASP ASVS: at most 100 per hour). */
    loginFailureLimit: number;
    loginFailureWindowSeconds: number;
    resetTokenTtlSeconds: number;
    twoFactor: {
      /** Name the authenticator app shows next to the account. */
      issuer: string;
      /** Key sealing authenticator secrets at rest; null: generated once and kept in the `settings` table. */
      encryptionKey: string | null;
      /** Wrong codes one account may enter per window before 429. */
      failureLimit: number;
      failureWindowSeconds: number;
      /** How long the code step of a login may take after the password was accepted. */
      challengeTtlSeconds: number;
    };
  };
  captcha: {
    /** HMAC key signing challenges; null: generated once and kept in the `settings` table. */
    hmacKey: string | null;
    /** Upper bound of the secret counter the browser must find: the difficulty. */
    maxNumber: number;
    expiresInSeconds: number;
  };
  rateLimit: {
    /** Requests per window per IP on each sensitive auth route. */
    max: number;
    windowMs: number;
  };
  /** Top-ups (README "Payments"). */
  payments: PaymentsConfig;
  /** Inventory seeding and the market read cache. */
  marketplace: {
    /** Listings the demo catalogue seeds into an empty inventory (0: none). */
    inventorySize: number;
    inventorySeed: number;
    /** How long an instance may serve counts and search results it computed (purchases clear it at once). */
    cacheMs: number;
  };
  /** The operator's exits: imports, sealed credentials, the demo catalogue (README "Inventory"). */
  inventory: InventoryConfig;
  /** Lease periods and the auto-renewal sweep (README "History and auto-renewal"). */
  leases: LeasesConfig;
  /** Support tickets and the desk (README "Support"). */
  support: SupportConfig;
  /** The SOCKS5 gateway that serves every lease (README "SOCKS5 gateway"). */
  gateway: GatewaySettings;
  web: {
    shellDir: string;
    remoteDirs: Record<RemoteName, string>;
    /** Overrides of `/remotes.json` entries (dev mode: each remote on its own dev server). */
    remoteUrls: Record<RemoteName, string>;
    /** Serve the build's source maps (and name them on each script); off: they answer 404. */
    serveSourceMaps: boolean;
  };
}

export interface InventoryConfig {
  /**
   * Seed the demo catalogue into an empty inventory: on embedded defaults, or when INVENTORY_DEMO=true.
   * A production database (DATABASE_URL) gets none unless asked, and starts with an empty market.
   */
  demo: boolean;
  /** Key material sealing exit credentials; null: generated once and kept in the `settings` table. */
  credentialsKey: string | null;
  /** Largest import file the operator API accepts, in bytes. */
  importMaxBytes: number;
  /**
   * Where a running instance leaves the address and one-time secret of its operator endpoints for the
   * `inventory` command on this machine (in the data dir, readable by the operator's account only).
   */
  controlFile: string;
  /**
   * The CHECKER_* variables as given: the checker's own config module parses them (exactly as in a checker
   * process) when this process runs checks.
   */
  checkerEnvironment: Record<string, string>;
}

export interface LeasesConfig {
  /** How long a purchase or a renewal pays for (24 hours; e2e runs use seconds). */
  periodSeconds: number;
  /** How often each instance sweeps for leases at the end of their period (0: never, tests sweep by hand). */
  sweepMs: number;
  /** How long a lease with auto-renewal on waits, uncharged, for its offline exit before it ends. */
  offlineWaitSeconds: number;
  /** How long before a renewal the balance cannot cover the customer is mailed. */
  noticeSeconds: number;
}

export interface GatewaySettings {
  /** The host in every proxy string the API hands out: `publicHost:port`. */
  publicHost: string;
  /** Lease ports come from this range, unique among active leases. */
  portRange: { first: number; last: number };
  /**
   * The GATEWAY_* variables as given. On embedded defaults main.ts starts the gateway in this process and
   * hands it these, so the gateway's own config module parses them exactly as in a gateway process.
   */
  environment: Record<string, string>;
}

export type PaymentsConfig =
  /** Test mode: the API's own checkout page. `sandboxEnabled` false (production without opt-in): payments off. */
  | { provider: 'sandbox'; sandboxEnabled: boolean }
  /** BTCPay Server Greenfield API on the operator's store. */
  | { provider: 'btcpay'; btcpay: { url: string; storeId: string; apiKey: string; webhookSecret: string } };

/** Whether a URL names this machine only (localhost, 127.0.0.0/8, ::1): nobody else can reach it. */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(host);
  return false;
}

function payments(env: Env, publicUrl: string): PaymentsConfig {
  const provider = text(env, 'PAYMENT_PROVIDER') ?? 'sandbox';
  if (provider === 'sandbox') {
    // The sandbox credits balances for free, so production must ask for it explicitly.
    const sandboxEnabled = text(env, 'NODE_ENV') !== 'production' || text(env, 'PAYMENT_SANDBOX_ENABLED') === 'true';
    // Started on an address others can reach, it would be a shop that gives money away: refuse, unless
    // the operator says this is a public demo on purpose.
    if (sandboxEnabled && !isLoopbackUrl(publicUrl) && text(env, 'PAYMENT_SANDBOX_ALLOW_PUBLIC') !== 'true') {
      throw new ConfigError(
        `the sandbox payment provider (test mode: anyone can top up for free) is refused on PUBLIC_URL=${publicUrl}, ` +
          'which is not a loopback address. Set PAYMENT_PROVIDER=btcpay for real payments, or ' +
          'PAYMENT_SANDBOX_ALLOW_PUBLIC=true for a public test shop.',
      );
    }
    return { provider, sandboxEnabled };
  }
  if (provider !== 'btcpay') throw new ConfigError(`PAYMENT_PROVIDER must be sandbox or btcpay, got "${provider}"`);
  const required = (name: string) => {
    const value = text(env, name);
    if (value === null) throw new ConfigError(`${name} is required when PAYMENT_PROVIDER=btcpay`);
    return value;
  };
  return {
    provider,
    btcpay: {
      url: required('BTCPAY_URL').replace(/\/+$/, ''),
      storeId: required('BTCPAY_STORE_ID'),
      apiKey: required('BTCPAY_API_KEY'),
      webhookSecret: required('BTCPAY_WEBHOOK_SECRET'),
    },
  };
}

export interface SupportConfig {
  /** Tickets one customer may open per hour (429 beyond). */
  ticketsPerHour: number;
  /** Open tickets one customer may have at once. */
  maxOpenTickets: number;
  /** Accounts in support by configuration, besides those granted with the grant-support command. */
  usernames: string[];
  /** Footer links of the support page; null: not shown. */
  links: { onion: string | null; messenger: string | null; status: string | null };
}

/** An optional http(s) link the operator configures; anything else is a mistake worth stopping for. */
function link(env: Env, name: string): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  return url.href;
}

function support(env: Env): SupportConfig {
  return {
    ticketsPerHour: integer(env, 'SUPPORT_TICKETS_PER_HOUR', 10, 1),
    maxOpenTickets: integer(env, 'SUPPORT_MAX_OPEN_TICKETS', 5, 1),
    usernames: (text(env, 'SUPPORT_USERNAMES') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    links: {
      onion: link(env, 'SUPPORT_ONION_URL'),
      messenger: link(env, 'SUPPORT_MESSENGER_URL'),
      status: link(env, 'SUPPORT_STATUS_URL'),
    },
  };
}

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** OWASP ASVS 5.0 / Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OWASP: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

type Env = Record<string, string | undefined>;

class ConfigError extends Error {
  override name = 'ConfigError';
}

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return value;
}

/** Relative paths are taken from the repository root, whichever folder the process starts in. */
function path(env: Env, name: string, fallback: string): string {
  const raw = text(env, name) ?? fallback;
  return isAbsolute(raw) ? raw : resolve(repoRoot, raw);
}

function remoteUrls(env: Env): Record<RemoteName, string> {
  const raw = text(env, 'REMOTE_URLS');
  if (raw === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('REMOTE_URLS must be a JSON object of remote name -> manifest URL');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError('REMOTE_URLS must be a JSON object of remote name -> manifest URL');
  }
  const result: Record<RemoteName, string> = {};
  for (const [name, url] of Object.entries(parsed)) {
    if (!(REMOTE_NAMES as readonly string[]).includes(name) || typeof url !== 'string') {
      throw new ConfigError(`REMOTE_URLS: unknown remote "${name}" or non-string URL`);
    }
    result[name as RemoteName] = url;
  }
  return result;
}

/** Same format and default as the gateway's own GATEWAY_PORT_RANGE. */
function portRange(env: Env): { first: number; last: number } {
  const raw = text(env, 'GATEWAY_PORT_RANGE') ?? '20000-29999';
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(raw);
  const first = Number(match?.[1]);
  const last = Number(match?.[2]);
  if (!match || first < 1024 || last > 65535 || first > last) {
    throw new ConfigError(`GATEWAY_PORT_RANGE must look like 20000-29999 within 1024-65535, got "${raw}"`);
  }
  return { first, last };
}

function gateway(env: Env): GatewaySettings {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('GATEWAY_') && value !== undefined) environment[name] = value;
  }
  return { publicHost: text(env, 'GATEWAY_PUBLIC_HOST') ?? '127.0.0.1', portRange: portRange(env), environment };
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined || raw === null) return fallback;
  if (raw === 'true' || raw === '1' || raw === 'yes') return true;
  if (raw === 'false' || raw === '0' || raw === 'no') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function inventory(env: Env, dataDir: string, production: boolean): InventoryConfig {
  const checkerEnvironment: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('CHECKER_') && value !== undefined) checkerEnvironment[name] = value;
  }
  return {
    demo: flag(env, 'INVENTORY_DEMO', !production),
    credentialsKey: text(env, 'EXIT_CREDENTIALS_KEY'),
    importMaxBytes: integer(env, 'INVENTORY_IMPORT_MAX_BYTES', 64 * 1024 * 1024, 1024),
    controlFile: join(dataDir, 'operator-control.json'),
    checkerEnvironment,
  };
}

function trustProxy(env: Env): boolean | string {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === null || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080);
  const dataDir = path(env, 'DATA_DIR', '.data');
  const databaseUrl = text(env, 'DATABASE_URL');
  const remotesDir = text(env, 'REMOTES_DIR');
  const remoteDirs = Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      remotesDir === null ? join(repoRoot, `mfe-${name}`, 'dist') : join(path(env, 'REMOTES_DIR', ''), name),
    ]),
  ) as Record<RemoteName, string>;

  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');

  return {
    host: text(env, 'HOST') ?? '127.0.0.1',
    port,
    publicUrl,
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: trustProxy(env),
    bodyLimit: integer(env, 'BODY_LIMIT', 100 * 1024, 1024),
    dataDir,
    database: databaseUrl
      ? {
          kind: 'postgres',
          url: databaseUrl,
          schema: null,
          connectTimeoutMs: integer(env, 'DB_CONNECT_TIMEOUT_MS', 5_000, 100),
          queryTimeoutMs: integer(env, 'DB_QUERY_TIMEOUT_MS', 15_000, 100),
        }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    redisUrl: text(env, 'REDIS_URL'),
    mail: {
      smtpUrl: text(env, 'SMTP_URL'),
      from: text(env, 'MAIL_FROM') ?? 'Private Sock5 <no-reply@localhost>',
      outboxDir: join(dataDir, 'outbox'),
    },
    auth: {
      jwtSecret: text(env, 'JWT_SECRET'),
      sessionTtlSeconds: integer(env, 'SESSION_TTL_SECONDS', 24 * 60 * 60, 60),
      sessionCacheMs: integer(env, 'SESSION_CACHE_MS', 2000),
      argon2: ARGON2_OWASP,
      loginFailureLimit: integer(env, 'LOGIN_FAILURE_LIMIT', 100, 1),
      loginFailureWindowSeconds: 60 * 60,
      resetTokenTtlSeconds: 60 * 60,
      twoFactor: {
        issuer: text(env, 'TOTP_ISSUER') ?? 'Private Sock5',
        encryptionKey: text(env, 'TOTP_ENCRYPTION_KEY'),
        failureLimit: integer(env, 'TWO_FACTOR_FAILURE_LIMIT', 10, 1),
        failureWindowSeconds: 15 * 60,
        challengeTtlSeconds: 5 * 60,
      },
    },
    captcha: {
      hmacKey: text(env, 'CAPTCHA_HMAC_KEY'),
      maxNumber: integer(env, 'CAPTCHA_MAX_NUMBER', 20_000, 1),
      expiresInSeconds: integer(env, 'CAPTCHA_EXPIRES_SECONDS', 10 * 60, 10),
    },
    rateLimit: {
      max: integer(env, 'RATE_LIMIT_MAX', 30, 1),
      windowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1000),
    },
    payments: payments(env, publicUrl),
    marketplace: {
      inventorySize: integer(env, 'INVENTORY_SIZE', 5000),
      inventorySeed: integer(env, 'INVENTORY_SEED', 1),
      cacheMs: integer(env, 'MARKET_CACHE_MS', 1000),
    },
    inventory: inventory(env, dataDir, databaseUrl !== null),
    leases: {
      periodSeconds: integer(env, 'LEASE_PERIOD_SECONDS', 24 * 60 * 60, 10),
      sweepMs: integer(env, 'RENEWAL_SWEEP_MS', 30_000),
      offlineWaitSeconds: integer(env, 'RENEWAL_OFFLINE_WAIT_HOURS', 24) * 60 * 60,
      noticeSeconds: integer(env, 'RENEWAL_NOTICE_MINUTES', 60) * 60,
    },
    support: support(env),
    gateway: gateway(env),
    web: {
      // SHELL_DIR: another build of the shell, e.g. the benchmark's single-app build.
      shellDir: text(env, 'SHELL_DIR') === null ? join(repoRoot, 'shell', 'dist') : path(env, 'SHELL_DIR', ''),
      remoteDirs,
      remoteUrls: remoteUrls(env),
      serveSourceMaps: text(env, 'SERVE_SOURCE_MAPS') === 'true',
    },
  };
}

/** Settings of the API test suite itself (TEST_DATABASE_URL: also run every suite on PostgreSQL). */
export function loadTestEnvironment(env: Env = process.env): { databaseUrl: string | null; redisUrl: string } {
  return {
    databaseUrl: text(env, 'TEST_DATABASE_URL'),
    redisUrl: text(env, 'TEST_REDIS_URL') ?? 'redis://127.0.0.1:6379',
  };
}
