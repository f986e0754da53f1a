// `npm run fleet`: the production layout on this machine, from the production examples in ops/. On the
// machine's PostgreSQL and Redis: two API instances, two gateway processes, one checker, and HAProxy (Debian's
// package) in front of the API instances on one port. Each process is started the way its systemd unit in
// ops/systemd starts it (the unit's ExecStart and Environment lines, %i its port); HAProxy runs
// ops/haproxy/haproxy.cfg as it is, told the ports through the environment. `npm run fleet:stop` stops it all.
//
//   node scripts/fleet.mjs start [--test [--fresh]]   start (or say it already runs); --test: the settings the
//                                           e2e suite needs (demo catalogue, loopback targets); --fresh: on
//                                           a new database (dropped and created again)
//   node scripts/fleet.mjs stop             stop every process it started
//   node scripts/fleet.mjs status           what runs where
//
// Settings (environment): FLEET_PORT (the balancer, default 8080; the instances take the next five ports),
// FLEET_DATABASE_URL (default DATABASE_URL, else postgres://127.0.0.1:5432/private_sock5_fleet, created when
// missing), FLEET_REDIS_URL (default REDIS_URL, else redis://127.0.0.1:6379), REDIS_PREFIX (default
// private-sock5-fleet:), GATEWAY_PORT_RANGE (default 20000-29999), FLEET_DIR (state, logs and the generated
// shop.env; default .fleet), FLEET_SKIP_BUILD=1 (the portal is built already).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fleetDir = resolve(root, process.env.FLEET_DIR || '.fleet');
const stateFile = join(fleetDir, 'fleet.json');
const [command = 'start', ...flags] = process.argv.slice(2);

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`fleet: ${message}`);
  process.exit(1);
}

function readState() {
  return existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : null;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The command and environment of a systemd unit of ops/systemd, for instance `instance`.
 * @param {string} unit @param {number} instance @returns {{ args: string[], env: Record<string, string> }}
 */
function fromUnit(unit, instance) {
  const text = readFileSync(join(root, 'ops', 'systemd', unit), 'utf8').replaceAll('%i', String(instance));
  /** @type {Record<string, string>} */
  const env = {};
  /** @type {string[] | null} */
  let args = null;
  for (const line of text.split('\n')) {
    const environment = /^Environment=(.*)$/.exec(line);
    if (environment) {
      for (const pair of environment[1].trim().split(/\s+/)) {
        const at = pair.indexOf('=');
        if (pair.slice(0, at) !== 'PATH') env[pair.slice(0, at)] = pair.slice(at + 1);
      }
    }
    const exec = /^ExecStart=\/usr\/bin\/env node (.*)$/.exec(line);
    if (exec) args = exec[1].trim().split(/\s+/);
  }
  if (!args) return fail(`${unit} has no "ExecStart=/usr/bin/env node ..." line`);
  return { args, env };
}

async function waitFor(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  fail(`${what} did not come up within ${timeoutMs / 1000} s (logs in ${fleetDir})`);
}

const answers = (url) => fetch(url, { signal: AbortSignal.timeout(2000) }).then((response) => response.status === 200);

async function ensureDatabase(url, fresh) {
  const pg = createRequire(join(root, 'api', 'package.json'))('pg');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  try {
    await client.connect();
  } catch (error) {
    fail(`cannot reach PostgreSQL at ${admin.host} (${/** @type {Error} */ (error).message}); set FLEET_DATABASE_URL`);
  }
  if (fresh) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) fail(`database "${name}": not a name this script drops`);
    await client.query(`drop database if exists ${name} with (force)`);
  }
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) fail(`database "${name}" does not exist and its name is not one this script creates`);
    await client.query(`create database ${name}`);
    console.log(`fleet: created database ${name}`);
  }
  await client.end();
}

function summary(state) {
  const rows = state.processes.map((proc) => [proc.role, proc.where, String(proc.pid), alive(proc.pid) ? 'running' : 'stopped', proc.log]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i].length), ['role', 'where', 'pid', 'state'][i].length));
  const line = (cells) => cells.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]) : cell)).join('  ');
  console.log(`\nPrivate Sock5 fleet (${state.profile}): http://${state.balancer}/ (HAProxy in front of both API instances)`);
  console.log(`PostgreSQL ${state.database.replace(/\/\/[^@/]*@/, '//')}, Redis ${state.redis} (prefix ${state.redisPrefix}), lease ports ${state.leasePorts}`);
  console.log(`\n${line(['role', 'where', 'pid', 'state', 'log'])}`);
  for (const row of rows) console.log(line(row));
  const dirSetting = process.env.FLEET_DIR ? `FLEET_DIR=${process.env.FLEET_DIR} ` : '';
  console.log(`\nSettings: ${state.shopEnv}. Stop everything: ${dirSetting}npm run fleet:stop\n`);
}

