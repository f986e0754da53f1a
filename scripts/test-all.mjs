// The README's test command: every suite in order (lint, knip, typecheck, unit, API, gateway, checker, build, e2e), stopping at
// the first failure with a non-zero exit. Each runner's own summary is shown; the last line adds them up.
// A step marked `beside` starts when reached and runs next to the steps after it (its output is shown when
// it ends); the run waits for it before its last line.
import { spawn } from 'node:child_process';

const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';

const steps = [
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'unused files, dependencies and exports (knip)', args: ['run', 'knip'] },
  { name: 'boundaries (node --test: planted forbidden imports must be reported; which shared modules are singletons; markdown links resolve)', args: ['run', 'test:boundaries'], count: 'node' },
  { name: 'production examples (ops/: systemd-analyze verify, haproxy -c)', args: ['run', 'test:ops'], count: 'node' },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'unit (jest)', args: ['run', 'test:unit'], count: 'jest' },
  { name: `API (node --test, PGlite${process.env.TEST_DATABASE_URL ? ' and PostgreSQL' : ''})`, args: ['run', 'test:api'], count: 'node' },
  { name: `gateway (node --test, real sockets, PGlite${process.env.TEST_DATABASE_URL ? ' and PostgreSQL' : ''})`, args: ['run', 'test:gateway'], count: 'node' },
  { name: `checker (node --test, real sockets, PGlite${process.env.TEST_DATABASE_URL ? ' and PostgreSQL' : ''})`, args: ['run', 'test:checker'], count: 'node' },
  { name: 'build (shell and remotes)', args: ['run', 'build'] },
  {
    // The production layout (npm run fleet: two API instances, two gateways, a checker, HAProxy) on PostgreSQL
    // and Redis, an e2e subset through the balancer and the fault test; beside the steps below.
    name: 'fleet (npm run fleet; e2e subset through HAProxy; one API instance and one gateway killed mid-run)',
    command: [process.execPath, 'scripts/fleet-test.mjs'],
    count: 'plain',
    beside: true,
  },
  // Bytes of the JavaScript `/` loads, from the build output: fails when the visitor's first page grows past its budget.
  { name: 'page weight budget (JS of /)', args: ['run', 'test:budget'], count: 'node' },
  {
    // A second build of one remote with another label: e2e deploys it over the first to show that a
    // remote is replaced on its own, with no shell rebuild.
    name: 'build (redeploy variant of mfe-account)',
    args: ['--filter', 'mfe-account', 'run', 'build'],
    env: { BUILD_LABEL: 'redeployed', OUTPUT_DIR: 'dist-redeploy' },
  },
  {
    // A build of one remote that requires a react the shell does not run: e2e deploys it and expects the
    // failure panel to name the mismatch.
    name: 'build (mfe-history against an incompatible react)',
    args: ['--filter', 'mfe-history', 'run', 'build'],
    env: { FEDERATION_REQUIRED_VERSIONS: '{"react":"^20.0.0"}', OUTPUT_DIR: 'dist-incompatible', BUILD_LABEL: 'incompatible' },
  },
  {
    // A second build of mfe-history with another label: e2e releases it as v2, promotes, canaries and rolls it back.
    name: 'build (release v2 of mfe-history)',
    args: ['--filter', 'mfe-history', 'run', 'build'],
    env: { BUILD_LABEL: 'release-v2', OUTPUT_DIR: 'dist-release-v2' },
  },
  { name: 'e2e (Playwright, composed build)', args: ['run', 'test:e2e'], count: 'playwright' },
];

const counters = {
  jest: (text) => {
    const line = text.match(/^Tests:\s+(.*)$/m)?.[1] ?? '';
    return { passed: Number(line.match(/(\d+) passed/)?.[1] ?? 0), failed: Number(line.match(/(\d+) failed/)?.[1] ?? 0) };
  },
  node: (text) => {
    const sum = (re) => [...text.matchAll(re)].reduce((total, m) => total + Number(m[1]), 0);
    return { passed: sum(/^ℹ pass (\d+)$/gm) + sum(/^# pass (\d+)$/gm), failed: sum(/^ℹ fail (\d+)$/gm) + sum(/^# fail (\d+)$/gm) };
  },
  plain: (text) => {
    const line = text.match(/^\w+: (\d+) passed, (\d+) failed$/m);
    return { passed: Number(line?.[1] ?? 0), failed: Number(line?.[2] ?? 0) };
  },
  playwright: (text) => ({
    passed: Number(text.match(/^\s*(\d+) passed/m)?.[1] ?? 0),
    failed: Number(text.match(/^\s*(\d+) failed/m)?.[1] ?? 0),
  }),
};

function run(step, echo = true) {
  return new Promise((resolve) => {
    const [command, ...args] = step.command ?? [pnpm, ...step.args];
    const child = spawn(command, args, { env: { ...process.env, ...step.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
    };
    child.stdout.on('data', (chunk) => {
      if (echo) process.stdout.write(chunk);
      keep(chunk.toString());
    });
    child.stderr.on('data', (chunk) => {
      if (echo) process.stderr.write(chunk);
      keep(chunk.toString());
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const total = { passed: 0, failed: 0 };
/** Adds a finished step's counts; false when it failed. */
function settle(step, started, { code, output }) {
  if (step.count) {
    const counted = counters[step.count](output);
    total.passed += counted.passed;
    total.failed += counted.failed;
  }
  console.log(`=== ${step.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  return code === 0;
}

const besides = [];
async function finishBesides() {
  let ok = true;
  for (const { step, started, result } of besides.splice(0)) {
    const finished = await result;
    console.log(`\n=== ${step.name} (ran beside the steps above) ===`);
    process.stdout.write(finished.output);
    ok = settle(step, started, finished) && ok;
  }
  return ok;
}

for (const step of steps) {
  const started = Date.now();
  if (step.beside) {
    console.log(`\n=== ${step.name}: started, runs beside the next steps ===`);
    besides.push({ step, started, result: run(step, false) });
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const result = await run(step);
  if (!settle(step, started, result)) {
    await finishBesides();
    console.log(`total: ${total.passed} passed, ${Math.max(total.failed, 1)} failed`);
    process.exit(result.code);
  }
}
if (!(await finishBesides())) {
  console.log(`total: ${total.passed} passed, ${Math.max(total.failed, 1)} failed`);
  process.exit(1);
}
console.log(`total: ${total.passed} passed, ${total.failed} failed`);
