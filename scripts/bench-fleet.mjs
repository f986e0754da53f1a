// `npm run bench:fleet`: the fleet's API requests per second through HAProxy, with two API instances and with
// one, next to one instance asked directly (what the balancer costs). Starts `npm run fleet` with test
// settings on a fresh database of its own, loads GET /api/proxy/states as a signed-in customer (the market's
// first read, from each instance's cache) with autocannon in a process of its own (api/bench/load.ts), then stops the fleet.
// Not part of the tests; every round is bounded. Settings: BENCH_FLEET_PORT (default 8150 and the next five),
// BENCH_FLEET_SECONDS (each round, default 10), BENCH_FLEET_CONNECTIONS (default 20),
// BENCH_FLEET_DATABASE_URL (default: TEST_DATABASE_URL's server, database <its name>_fleet_bench).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fleetRunEnv } from './fleet-run-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_FLEET_PORT || 8150);
const seconds = Number(process.env.BENCH_FLEET_SECONDS || 10);
const connections = Number(process.env.BENCH_FLEET_CONNECTIONS || 20);
const env = {
  ...fleetRunEnv({ name: 'fleet_bench', port, databaseUrl: process.env.BENCH_FLEET_DATABASE_URL, gatewayPortRange: process.env.BENCH_FLEET_GATEWAY_PORT_RANGE }),
  // The load comes from one address: the per-address limit would answer 429 instead of measuring.
  RATE_LIMIT_MAX: '1000000000',
};
const fleetDir = env.FLEET_DIR;
const fleet = (...args) => spawnSync(process.execPath, [join(root, 'scripts', 'fleet.mjs'), ...args], { cwd: root, env, stdio: 'inherit' }).status;

/** A customer's session token, the way the portal gets one: register, then log in with the captcha solved. */
async function customerToken(base) {
  const fromE2e = createRequire(join(root, 'e2e', 'package.json'));
  const { solveChallenge } = await import(pathToFileURL(fromE2e.resolve('altcha-lib')).href);
  const { deriveKey } = await import(pathToFileURL(fromE2e.resolve('altcha-lib/algorithms/sha')).href);
  const username = `bench_${randomBytes(4).toString('hex')}`;
  const password = 'Correct-Horse-1';
  const json = { 'content-type': 'application/json' };
  const registered = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ username, email: `${username}@example.com`, password }) });
  if (!registered.ok) throw new Error(`register: ${registered.status}`);
  const challenge = await (await fetch(`${base}/api/auth/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ username, password, captcha }) });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  return (await login.json()).token;
}

function load(url, duration, tokens) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'api', 'bench', 'load.ts'), JSON.stringify({ url, method: 'GET', connections, duration, tokens })], {
      cwd: join(root, 'api'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`load generator exited with ${code}`))));
  });
}

const rows = [];
try {
  if (fleet('start', '--test', '--fresh') !== 0) throw new Error('the fleet did not start');
  const state = JSON.parse(readFileSync(join(fleetDir, 'fleet.json'), 'utf8'));
  const api = (role) => state.processes.find((each) => each.role === role);
  const balancer = `http://127.0.0.1:${port}/api/proxy/states`;
  const direct = `${api('api1').where}/api/proxy/states`;
  const load1 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\nFleet benchmark: GET /api/proxy/states, ${connections} connections, ${seconds} s per round (load average before: ${load1})`);
  const tokens = [await customerToken(`http://127.0.0.1:${port}`)];
  await load(balancer, 3, tokens);
  await load(direct, 2, tokens);
  const round = async (label, url) => {
    const result = await load(url, seconds, tokens);
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
    rows.push({ label, ...result });
    console.log(`  ${label.padEnd(44)} ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
  };
  await round('one instance, asked directly (no balancer)', direct);
  await round('through HAProxy, two instances', balancer);
  // The second instance stops; the balancer's health checks (every 2 s, down after 2 failures) see it gone.
  process.kill(-api('api2').pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 7000));
  await round('through HAProxy, one instance (api2 stopped)', balancer);
  console.log('\n| scenario | req/s | p50 | p99 | ÷ one instance direct |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) {
    console.log(`| ${row.label} | ${row.rps.toFixed(0)} | ${row.p50} ms | ${row.p99} ms | ${(row.rps / rows[0].rps).toFixed(2)} |`);
  }
} catch (error) {
  console.error(`bench:fleet: ${/** @type {Error} */ (error).message} (logs in ${fleetDir})`);
  process.exitCode = 1;
} finally {
  fleet('stop');
}
