// `npm test`'s fleet step: `npm run fleet` with test settings on a fresh database, then, through HAProxy, a
// subset of the composed e2e suite (FLEET_E2E_SPECS below) and the fault test (e2e/tests/fleet-fault.spec.ts
// kills one API instance and one gateway process), then the fleet is stopped whatever happened. Its own
// ports, lease ports, database and Redis prefix, so it can run beside the other steps:
// FLEET_TEST_PORT (default 8140, and the next five), FLEET_TEST_GATEWAY_PORT_RANGE (default 31000-31999),
// FLEET_TEST_DATABASE_URL (default: TEST_DATABASE_URL's server, database <its name>_fleet).
// The last line sums up the tests: "N passed, N failed".
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fleetRunEnv } from './fleet-run-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The subset of the composed suite run through the balancer: sign-up and login, buying (and using a proxy), top-ups, sessions. */
const FLEET_E2E_SPECS = ['tests/auth-visitor.spec.ts', 'tests/marketplace-buy.spec.ts', 'tests/payments-topup.spec.ts', 'tests/sessions-and-terms.spec.ts'];

const port = Number(process.env.FLEET_TEST_PORT || 8140);
const env = {
  ...fleetRunEnv({ name: 'fleet', port, databaseUrl: process.env.FLEET_TEST_DATABASE_URL, gatewayPortRange: process.env.FLEET_TEST_GATEWAY_PORT_RANGE }),
  // npm test built the portal in an earlier step, and builds variants of remotes beside this one.
  FLEET_SKIP_BUILD: '1',
};
const fleetDir = env.FLEET_DIR;

/** @param {string} command @param {string[]} args @param {import('node:child_process').SpawnOptions} options @returns {Promise<{ code: number, output: string }>} */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    child.stdout?.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => process.stderr.write(chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const counted = { passed: 0, failed: 0 };
const count = (output) => {
  counted.passed += Number(/^\s*(\d+) passed/m.exec(output)?.[1] ?? 0);
  counted.failed += Number(/^\s*(\d+) failed/m.exec(output)?.[1] ?? 0);
};

let exitCode = 0;
try {
  const started = await run(process.execPath, ['scripts/fleet.mjs', 'start', '--test', '--fresh']);
  if (started.code !== 0) throw new Error('the fleet did not start');
  // Each run keeps its own results: Playwright empties its output folder when it starts.
  const playwright = (specs, extra, output) =>
    run(process.execPath, [join(root, 'e2e', 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...specs, '--reporter=./support/skip-reasons-reporter.ts,list', `--output=${join(fleetDir, 'test-results', output)}`], {
      cwd: join(root, 'e2e'),
      env: {
        ...env,
        E2E_BASE_URL: `http://127.0.0.1:${port}`,
        E2E_OUTBOX_DIR: join(fleetDir, 'data', 'outbox'),
        E2E_PAYMENTS: 'sandbox',
        E2E_GATEWAY_LOOPBACK: 'true',
        ...extra,
      },
    });
  console.log(`\n--- e2e through the fleet's balancer: ${FLEET_E2E_SPECS.join(' ')} ---`);
  const suite = await playwright(FLEET_E2E_SPECS, {}, 'subset');
  count(suite.output);
  // Last: it kills part of the fleet.
  console.log('\n--- fault test: one API instance and one gateway process killed mid-run ---');
  const fault = await playwright(['tests/fleet-fault.spec.ts'], { E2E_FLEET_STATE: join(fleetDir, 'fleet.json') }, 'fault');
  count(fault.output);
  if (suite.code !== 0 || fault.code !== 0) exitCode = 1;
} catch (error) {
  console.error(`fleet test: ${/** @type {Error} */ (error).message} (logs in ${fleetDir})`);
  exitCode = 1;
} finally {
  await run(process.execPath, ['scripts/fleet.mjs', 'stop']);
}
if (exitCode !== 0) console.log(`fleet logs: ${fleetDir}`);
console.log(`fleet: ${counted.passed} passed, ${Math.max(counted.failed, exitCode)} failed`);
process.exit(exitCode);
