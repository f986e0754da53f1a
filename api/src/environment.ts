// Every environment variable the API reads, declared once as a TypeBox schema: its kind, its default and its
// bounds. `readEnvironment` turns the raw strings into that typed record or stops with a message naming the
// variable; config.ts shapes the record into the app's `Config`. The table in docs/configuration.md lists the
// same names (config.test.ts compares the two).
import Type, { type Static } from 'typebox';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A whole number, at least `minimum`. */
const integer = (fallback: number, minimum = 0) => Type.Integer({ default: fallback, minimum });
/** Free text; unset or blank: the default, or absent. */
const text = (fallback: string) => Type.String({ default: fallback });
const optionalText = () => Type.Optional(Type.String());
/** On only when set to `true`. */
const flag = () => Type.Boolean({ default: false });
/** Set: true or false (also 1/0, yes/no); unset: the caller's default. */
const onOff = () => Type.Optional(Type.Boolean({ format: 'on-off' }));
/** An absolute http(s) URL the operator links to. */
const httpUrl = () => Type.Optional(Type.String({ format: 'http-url' }));
/** A folder; relative paths are taken from the repository root. */
const folder = (fallback: string) => Type.String({ format: 'folder', default: fallback });
const optionalFolder = () => Type.Optional(Type.String({ format: 'folder' }));

export const Environment = Type.Object({
  NODE_ENV: optionalText(),
  PORT: integer(8080),
  HOST: text('127.0.0.1'),
  PUBLIC_URL: optionalText(),
  TRUST_PROXY: optionalText(),
  LOG_LEVEL: text('info'),
  BODY_LIMIT: integer(100 * 1024, 1024),
  DATABASE_URL: optionalText(),
  DB_CONNECT_TIMEOUT_MS: integer(5_000, 100),
  DB_QUERY_TIMEOUT_MS: integer(15_000, 100),
  DATA_DIR: folder('.data'),
  REDIS_URL: optionalText(),
  REDIS_PREFIX: text('private-sock5:'),
  SMTP_URL: optionalText(),
  JOBS_POLL_MS: integer(1000),
  METRICS_ALLOW: text('127.0.0.1, ::1'),
  MAIL_FROM: text('Private Sock5 <no-reply@localhost>'),
  JWT_SECRET: optionalText(),
  SESSION_TTL_SECONDS: integer(24 * 60 * 60, 60),
  SESSION_CACHE_MS: integer(2000),
  LOGIN_FAILURE_LIMIT: integer(100, 1),
  CAPTCHA_HMAC_KEY: optionalText(),
  TOTP_ENCRYPTION_KEY: optionalText(),
  TOTP_ISSUER: text('Private Sock5'),
  TWO_FACTOR_FAILURE_LIMIT: integer(10, 1),
  CAPTCHA_MAX_NUMBER: integer(20_000, 1),
  CAPTCHA_EXPIRES_SECONDS: integer(10 * 60, 10),
  RATE_LIMIT_MAX: integer(30, 1),
  RATE_LIMIT_WINDOW_MS: integer(60_000, 1000),
  API_RATE_LIMIT_MAX: integer(120, 1),
  API_RATE_LIMIT_WINDOW_MS: integer(60_000, 1000),
  PAYMENT_PROVIDER: Type.Union([Type.Literal('sandbox'), Type.Literal('btcpay')], { default: 'sandbox' }),
  PAYMENT_SANDBOX_ENABLED: flag(),
  PAYMENT_SANDBOX_ALLOW_PUBLIC: flag(),
  BTCPAY_URL: optionalText(),
  BTCPAY_STORE_ID: optionalText(),
  BTCPAY_API_KEY: optionalText(),
  BTCPAY_WEBHOOK_SECRET: optionalText(),
  INVENTORY_DEMO: onOff(),
  EXIT_CREDENTIALS_KEY: optionalText(),
  INVENTORY_IMPORT_MAX_BYTES: integer(64 * 1024 * 1024, 1024),
  INVENTORY_SIZE: integer(5000),
  INVENTORY_SEED: integer(1),
  MARKET_CACHE_MS: integer(1000),
  LEASE_PERIOD_SECONDS: integer(24 * 60 * 60, 10),
  RENEWAL_SWEEP_MS: integer(30_000),
  RENEWAL_OFFLINE_WAIT_HOURS: integer(24),
  RENEWAL_NOTICE_MINUTES: integer(60),
  DEAD_PROXY_REPLACE_AFTER_SECONDS: integer(300),
  WEBHOOK_ALLOW_LOOPBACK: flag(),
  WEBHOOK_ALLOW_HTTP: flag(),
  WEBHOOK_DISABLE_AFTER_HOURS: integer(24, 1),
  SUPPORT_USERNAMES: text(''),
  SUPPORT_TICKETS_PER_HOUR: integer(10, 1),
  SUPPORT_MAX_OPEN_TICKETS: integer(5, 1),
  SUPPORT_ONION_URL: httpUrl(),
  SUPPORT_MESSENGER_URL: httpUrl(),
  SUPPORT_STATUS_URL: httpUrl(),
  GATEWAY_PUBLIC_HOST: text('127.0.0.1'),
  GATEWAY_PORT_RANGE: text('20000-29999'),
  GATEWAY_ALLOW_LOOPBACK: onOff(),
  SHELL_DIR: optionalFolder(),
  REMOTES_DIR: optionalFolder(),
  REMOTE_URLS: optionalText(),
  SERVE_SOURCE_MAPS: flag(),
  RELEASE_STORE_DIR: optionalFolder(),
  RELEASE_STORE_URL: optionalText(),
  RELEASE_CANARY_MIN_LOADS: integer(20, 1),
  RELEASE_CANARY_FAILURE_PERCENT: Type.Integer({ default: 10, minimum: 1, maximum: 100 }),
});