async function start() {
  const running = readState();
  if (running?.processes.some((proc) => alive(proc.pid))) {
    summary(running);
    console.log('fleet: already running (npm run fleet:stop first to restart it)');
    return;
  }
  if (spawnSync('haproxy', ['-v']).error) fail('haproxy is not installed: apt-get install -y haproxy');
  const test = flags.includes('--test');
  const fresh = flags.includes('--fresh');
  if (fresh && !test) fail('--fresh (drop the database first) goes with --test only');
  const base = Number(process.env.FLEET_PORT || 8080);
  if (!Number.isInteger(base) || base < 1024 || base > 65_530) fail(`FLEET_PORT must be a port from 1024 to 65530, got "${process.env.FLEET_PORT}"`);
  const ports = { balancer: base, api: [base + 1, base + 2], gatewayStatus: [base + 3, base + 4], checkerStatus: base + 5 };
  const user = process.env.USER || 'postgres';
  const database = process.env.FLEET_DATABASE_URL || process.env.DATABASE_URL || `postgres://${user}@127.0.0.1:5432/private_sock5_fleet`;
  const redis = process.env.FLEET_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redisPrefix = process.env.REDIS_PREFIX || 'private-sock5-fleet:';
  const leasePorts = process.env.GATEWAY_PORT_RANGE || '20000-29999';
  const balancer = `127.0.0.1:${ports.balancer}`;

  mkdirSync(join(fleetDir, 'data'), { recursive: true });
  await ensureDatabase(database, fresh);
  // The portal's apps: the build skips what is unchanged (FLEET_SKIP_BUILD=1: built already, by the caller).
  if (process.env.FLEET_SKIP_BUILD === '1') {
    if (!existsSync(join(root, 'shell', 'dist', 'index.html'))) fail('FLEET_SKIP_BUILD=1 but the portal is not built (npm run build)');
  } else if (spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' }).status !== 0) fail('the build failed');

  // The shop's settings, as /etc/private-sock5/shop.env would hold them (ops/env/shop.env.example); the
  // secrets are made once per fleet directory and kept.
  const shopEnvFile = join(fleetDir, 'shop.env');
  const secrets = existsSync(shopEnvFile)
    ? Object.fromEntries(
        readFileSync(shopEnvFile, 'utf8')
          .split('\n')
          .filter((line) => /^(JWT_SECRET|CAPTCHA_HMAC_KEY|TOTP_ENCRYPTION_KEY|EXIT_CREDENTIALS_KEY)=/.test(line))
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      )
    : {};
  const secret = (name) => secrets[name] || randomBytes(48).toString('base64');
  const shop = {
    NODE_ENV: test ? 'test' : 'production',
    PUBLIC_URL: `http://${balancer}`,
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: join(fleetDir, 'data'),
    DATABASE_URL: database,
    REDIS_URL: redis,
    REDIS_PREFIX: redisPrefix,
    JWT_SECRET: secret('JWT_SECRET'),
    CAPTCHA_HMAC_KEY: secret('CAPTCHA_HMAC_KEY'),
    TOTP_ENCRYPTION_KEY: secret('TOTP_ENCRYPTION_KEY'),
    EXIT_CREDENTIALS_KEY: secret('EXIT_CREDENTIALS_KEY'),
    // No payment provider of its own here: the test-mode checkout, opted into as production requires.
    PAYMENT_PROVIDER: 'sandbox',
    PAYMENT_SANDBOX_ENABLED: 'true',
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PUBLIC_HOST: '127.0.0.1',
    GATEWAY_PORT_RANGE: leasePorts,
    // Two gateway processes of one worker each: every core of a two-core machine, and one can die alone.
    GATEWAY_WORKERS: '1',
    METRICS_ALLOW: '127.0.0.1, ::1',
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    ...(test
      ? {
          INVENTORY_DEMO: 'true',
          GATEWAY_ALLOW_LOOPBACK: 'true',
          RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX || '10000',
          LEASE_PERIOD_SECONDS: '120',
          RENEWAL_SWEEP_MS: '1000',
          SUPPORT_USERNAMES: process.env.E2E_SUPPORT_USERNAME || 'e2e_support_desk',
        }
      : {}),
  };
  writeFileSync(shopEnvFile, `${Object.entries(shop).map(([name, value]) => `${name}=${value}`).join('\n')}\n`, { mode: 0o600 });

  /** @typedef {{ role: string, where: string, pid: number, log: string, probe: string | null }} FleetProcess */
  /** @type {FleetProcess[]} */
  const processes = [];
  const state = { profile: test ? 'test settings' : 'production settings', balancer, database, redis, redisPrefix, leasePorts, shopEnv: shopEnvFile, processes };
  /** @param {string} role @param {string} where @param {string[]} args @param {Record<string, string>} env @param {string | null} probe */
  const launch = (role, where, args, env, probe = null) => {
    const log = join(fleetDir, `${role.replace(/[^a-z0-9]+/gi, '-')}.log`);
    const out = openSync(log, 'w');
    // A process group of its own: stopping it reaches a gateway's workers too, and a Ctrl-C here reaches none.
    const child = spawn(args[0], args.slice(1), { cwd: root, env: { ...process.env, ...shop, ...env }, stdio: ['ignore', out, out], detached: true });
    child.unref();
    // probe: the URL that answers 200 while the process is ready (tests read it from fleet.json).
    state.processes.push({ role, where, pid: child.pid ?? 0, log, probe });
    writeFileSync(stateFile, JSON.stringify(state, null, 2));
    return child;
  };
  const node = (unit, instance) => {
    const { args, env } = fromUnit(unit, instance);
    return { args: [process.execPath, ...args], env };
  };

  // The first instance migrates the database; the second finds it done (migrations hold a lock anyway).
  for (const [index, port] of ports.api.entries()) {
    const { args, env } = node('private-sock5-api@.service', port);
    // Test settings: NODE_ENV stays what shop.env says.
    launch(`api${index + 1}`, `http://127.0.0.1:${port}`, args, test ? { ...env, NODE_ENV: shop.NODE_ENV } : env, `http://127.0.0.1:${port}/api/health/ready`);
    await waitFor(`api${index + 1}`, () => answers(`http://127.0.0.1:${port}/api/health/ready`), 180_000);
  }
  for (const [index, port] of ports.gatewayStatus.entries()) {
    const { args, env } = node('private-sock5-gateway@.service', port);
    launch(`gateway${index + 1}`, `lease ports ${leasePorts}, status http://127.0.0.1:${port}`, args, env, `http://127.0.0.1:${port}/ready`);
  }
  {
    const { args, env } = node('private-sock5-checker@.service', ports.checkerStatus);
    launch('checker', `status http://127.0.0.1:${ports.checkerStatus}`, args, test ? { ...env, NODE_ENV: shop.NODE_ENV } : env, `http://127.0.0.1:${ports.checkerStatus}/ready`);
  }
  // HAProxy needs two file descriptors per connection and cannot go past this shell's hard limit.
  const hardLimit = Number(spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim()) || 4096;
  launch('haproxy', `http://${balancer}`, ['haproxy', '-db', '-f', join(root, 'ops', 'haproxy', 'haproxy.cfg')], {
    PS5_MAXCONN: String(Math.min(20_000, Math.floor((hardLimit - 100) / 2))),
    PS5_LISTEN: balancer,
    PS5_API1: `127.0.0.1:${ports.api[0]}`,
    PS5_API2: `127.0.0.1:${ports.api[1]}`,
  });
  for (const port of ports.gatewayStatus) await waitFor(`the gateway on ${port}`, () => answers(`http://127.0.0.1:${port}/ready`), 60_000);
  await waitFor('the checker', () => answers(`http://127.0.0.1:${ports.checkerStatus}/ready`), 60_000);
  await waitFor('the balancer', () => answers(`http://${balancer}/api/health/ready`), 30_000);
  summary(state);
}

async function stop() {
  const state = readState();
  if (!state) {
    console.log('fleet: nothing to stop');
    return;
  }
  // The balancer first (no new requests), then the API instances, gateways and checker.
  const order = [...state.processes].sort((a, b) => (a.role === 'haproxy' ? -1 : b.role === 'haproxy' ? 1 : 0));
  for (const proc of order) {
    try {
      process.kill(-proc.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 20_000;
  while (order.some((proc) => alive(proc.pid)) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
  for (const proc of order.filter((each) => alive(each.pid))) {
    console.log(`fleet: ${proc.role} (pid ${proc.pid}) did not stop in 20 s; killing it`);
    try {
      process.kill(-proc.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  rmSync(stateFile, { force: true });
  console.log(`fleet: stopped ${order.map((proc) => proc.role).join(', ')}`);
}

if (command === 'start') await start();
else if (command === 'stop') await stop();
else if (command === 'status') {
  const state = readState();
  if (state) summary(state);
  else console.log('fleet: not running');
} else fail(`unknown command "${command}": start [--test], stop or status`);
