// The only module that reads the environment. Everything else receives a typed `Config`, so tests build
// apps with whatever settings they need and production behaviour is documented in one place (README).
import { readFileSync } from 'node:fs';
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
  /** Real PostgreSQL; `schema` pins search_path (tests give each app its own schema). */
  | { kind: 'postgres'; url: string; schema: string | null };

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
  /** Support tickets and the desk (README "Support"). */
  support: SupportConfig;
  /** The SOCKS5 gateway that serves every lease (README "SOCKS5 gateway"). */
  gateway: GatewaySettings;
  web: {
    shellDir: string;
    remoteDirs: Record<RemoteName, string>;
    /** Overrides of `/remotes.json` entries (dev mode: each remote on its own dev server). */
    remoteUrls: Record<RemoteName, string>;
  };
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

function payments(env: Env): PaymentsConfig {
  const provider = text(env, 'PAYMENT_PROVIDER') ?? 'sandbox';
  if (provider === 'sandbox') {
    // Decision 10: the sandbox credits balances for free, so production must ask for it explicitly.
    const sandboxEnabled = text(env, 'NODE_ENV') !== 'production' || text(env, 'PAYMENT_SANDBOX_ENABLED') === 'true';
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

  return {
    host: text(env, 'HOST') ?? '127.0.0.1',
    port,
    publicUrl: (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: trustProxy(env),
    bodyLimit: integer(env, 'BODY_LIMIT', 100 * 1024, 1024),
    dataDir,
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl, schema: null }
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
    payments: payments(env),
    marketplace: {
      inventorySize: integer(env, 'INVENTORY_SIZE', 5000),
      inventorySeed: integer(env, 'INVENTORY_SEED', 1),
      cacheMs: integer(env, 'MARKET_CACHE_MS', 1000),
    },
    support: support(env),
    gateway: gateway(env),
    web: {
      shellDir: join(repoRoot, 'shell', 'dist'),
      remoteDirs,
      remoteUrls: remoteUrls(env),
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
