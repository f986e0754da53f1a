// The only module that reads the environment. Everything else receives a typed `Config`, so tests build
// apps with whatever settings they need and production behaviour is documented in one place (docs/configuration.md).
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, readEnvironment, type Environment } from './environment.ts';

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
  /** Prefix of every Redis key and channel (REDIS_PREFIX): shops or stages sharing one Redis keep apart. */
  redisPrefix: string;
  mail: {
    smtpUrl: string | null;
    from: string;
    /** Where mails go as `.eml` files when no SMTP server is configured. */
    outboxDir: string;
  };
  /** The outbox worker (docs/production.md, "Mail outbox"): how often each instance runs due jobs (0: never). */
  jobs: { pollMs: number };
  /** Who may read GET /metrics: addresses and networks (`10.0.0.0/8`), judged by the connection. */
  metrics: { allow: string[] };
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
  /** The public API for customers' own software (/api/v1). */
  publicApi: {
    /** Requests per window per API key, counted in the shared store (Redis with REDIS_URL). */
    rateLimit: { max: number; windowMs: number };
  };
  /** Customers' webhook endpoints (docs/public-api.md, "Webhooks"). */
  webhooks: {
    /** Loopback destinations allowed: tests only, refused with NODE_ENV=production. */
    allowLoopback: boolean;
    /** Plain http destinations allowed besides https. */
    allowHttp: boolean;
    /** An endpoint failing this long is disabled and its owner mailed. */
    disableAfterMs: number;
  };
  /** Top-ups (docs/payments.md). */
  payments: PaymentsConfig;
  /** Inventory seeding and the market read cache. */
  marketplace: {
    /** Listings the demo catalogue seeds into an empty inventory (0: none). */
    inventorySize: number;
    inventorySeed: number;
    /** How long an instance may serve counts and search results it computed (purchases clear it at once). */
    cacheMs: number;
  };
  /** The operator's exits: imports, sealed credentials, the demo catalogue (docs/inventory.md). */
  inventory: InventoryConfig;
  /** Lease periods and the auto-renewal sweep (docs/marketplace.md, "History and auto-renewal"). */
  leases: LeasesConfig;
  /** Support tickets and the desk (docs/support.md). */
  support: SupportConfig;
  /** The SOCKS5 gateway that serves every lease (docs/gateway.md). */
  gateway: GatewaySettings;
  web: {
    shellDir: string;
    remoteDirs: Record<RemoteName, string>;
    /** Overrides of `/remotes.json` entries (dev mode: each remote on its own dev server). */
    remoteUrls: Record<RemoteName, string>;
    /** Serve the build's source maps (and name them on each script); off: they answer 404. */
    serveSourceMaps: boolean;
    /** Remote releases (docs/releases.md). */
    releases: ReleasesConfig;
  };
}

