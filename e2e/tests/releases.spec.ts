// Remote releases across a fleet: two API instances of this spec's own on one PostgreSQL database, one
// release store, and the `release` command run as a feature team runs it. A promote or a rollback reaches a
// fresh load on either instance within a second, with no restart; a canary splits accounts as the hashing
// says and keeps each on its side; a canary that throws is rolled back by the API itself; a release the shell
// cannot load is refused at promote time.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { INCOMPATIBLE_BUILD, RELEASE_V2_BUILD, releasesPower, type ReleasesFleet } from '../support/powers.ts';
import { REPO_ROOT } from '../support/target.ts';
import { createCustomer, type Customer } from '../support/session.ts';

const power = releasesPower();
test.describe.configure({ mode: 'serial' });
test.skip(!power.granted, power.granted ? '' : power.reason);

interface Instance {
  url: string;
  process: ChildProcess;
  log: string[];
}

interface Fleet {
  instances: [Instance, Instance];
  env: Record<string, string>;
  /** Where the fleet keeps its files (the store, the instances' data dirs). */
  root: string;
  schema: string;
  databaseUrl: string;
}

let fleet: Fleet | null = null;
/** Requests to the fleet (its own database: customers are made there). */
let api: APIRequestContext;

function withSearchPath(url: string, schema: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** SQL on the database, through the API package's driver (e2e depends on none). */
function sqlOnDatabase(databaseUrl: string, statement: string): void {
  const script = `import pg from 'pg'; const c = new pg.Client({ connectionString: process.env.URL }); await c.connect(); await c.query(process.env.SQL); await c.end();`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: join(REPO_ROOT, 'api'), env: { ...process.env, URL: databaseUrl, SQL: statement }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`SQL failed: ${result.stderr}`);
}

