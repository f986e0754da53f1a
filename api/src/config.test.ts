import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ARGON2_OWASP, loadConfig, repoRoot, startupWarnings } from './config.ts';
import { Environment } from './environment.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.publicUrl, 'http://localhost:8080');
    assert.equal(config.dataDir, join(repoRoot, '.data'));
    assert.deepEqual(config.database, { kind: 'pglite', dataDir: join(repoRoot, '.data', 'pglite') });
    assert.equal(config.mail.smtpUrl, null);
    assert.equal(config.mail.outboxDir, join(repoRoot, '.data', 'outbox'));
    assert.equal(config.redisUrl, null);
    assert.equal(config.redisPrefix, 'private-sock5:');
    assert.equal(config.auth.jwtSecret, null);
    assert.equal(config.auth.sessionTtlSeconds, 86_400);
    assert.equal(config.auth.sessionCacheMs, 2000);
    assert.equal(config.auth.loginFailureLimit, 100);
    assert.deepEqual(config.auth.argon2, ARGON2_OWASP);
    assert.deepEqual(ARGON2_OWASP, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    assert.equal(config.captcha.expiresInSeconds, 600);
    assert.equal(config.web.remoteDirs.history, join(repoRoot, 'mfe-history', 'dist'));
    assert.equal(config.web.shellDir, join(repoRoot, 'shell', 'dist'));
    assert.deepEqual(config.leases, { periodSeconds: 86_400, sweepMs: 30_000, offlineWaitSeconds: 86_400, noticeSeconds: 3600, replaceDeadAfterSeconds: 300 });
    assert.deepEqual(config.webhooks, { allowLoopback: false, allowHttp: false, disableAfterMs: 24 * 3600 * 1000 });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://shop.example.com/',
      DATABASE_URL: 'postgres://app@db/shop',
      DATA_DIR: '/var/lib/sock5',
      REDIS_URL: 'redis://cache:6379',
      REDIS_PREFIX: 'staging:',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Shop <shop@example.com>',
      JWT_SECRET: 'jwt-secret',
      SESSION_TTL_SECONDS: '3600',
      SESSION_CACHE_MS: '0',
      CAPTCHA_HMAC_KEY: 'captcha-key',
      CAPTCHA_MAX_NUMBER: '50000',
      CAPTCHA_EXPIRES_SECONDS: '300',
      RATE_LIMIT_MAX: '5',
      RATE_LIMIT_WINDOW_MS: '10000',
      LOGIN_FAILURE_LIMIT: '10',
      REMOTES_DIR: 'deploy/remotes',
      REMOTE_URLS: '{"landing":"http://localhost:3001/mf-manifest.json"}',
      TRUST_PROXY: 'true',
      LEASE_PERIOD_SECONDS: '60',
      RENEWAL_SWEEP_MS: '1000',
      RENEWAL_OFFLINE_WAIT_HOURS: '6',
      RENEWAL_NOTICE_MINUTES: '30',
      DEAD_PROXY_REPLACE_AFTER_SECONDS: '600',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_DISABLE_AFTER_HOURS: '48',
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_QUERY_TIMEOUT_MS: '8000',
      PAYMENT_SANDBOX_ALLOW_PUBLIC: 'true',
    });
    assert.equal(config.port, 9000);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.publicUrl, 'https://shop.example.com');
    assert.deepEqual(config.database, { kind: 'postgres', url: 'postgres://app@db/shop', schema: null, connectTimeoutMs: 2000, queryTimeoutMs: 8000 });
    assert.deepEqual(config.payments, { provider: 'sandbox', sandboxEnabled: true });
    assert.equal(config.mail.outboxDir, '/var/lib/sock5/outbox');
    assert.equal(config.redisUrl, 'redis://cache:6379');
    assert.equal(config.redisPrefix, 'staging:');
    assert.equal(config.mail.smtpUrl, 'smtp://mail:25');
    assert.equal(config.mail.from, 'Shop <shop@example.com>');
    assert.equal(config.auth.jwtSecret, 'jwt-secret');
    assert.equal(config.auth.sessionTtlSeconds, 3600);
    assert.equal(config.auth.sessionCacheMs, 0);
    assert.equal(config.captcha.hmacKey, 'captcha-key');
    assert.equal(config.captcha.maxNumber, 50_000);
    assert.equal(config.captcha.expiresInSeconds, 300);
    assert.deepEqual(config.rateLimit, { max: 5, windowMs: 10_000 });
    assert.equal(config.auth.loginFailureLimit, 10);
    assert.equal(config.web.remoteDirs.payments, join(repoRoot, 'deploy', 'remotes', 'payments'));
    assert.deepEqual(config.web.remoteUrls, { landing: 'http://localhost:3001/mf-manifest.json' });
    assert.equal(config.trustProxy, true);
    assert.deepEqual(config.leases, { periodSeconds: 60, sweepMs: 1000, offlineWaitSeconds: 6 * 3600, noticeSeconds: 1800, replaceDeadAfterSeconds: 600 });
    assert.deepEqual(config.webhooks, { allowLoopback: true, allowHttp: true, disableAfterMs: 48 * 3600 * 1000 });
  });

  it('warns at start when PostgreSQL is set without Redis, and only then', () => {
    assert.deepEqual(startupWarnings(loadConfig({})), []);
    assert.deepEqual(startupWarnings(loadConfig({ DATABASE_URL: 'postgres://app@db/shop', REDIS_URL: 'redis://cache:6379' })), []);
    const [warning, ...more] = startupWarnings(loadConfig({ DATABASE_URL: 'postgres://app@db/shop' }));
    assert.match(warning ?? '', /^DATABASE_URL is set without REDIS_URL: .* Set REDIS_URL for a fleet\.$/);
    assert.deepEqual(more, []);
  });

  it('never seeds the demo catalogue in production, and refuses to be told to', () => {
    assert.equal(loadConfig({}).inventory.demo, true);
    assert.equal(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'btcpay', BTCPAY_URL: 'https://pay.example', BTCPAY_STORE_ID: 's', BTCPAY_API_KEY: 'k', BTCPAY_WEBHOOK_SECRET: 'w' }).inventory.demo, false);
    assert.throws(() => loadConfig({ NODE_ENV: 'production', INVENTORY_DEMO: 'true' }), /^ConfigError: INVENTORY_DEMO=true is refused with NODE_ENV=production/);
    assert.equal(loadConfig({ NODE_ENV: 'production', INVENTORY_DEMO: 'false' }).inventory.demo, false);
  });

  it('refuses loopback webhooks in production', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_LOOPBACK: 'true' }), /^ConfigError: WEBHOOK_ALLOW_LOOPBACK=true is refused with NODE_ENV=production/);
  });

  it('refuses a gateway that may reach loopback in production, and hands its gateway NODE_ENV with its settings', () => {
    for (const value of ['true', '1', 'yes']) {
      assert.throws(
        () => loadConfig({ NODE_ENV: 'production', GATEWAY_ALLOW_LOOPBACK: value }),
        /^ConfigError: GATEWAY_ALLOW_LOOPBACK=true is refused with NODE_ENV=production: customers could then reach the services of the gateway host itself\.$/,
      );
    }
    assert.throws(() => loadConfig({ GATEWAY_ALLOW_LOOPBACK: 'maybe' }), /^ConfigError: GATEWAY_ALLOW_LOOPBACK must be true or false/);
    const config = loadConfig({ NODE_ENV: 'development', GATEWAY_ALLOW_LOOPBACK: 'true', GATEWAY_IDLE_TIMEOUT_MS: '5000', OTHER: 'x' });
    assert.deepEqual(config.gateway.environment, { NODE_ENV: 'development', GATEWAY_ALLOW_LOOPBACK: 'true', GATEWAY_IDLE_TIMEOUT_MS: '5000' });
  });

  it('refuses malformed values with the variable name', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
    assert.throws(() => loadConfig({ RATE_LIMIT_MAX: '0' }), /RATE_LIMIT_MAX/);
    assert.throws(() => loadConfig({ SESSION_CACHE_MS: '-1' }), /SESSION_CACHE_MS/);
    assert.throws(() => loadConfig({ REMOTE_URLS: 'not json' }), /REMOTE_URLS/);
    assert.throws(() => loadConfig({ LEASE_PERIOD_SECONDS: '5' }), /LEASE_PERIOD_SECONDS/);
    assert.throws(() => loadConfig({ RENEWAL_SWEEP_MS: 'often' }), /RENEWAL_SWEEP_MS/);
    assert.throws(() => loadConfig({ REMOTE_URLS: '{"nope":"http://x"}' }), /REMOTE_URLS/);
  });

  it('reads the support settings: members by name, limits, footer links only when they are http(s) URLs', () => {
    const defaults = loadConfig({}).support;
    assert.deepEqual(defaults, { ticketsPerHour: 10, maxOpenTickets: 5, usernames: [], links: { onion: null, messenger: null, status: null } });
    const set = loadConfig({
      SUPPORT_USERNAMES: ' alice, Bob ,,',
      SUPPORT_TICKETS_PER_HOUR: '3',
      SUPPORT_MAX_OPEN_TICKETS: '2',
      SUPPORT_ONION_URL: 'http://shopabc.onion',
      SUPPORT_STATUS_URL: 'https://status.example.com/',
    }).support;
    assert.deepEqual(set, {
      ticketsPerHour: 3,
      maxOpenTickets: 2,
      usernames: ['alice', 'Bob'],
      links: { onion: 'http://shopabc.onion/', messenger: null, status: 'https://status.example.com/' },
    });
    assert.throws(() => loadConfig({ SUPPORT_MESSENGER_URL: 'javascript:alert(1)' }), /SUPPORT_MESSENGER_URL/);
    assert.throws(() => loadConfig({ SUPPORT_STATUS_URL: 'status page' }), /SUPPORT_STATUS_URL/);
    assert.throws(() => loadConfig({ SUPPORT_MAX_OPEN_TICKETS: '0' }), /SUPPORT_MAX_OPEN_TICKETS/);
  });

  it('words every refusal with the variable, the rule and the value given', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        assert.equal((error as Error).name, 'ConfigError');
        return (error as Error).message;
      }
      assert.fail(`accepted ${JSON.stringify(env)}`);
    };
    assert.equal(refusal({ PORT: 'eighty' }), 'PORT must be an integer >= 0, got "eighty"');
    assert.equal(refusal({ BODY_LIMIT: '12' }), 'BODY_LIMIT must be an integer >= 1024, got "12"');
    assert.equal(refusal({ SESSION_TTL_SECONDS: '1.5' }), 'SESSION_TTL_SECONDS must be an integer >= 60, got "1.5"');
    assert.equal(refusal({ PAYMENT_PROVIDER: 'paypal' }), 'PAYMENT_PROVIDER must be sandbox or btcpay, got "paypal"');
    assert.equal(refusal({ PAYMENT_PROVIDER: 'btcpay', BTCPAY_URL: 'https://pay.example' }), 'BTCPAY_STORE_ID is required when PAYMENT_PROVIDER=btcpay');
    assert.equal(refusal({ SUPPORT_STATUS_URL: 'status page' }), 'SUPPORT_STATUS_URL must be an absolute http(s) URL, got "status page"');
    assert.equal(refusal({ SUPPORT_ONION_URL: 'ftp://mirror.example' }), 'SUPPORT_ONION_URL must be an http(s) URL, got "ftp://mirror.example"');
    assert.equal(refusal({ GATEWAY_PORT_RANGE: '80-90' }), 'GATEWAY_PORT_RANGE must look like 20000-29999 within 1024-65535, got "80-90"');
    assert.equal(refusal({ REMOTE_URLS: '[]' }), 'REMOTE_URLS must be a JSON object of remote name -> manifest URL');
    assert.match(refusal({ PUBLIC_URL: 'https://shop.example' }), /^the sandbox payment provider .* is refused on PUBLIC_URL=https:\/\/shop\.example,/);
  });

  it('treats a blank variable as unset and reads flags as on only when "true"', () => {
    assert.equal(loadConfig({ PORT: '  ', LOG_LEVEL: '' }).port, 8080);
    const production = { NODE_ENV: 'production' };
    assert.deepEqual(loadConfig(production).payments, { provider: 'sandbox', sandboxEnabled: false });
    assert.deepEqual(loadConfig({ ...production, PAYMENT_SANDBOX_ENABLED: 'yes' }).payments, { provider: 'sandbox', sandboxEnabled: false });
    assert.deepEqual(loadConfig({ ...production, PAYMENT_SANDBOX_ENABLED: 'true' }).payments, { provider: 'sandbox', sandboxEnabled: true });
    assert.equal(loadConfig({ PUBLIC_URL: 'https://demo.example/', PAYMENT_SANDBOX_ALLOW_PUBLIC: 'true' }).publicUrl, 'https://demo.example');
  });

  it('declares the variables the configuration table (docs/configuration.md) documents, no more and no fewer', () => {
    const table = readFileSync(join(repoRoot, 'docs', 'configuration.md'), 'utf8');
    const documented = new Set<string>();
    for (const row of table.split('\n').filter((line) => line.startsWith('| `'))) {
      const firstCell = row.split('|')[1] ?? '';
      for (const [, name] of firstCell.matchAll(/`([A-Z0-9_]+)`/g)) documented.add(name as string);
    }
    // The CHECKER_* rows are the checker's own variables, passed on as given and parsed by its config module.
    const own = [...documented].filter((name) => !name.startsWith('CHECKER_'));
    assert.deepEqual(own.sort(), Object.keys(Environment.properties).sort());
  });
});