export interface ReleasesConfig {
  /** The release store on this machine: each release's files under `<remote>/<id>/`. */
  storeDir: string;
  /**
   * Where browsers fetch the store's files: `/releases` (this API serves storeDir there), or the static
   * origin or CDN the store is published to (`https://cdn.example/releases`).
   */
  storeUrl: string;
  /** A canary is rolled back by itself when this share of at least this many customers failed to load it. */
  canary: { minLoads: number; failurePercent: number };
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
  /**
   * How long a leased exit is dead before the automatic replacement runs (accounts with the setting on), and
   * before a purchase dead within 2 hours is refunded instead (docs/product-rules.md).
   */
  replaceDeadAfterSeconds: number;
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

function payments(env: Environment, publicUrl: string): PaymentsConfig {
  const provider = env.PAYMENT_PROVIDER;
  if (provider === 'sandbox') {
    // The sandbox credits balances for free, so production must ask for it explicitly.
    const sandboxEnabled = env.NODE_ENV !== 'production' || env.PAYMENT_SANDBOX_ENABLED;
    // Started on an address others can reach, it would be a shop that gives money away: refuse, unless
    // the operator says this is a public demo on purpose.
    if (sandboxEnabled && !isLoopbackUrl(publicUrl) && !env.PAYMENT_SANDBOX_ALLOW_PUBLIC) {
      throw new ConfigError(
        `the sandbox payment provider (test mode: anyone can top up for free) is refused on PUBLIC_URL=${publicUrl}, ` +
          'which is not a loopback address. Set PAYMENT_PROVIDER=btcpay for real payments, or ' +
          'PAYMENT_SANDBOX_ALLOW_PUBLIC=true for a public test shop.',
      );
    }
    return { provider, sandboxEnabled };
  }
  const required = (name: 'BTCPAY_URL' | 'BTCPAY_STORE_ID' | 'BTCPAY_API_KEY' | 'BTCPAY_WEBHOOK_SECRET') => {
    const value = env[name];
    if (value === undefined) throw new ConfigError(`${name} is required when PAYMENT_PROVIDER=btcpay`);
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

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** OWASP ASVS 5.0 / Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OWASP: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

type Env = Record<string, string | undefined>;

/** Relative paths are taken from the repository root, whichever folder the process starts in. */
function fromRoot(root: string, path: string): string {
  return isAbsolute(path) ? path : resolve(root, path);
}

function remoteUrls(raw: string | undefined): Record<RemoteName, string> {
  if (raw === undefined) return {};
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
function portRange(raw: string): { first: number; last: number } {
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(raw);
  const first = Number(match?.[1]);
  const last = Number(match?.[2]);
  if (!match || first < 1024 || last > 65535 || first > last) {
    throw new ConfigError(`GATEWAY_PORT_RANGE must look like 20000-29999 within 1024-65535, got "${raw}"`);
  }
  return { first, last };
}

/**
 * The gateway's own variables are passed on as given, NODE_ENV with them: its config module parses them (main.ts)
 * as in a gateway process. Loopback destinations are refused here too in production, so the API refuses to start
 * before anything else rather than when it starts its gateway.
 */
function gateway(env: Environment, raw: Env): GatewaySettings {
  if (env.NODE_ENV === 'production' && env.GATEWAY_ALLOW_LOOPBACK) {
    throw new ConfigError('GATEWAY_ALLOW_LOOPBACK=true is refused with NODE_ENV=production: customers could then reach the services of the gateway host itself.');
  }
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if ((name.startsWith('GATEWAY_') || name === 'NODE_ENV') && value !== undefined) environment[name] = value;
  }
  return { publicHost: env.GATEWAY_PUBLIC_HOST, portRange: portRange(env.GATEWAY_PORT_RANGE), environment };
}

/** The CHECKER_* variables are passed on as given too: the checker's config module parses them. */
function inventory(env: Environment, raw: Env, dataDir: string): InventoryConfig {
  const checkerEnvironment: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name.startsWith('CHECKER_') && value !== undefined) checkerEnvironment[name] = value;
  }
  const production = env.NODE_ENV === 'production';
  // The demo catalogue is made-up exits on this machine: a shop in production would sell proxies that do not exist.
  if (production && env.INVENTORY_DEMO === true) {
    throw new ConfigError('INVENTORY_DEMO=true is refused with NODE_ENV=production: the demo catalogue sells made-up exits. Import real ones with `npm run inventory -- import FILE`.');
  }
  return {
    // On embedded defaults the demo catalogue fills an empty market; a production database starts empty.
    demo: env.INVENTORY_DEMO ?? (env.DATABASE_URL === undefined && !production),
    credentialsKey: env.EXIT_CREDENTIALS_KEY ?? null,
    importMaxBytes: env.INVENTORY_IMPORT_MAX_BYTES,
    controlFile: join(dataDir, 'operator-control.json'),
    checkerEnvironment,
  };
}

function webhooks(env: Environment): Config['webhooks'] {
  if (env.NODE_ENV === 'production' && env.WEBHOOK_ALLOW_LOOPBACK) {
    throw new ConfigError('WEBHOOK_ALLOW_LOOPBACK=true is refused with NODE_ENV=production: a webhook could then reach the host itself.');
  }
  return { allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK, allowHttp: env.WEBHOOK_ALLOW_HTTP, disableAfterMs: env.WEBHOOK_DISABLE_AFTER_HOURS * 60 * 60 * 1000 };
}

/** RELEASE_STORE_URL: `/releases` (served here), or an http(s) origin and path; no trailing slash. */
function releaseStoreUrl(raw: string | undefined): string {
  if (raw === undefined) return '/releases';
  const url = raw.replace(/\/+$/, '');
  if (/^\/[A-Za-z0-9._~/-]*$/.test(url) && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    if ((parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.search && !parsed.hash) return url;
  } catch {
    // reported below
  }
  throw new ConfigError('RELEASE_STORE_URL must be a path on this portal (/releases) or an http(s) URL without query, where the release store is published');
}

function metricsAllow(raw: string): string[] {
  const entries = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new ConfigError(`METRICS_ALLOW must list addresses or networks (127.0.0.1, 10.0.0.0/8, ::1), got "${entry}"`);
    }
  }
  return entries;
}

function trustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw;
}