async function startFleet({ databaseUrl, ports, runDir }: ReleasesFleet): Promise<Fleet> {
  const schema = `e2e_releases_${randomBytes(4).toString('hex')}`;
  sqlOnDatabase(databaseUrl, `create schema ${schema}`);
  const root = join(runDir, 'releases-fleet');
  mkdirSync(root, { recursive: true });
  const env = {
    DATABASE_URL: withSearchPath(databaseUrl, schema),
    RELEASE_STORE_DIR: join(root, 'store'),
    RELEASE_CANARY_MIN_LOADS: '2',
    RELEASE_CANARY_FAILURE_PERCENT: '50',
    RATE_LIMIT_MAX: '10000',
    PAYMENT_PROVIDER: 'sandbox',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  const instances = ports.map((port, index) => {
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [join(REPO_ROOT, 'api', 'src', 'main.ts')], {
      env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: join(root, `instance-${index}`) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    return { url, process: child, log };
  }) as [Instance, Instance];
  const started = { instances, env, root, schema, databaseUrl };
  for (const instance of instances) {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const ready = await fetch(`${instance.url}/api/health/ready`).then((response) => response.ok).catch(() => false);
      if (ready) break;
      if (instance.process.exitCode !== null || Date.now() > deadline) {
        await stopFleet(started);
        throw new Error(`the API instance at ${instance.url} did not start:\n${instance.log.join('').slice(-3000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return started;
}

async function stopFleet(running: Fleet): Promise<void> {
  // Until they have exited: their ports are free for the next run.
  await Promise.all(
    running.instances.map(
      (instance) =>
        new Promise<void>((resolve) => {
          if (instance.process.exitCode !== null || instance.process.signalCode !== null) return resolve();
          const timer = setTimeout(() => instance.process.kill('SIGKILL'), 15_000);
          instance.process.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          instance.process.kill('SIGTERM');
        }),
    ),
  );
  try {
    sqlOnDatabase(running.databaseUrl, `drop schema ${running.schema} cascade`);
  } catch {
    // the schema goes with the database; a leftover is named e2e_releases_*
  }
}

/** The `release` command, as a feature team runs it against the fleet's database. */
function release(...args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'api', 'src', 'cli', 'release.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...fleet!.env, DATA_DIR: join(fleet!.root, 'command'), RELEASE_ACTOR: 'e2e' },
    encoding: 'utf8',
  });
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

function releaseBuild(folder: string, version: string): string {
  const result = release('history', '--from', folder, '--version', version, '--commit', 'e2e');
  expect(result.status, result.stderr).toBe(0);
  const id = /history (\S+) \(\d+ files\)/.exec(result.stdout)?.[1];
  if (!id) throw new Error(`no release id in: ${result.stdout}`);
  return id;
}

const manifestOf = (id: string) => `/releases/history/${id}/mf-manifest.json`;

/** Which side of history's canary an account falls on (the API's hashing: api/src/releases/release-pointers.ts). */
function inCanary(customer: Customer, percent: number): boolean {
  return createHash('sha256').update(`history\0account:${customer.userId}`).digest().readUInt32BE(0) % 100 < percent;
}

async function servedHistory(request: APIRequestContext, instance: Instance, customer?: Customer): Promise<string> {
  const response = await request.get(`${instance.url}/remotes.json`, { headers: customer ? { cookie: `ps5_account=${customer.userId}` } : {} });
  return ((await response.json()) as Record<string, string>).history ?? '';
}

/** Waits until both instances name `manifest` for history; returns how long that took after `since`. */
async function untilServed(request: APIRequestContext, manifest: string, since: number): Promise<number> {
  const deadline = since + 10_000;
  const pending = new Set(fleet!.instances);
  while (pending.size > 0) {
    for (const instance of [...pending]) if ((await servedHistory(api, instance)) === manifest) pending.delete(instance);
    if (pending.size === 0) break;
    if (Date.now() > deadline) throw new Error(`${[...pending].map((instance) => instance.url).join(', ')} still not serving ${manifest} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - since;
}

/** A fresh load of /history on an instance, in a browser context of its own, signed in as the customer. */
async function freshHistoryLoad(browser: Browser, instance: Instance, customer: Customer): Promise<{ page: Page; label: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${instance.url}/api/health`);
  // The session as the portal's sign-in stores it: localStorage, and the account cookie canaries go by.
  await page.evaluate(({ token, userId }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userId', userId);
    document.cookie = `ps5_account=${encodeURIComponent(userId)}; path=/; max-age=31536000; samesite=lax`;
  }, customer);
  await page.goto(`${instance.url}/history`);
  const label = page.getByTestId('build-label-history');
  await expect(label).toBeAttached();
  return { page, label: (await label.textContent()) ?? '', close: () => context.close() };
}

let v1 = '';
let v2 = '';
let v1Label = '';

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  if (!power.granted) return;
  fleet = await startFleet(power.value);
  api = await playwright.request.newContext({ baseURL: fleet.instances[0].url });
  v1 = releaseBuild(join(REPO_ROOT, 'mfe-history', 'dist'), '1.0.0');
  v2 = releaseBuild(RELEASE_V2_BUILD.folder, '2.0.0');
  const promoted = release('promote', 'history', v1);
  expect(promoted.status, promoted.stderr).toBe(0);
});

test.afterAll(async () => {
  await api?.dispose();
  if (fleet) await stopFleet(fleet);
});

test('a promoted release reaches a fresh load on either instance within a second, and a rollback brings the last one back', { tag: ['@history', '@shell'] }, async ({ browser }) => {
  const [one, two] = fleet!.instances;
  const customer = await createCustomer(api);
  await untilServed(api, manifestOf(v1), Date.now());
  const before = await freshHistoryLoad(browser, one, customer);
  v1Label = before.label;
  expect(v1Label).not.toBe('history build release-v2');

  const promoted = release('promote', 'history', v2, '--reason', 'e2e: new history');
  expect(promoted.status, promoted.stderr).toBe(0);
  const took = await untilServed(api, manifestOf(v2), Date.now());
  console.log(`releases: both instances served the promoted release ${took} ms after the command returned`);
  expect(took).toBeLessThan(1_000);
  for (const instance of [one, two]) {
    const load = await freshHistoryLoad(browser, instance, customer);
    expect(load.label).toBe('history build release-v2');
    await load.close();
  }

  // A page left open on v2 while it is rolled back: its next navigation (after the map's 5 s) gets v1.
  const open = await freshHistoryLoad(browser, two, customer);
  const rolledBack = release('rollback', 'history', '--reason', 'e2e: back');
  expect(rolledBack.status, rolledBack.stderr).toBe(0);
  expect(rolledBack.stdout).toContain(`history: rolled back from ${v2} to ${v1} for everyone.`);
  const back = await untilServed(api, manifestOf(v1), Date.now());
  console.log(`releases: both instances served the rolled-back release ${back} ms after the command returned`);
  expect(back).toBeLessThan(1_000);
  for (const instance of [one, two]) {
    const load = await freshHistoryLoad(browser, instance, customer);
    expect(load.label).toBe(v1Label);
    await load.close();
  }
  await expect(open.page.getByTestId('build-label-history')).toHaveText('history build release-v2');
  await open.page.waitForTimeout(5_500);
  await open.page.getByRole('link', { name: 'Payments' }).first().click();
  await expect(open.page.getByTestId('build-label-payments')).toBeAttached();
  await open.page.getByRole('link', { name: 'History' }).first().click();
  await expect(open.page.getByTestId('build-label-history')).toHaveText(v1Label);
  await open.close();
  await before.close();

  const status = release('status');
  expect(status.stdout).toMatch(new RegExp(`history rollback: ${v2} -> ${v1} by release command \\(e2e\\) \\(e2e: back\\)`));
  expect(status.stdout).toMatch(new RegExp(`history promote: ${v1} -> ${v2} by release command \\(e2e\\) \\(e2e: new history\\)`));
});

test('a release the running shell cannot load is refused at promote time, with the reason', { tag: ['@history'] }, async () => {
  const incompatible = releaseBuild(INCOMPATIBLE_BUILD.folder, '2.1.0');
  const refused = release('promote', 'history', incompatible);
  expect(refused.status).toBe(2);
  expect(refused.stderr).toMatch(new RegExp(`^release: Refused: the running shell cannot load history ${incompatible}: it was built for react(/jsx-runtime)? \\^20\\.0\\.0, the shell runs 19\\.\\d+\\.\\d+`));
  for (const instance of fleet!.instances) expect(await servedHistory(api, instance)).toBe(manifestOf(v1));
});

test('a 50% canary gives each account the release its hash assigns, and keeps it across reloads', { tag: ['@history'] }, async ({ browser }) => {
  const canary = release('promote', 'history', v2, '--percent', '50');
  expect(canary.status, canary.stderr).toBe(0);
  expect(canary.stdout).toContain(`history: ${v2} is the canary for 50% of customers; the others keep ${v1}.`);
  // One account on each side (the hash decides; about two registrations each).
  const accounts: { customer: Customer; expected: string }[] = [];
  for (const side of [true, false]) {
    for (let tries = 0; ; tries += 1) {
      const customer = await createCustomer(api, 'canary');
      if (inCanary(customer, 50) === side) {
        accounts.push({ customer, expected: side ? 'history build release-v2' : v1Label });
        break;
      }
      if (tries > 30) throw new Error('no account on this side of the canary in 30 tries');
    }
  }
  for (const { customer, expected } of accounts) {
    for (const instance of fleet!.instances) {
      const load = await freshHistoryLoad(browser, instance, customer);
      expect(load.label).toBe(expected);
      await load.page.reload();
      await expect(load.page.getByTestId('build-label-history')).toHaveText(expected);
      await load.close();
    }
  }
});

test('a canary that throws is rolled back by itself once enough customers failed, and the team is told', { tag: ['@history'] }, async ({ browser }) => {
  // v2 with its page module replaced by one that throws: the same build, broken on purpose.
  const broken = join(fleet!.root, 'broken-build');
  rmSync(broken, { recursive: true, force: true });
  cpSync(RELEASE_V2_BUILD.folder, broken, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(broken, 'mf-manifest.json'), 'utf8')) as { exposes: { name: string; assets: { js: { sync: string[] } } }[] };
  const page = manifest.exposes.find((expose) => expose.name === 'HistoryPage');
  if (!page) throw new Error('mfe-history exposes no HistoryPage');
  for (const file of page.assets.js.sync) {
    writeFileSync(join(broken, file), 'throw new Error("this canary is broken");');
    rmSync(join(broken, `${file}.br`), { force: true });
    rmSync(join(broken, `${file}.gz`), { force: true });
  }
  const v3 = releaseBuild(broken, '3.0.0');
  const canary = release('promote', 'history', v3, '--percent', '50');
  expect(canary.status, canary.stderr).toBe(0);

  const failing: Customer[] = [];
  while (failing.length < 2) {
    const customer = await createCustomer(api, 'broken');
    if (inCanary(customer, 50)) failing.push(customer);
  }
  for (const [index, customer] of failing.entries()) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const instance = fleet!.instances[index % 2]!;
    await tab.goto(`${instance.url}/api/health`);
    await tab.evaluate(({ token, userId }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userId', userId);
      document.cookie = `ps5_account=${encodeURIComponent(userId)}; path=/; max-age=31536000; samesite=lax`;
    }, customer);
    const beacon = tab.waitForResponse((response) => response.url().endsWith('/api/releases/beacon'));
    await tab.goto(`${instance.url}/history`);
    await expect(tab.getByText('This section is temporarily unavailable')).toBeVisible();
    expect((await beacon).status()).toBe(204);
    await context.close();
  }
  // Two of two customers failed (the fleet's threshold: 50% of at least 2): the canary is gone everywhere.
  for (const customer of failing) {
    await expect.poll(async () => servedHistory(api, fleet!.instances[0], customer)).toBe(manifestOf(v1));
    await expect.poll(async () => servedHistory(api, fleet!.instances[1], customer)).toBe(manifestOf(v1));
  }
  const status = release('status');
  expect(status.stdout).toMatch(new RegExp(`history auto-rollback: ${v3} -> ${v1} by api \\(canary watch\\) \\(2 of 2 customers could not load it or saw it crash`));
  const told = fleet!.instances.flatMap((instance) => instance.log).join('');
  expect(told).toContain(`releases: the canary history ${v3} was rolled back by itself: 2 of 2 customers could not load it or saw it crash`);
  // Those customers get the stable release on their next load.
  const load = await freshHistoryLoad(browser, fleet!.instances[0], failing[0]!);
  expect(load.label).toBe(v1Label);
  await load.close();
});