export type Environment = Static<typeof Environment>;

type Raw = Record<string, string | undefined>;

/** The declared variables, typed and checked; relative folders resolved against `root`. */
export function readEnvironment(env: Raw, root: string, resolveFolder: (root: string, path: string) => string): Environment {
  const result: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(Environment.properties) as unknown as [string, Record<string, unknown>][]) {
    const raw = env[name]?.trim() || null;
    if (raw === null) {
      const fallback = schema.default;
      result[name] = typeof fallback === 'string' && schema.format === 'folder' ? resolveFolder(root, fallback) : fallback;
      continue;
    }
    result[name] = parse(name, raw, schema, (path) => resolveFolder(root, path));
  }
  return result as Environment;
}

function parse(name: string, raw: string, schema: Record<string, unknown>, resolveFolder: (path: string) => string): unknown {
  if (Array.isArray(schema.anyOf)) {
    const allowed = (schema.anyOf as { const: string }[]).map((choice) => choice.const);
    if (!allowed.includes(raw)) throw new ConfigError(`${name} must be ${allowed.join(' or ')}, got "${raw}"`);
    return raw;
  }
  switch (schema.type) {
    case 'integer': {
      const minimum = schema.minimum as number;
      const maximum = schema.maximum as number | undefined;
      const value = Number(raw);
      if (!Number.isSafeInteger(value) || value < minimum || (maximum !== undefined && value > maximum)) {
        throw new ConfigError(`${name} must be an integer >= ${minimum}${maximum === undefined ? '' : ` and <= ${maximum}`}, got "${raw}"`);
      }
      return value;
    }
    case 'boolean':
      return schema.format === 'on-off' ? onOffValue(name, raw) : raw === 'true';
    default:
      if (schema.format === 'folder') return resolveFolder(raw);
      if (schema.format === 'http-url') return httpLink(name, raw);
      return raw;
  }
}

function onOffValue(name: string, raw: string): boolean {
  const value = raw.toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

function httpLink(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  return url.href;
}