export function loadConfig(raw: Env = process.env): Config {
  const env = readEnvironment(raw, repoRoot, fromRoot);
  const dataDir = env.DATA_DIR;
  const remotesDir = env.REMOTES_DIR;
  const remoteDirs = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, remotesDir === undefined ? join(repoRoot, `mfe-${name}`, 'dist') : join(remotesDir, name)]),
  ) as Record<RemoteName, string>;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');

  return {
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    logLevel: env.LOG_LEVEL,
    trustProxy: trustProxy(env.TRUST_PROXY),
    bodyLimit: env.BODY_LIMIT,
    dataDir,
    database: env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          schema: null,
          connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
          queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
        }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    redisUrl: env.REDIS_URL ?? null,
    redisPrefix: env.REDIS_PREFIX,
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM, outboxDir: join(dataDir, 'outbox') },
    jobs: { pollMs: env.JOBS_POLL_MS },
    metrics: { allow: metricsAllow(env.METRICS_ALLOW) },
    auth: {
      jwtSecret: env.JWT_SECRET ?? null,
      sessionTtlSeconds: env.SESSION_TTL_SECONDS,
      sessionCacheMs: env.SESSION_CACHE_MS,
      argon2: ARGON2_OWASP,
      loginFailureLimit: env.LOGIN_FAILURE_LIMIT,
      loginFailureWindowSeconds: 60 * 60,
      resetTokenTtlSeconds: 60 * 60,
      twoFactor: {
        issuer: env.TOTP_ISSUER,
        encryptionKey: env.TOTP_ENCRYPTION_KEY ?? null,
        failureLimit: env.TWO_FACTOR_FAILURE_LIMIT,
        failureWindowSeconds: 15 * 60,
        challengeTtlSeconds: 5 * 60,
      },
    },
    captcha: {
      hmacKey: env.CAPTCHA_HMAC_KEY ?? null,
      maxNumber: env.CAPTCHA_MAX_NUMBER,
      expiresInSeconds: env.CAPTCHA_EXPIRES_SECONDS,
    },
    rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
    publicApi: { rateLimit: { max: env.API_RATE_LIMIT_MAX, windowMs: env.API_RATE_LIMIT_WINDOW_MS } },
    payments: payments(env, publicUrl),
    marketplace: { inventorySize: env.INVENTORY_SIZE, inventorySeed: env.INVENTORY_SEED, cacheMs: env.MARKET_CACHE_MS },
    inventory: inventory(env, raw, dataDir),
    leases: {
      periodSeconds: env.LEASE_PERIOD_SECONDS,
      sweepMs: env.RENEWAL_SWEEP_MS,
      offlineWaitSeconds: env.RENEWAL_OFFLINE_WAIT_HOURS * 60 * 60,
      noticeSeconds: env.RENEWAL_NOTICE_MINUTES * 60,
      replaceDeadAfterSeconds: env.DEAD_PROXY_REPLACE_AFTER_SECONDS,
    },
    webhooks: webhooks(env),
    support: {
      ticketsPerHour: env.SUPPORT_TICKETS_PER_HOUR,
      maxOpenTickets: env.SUPPORT_MAX_OPEN_TICKETS,
      usernames: env.SUPPORT_USERNAMES.split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
      links: { onion: env.SUPPORT_ONION_URL ?? null, messenger: env.SUPPORT_MESSENGER_URL ?? null, status: env.SUPPORT_STATUS_URL ?? null },
    },
    gateway: gateway(env, raw),
    web: {
      // SHELL_DIR: another build of the shell, e.g. the benchmark's single-app build.
      shellDir: env.SHELL_DIR ?? join(repoRoot, 'shell', 'dist'),
      remoteDirs,
      remoteUrls: remoteUrls(env.REMOTE_URLS),
      serveSourceMaps: env.SERVE_SOURCE_MAPS,
      releases: {
        storeDir: env.RELEASE_STORE_DIR ?? join(dataDir, 'releases'),
        storeUrl: releaseStoreUrl(env.RELEASE_STORE_URL),
        canary: { minLoads: env.RELEASE_CANARY_MIN_LOADS, failurePercent: env.RELEASE_CANARY_FAILURE_PERCENT },
      },
    },
  };
}

/**
 * Settings that start but are probably not meant; the API logs each as a warning at start. PostgreSQL is
 * how several instances share a shop, and several instances need Redis (socket events, rate limits, ended
 * sessions reach only the instance where they happen without it).
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.database.kind === 'postgres' && config.redisUrl === null) {
    warnings.push(
      'DATABASE_URL is set without REDIS_URL: fine for one API instance, but with several, socket events, rate limits and ended sessions stay on the instance where they happen. Set REDIS_URL for a fleet.',
    );
  }
  return warnings;
}

/** Settings of the API test suite itself (TEST_DATABASE_URL: also run every suite on PostgreSQL). */
export function loadTestEnvironment(env: Env = process.env): { databaseUrl: string | null; redisUrl: string } {
  return {
    databaseUrl: env.TEST_DATABASE_URL?.trim() || null,
    redisUrl: env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379',
  };
}
