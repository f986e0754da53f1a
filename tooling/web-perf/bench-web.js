// `npm run bench:web`: the composed portal against the same pages built as one ordinary webpack app
// (BUILD_MODE=single), in one run. Both builds are served by the real API (brotli, cache headers) on ports of
// their own; Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) loads `/` cold as a visitor
// and `/dashboard` signed in, three times each with a fresh browser profile, and the medians are compared.
// The two builds take turns run by run, so a busy minute on the machine falls on both alike.
// Next to Lighthouse's estimate, the same loads as Chrome's own throttling sees them: Lighthouse loads the page
// at full speed and works out the slow phone's timeline from what it saw, which can tell a different story
// (a preload that finished before its fast paint counts as holding up the slow one).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { screenEmulationMetrics, throttling } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const builds = [
  { name: 'composed', port: Number(process.env.BENCH_PORT ?? 9510), env: {} },
  { name: 'single app', port: Number(process.env.BENCH_PORT ?? 9510) + 1, env: { SHELL_DIR: join(repo, 'shell', 'dist-single') } },
];

function build(env) {
  const result = spawnSync(process.execPath, [join(repo, 'scripts', 'build.mjs')], { cwd: repo, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error('build failed');
}

async function startApi({ port, env }, dataDir) {
  const child = spawn(process.execPath, [join(repo, 'api', 'src', 'main.ts')], {
    cwd: join(repo, 'api'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '100000',
      PAYMENT_PROVIDER: 'sandbox',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error(`API on ${port} did not start`);
}

/** A customer registered and logged in through the API, the captcha solved as the browser widget does. */
async function createCustomer(origin) {
  const username = `bench_${randomBytes(4).toString('hex')}`;
  const password = 'Correct-Horse-1';
  const post = (path, body) =>
    fetch(`${origin}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const registered = await post('auth/register', { username, email: `${username}@example.com`, password });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const challenge = await (await fetch(`${origin}/api/auth/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const login = await post('auth/login', { username, password, captcha });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token, userInfo } = await login.json();
  return { token, userId: userInfo._id };
}

/**
 * Runs `load` with a page of a new Chromium with a fresh profile. With a session, it is stored first: the
 * portal keeps it in localStorage (token, userId), on the page's origin.
 */
async function inFreshBrowser(url, session, load) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (session) {
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate(({ token, userId }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userId', userId);
      }, session);
    }
    const result = await load({ chrome, page });
    await browser.disconnect();
    return result;
  } finally {
    await chrome.kill();
  }
}

/** One cold Lighthouse run in a fresh browser profile; with a session, storage must survive the run. */
function measure(url, session) {
  return inFreshBrowser(url, session, async ({ chrome, page }) => {
    if (session) {
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
    }
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(session) },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const scripts = (/** @type {{ items?: any[] } | undefined} */ (lhr.audits['network-requests']?.details)?.items ?? []).filter((item) => item.resourceType === 'Script');
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      // TBT counts the long tasks after the first contentful paint: a run whose simulated FCP comes early
      // counts more of the start-up's tasks (see docs/frontend-weight.md).
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      jsFiles: scripts.length,
      // Lighthouse's measure of this machine's speed at the time (higher is faster): its 4x slowdown is
      // meant for a fast desktop, so a low figure marks a run the machine's load slowed down further.
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
      runtimeError: lhr.runtimeError?.message,
    };
  });
}

/**
 * Lighthouse's mobile preset as Chrome applies it (Lighthouse's own figures for its `devtools` throttling:
 * a per-request latency that stands for the round trips of a connection, and the line's speed).
 */
const MOBILE = throttling.mobileSlow4G;
const SLOW_4G = {
  offline: false,
  latency: MOBILE.requestLatencyMs,
  downloadThroughput: (MOBILE.downloadThroughputKbps * 1024) / 8,
  uploadThroughput: (MOBILE.uploadThroughputKbps * 1024) / 8,
};
const PHONE =
  screenEmulationMetrics.mobile ??
  (() => {
    throw new Error("Lighthouse's constants no longer describe its mobile screen");
  })();

/**
 * One cold load under Chrome's throttling: the first contentful paint and the largest contentful paint as the
 * page itself reports them (PerformanceObserver), in a fresh profile, the session stored first when signed in.
 */
function throttledLoad(url, session) {
  return inFreshBrowser(url, session, async ({ page }) => {
    await page.setViewport({ width: PHONE.width, height: PHONE.height, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdownMultiplier });
    /* global window */
    await page.evaluateOnNewDocument(() => {
      const seen = { fcp: Number.NaN, lcp: Number.NaN };
      Object.defineProperty(window, '__benchPaints', { value: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
    return page.evaluate(() => ({ .../** @type {Window & { __benchPaints?: object }} */ (window).__benchPaints }));
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function summarize(runs) {
  const keys = ['score', 'fcp', 'lcp', 'tbt', 'cls', 'jsBytes', 'jsFiles', 'benchmarkIndex', 'throttledFcp', 'throttledLcp'];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))]));
}

const row = (cells) => `| ${cells.join(' | ')} |`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

// BENCH_BUILD=0 measures the builds as they are (e.g. right after npm test built them).
if (process.env.BENCH_BUILD !== '0') {
  console.log('[bench:web] building the composed portal and the single-app build (skipped when up to date)');
  build({});
  build({ BUILD_MODE: 'single' });
}

const dataRoot = mkdtempSync(join(tmpdir(), 'ps5-bench-web-'));
const servers = [];
const results = [];
try {
  for (const target of builds) servers.push(await startApi(target, join(dataRoot, target.port.toString())));
  const origins = builds.map((target) => `http://127.0.0.1:${target.port}`);
  const sessions = [];
  for (const origin of origins) sessions.push(await createCustomer(origin));
  for (const page of [
    { path: '/', signedIn: false, label: '/ (visitor)' },
    { path: '/dashboard', signedIn: true, label: '/dashboard (signed in)' },
  ]) {
    // One unmeasured load of each build first: the server composes and compresses a page when it is first
    // asked for, as after a deploy; a portal in service has done so.
    for (const [index] of builds.entries()) {
      await inFreshBrowser(`${origins[index]}${page.path}`, page.signedIn ? sessions[index] : null, ({ page: tab }) =>
        tab.goto(`${origins[index]}${page.path}`, { waitUntil: 'networkidle0', timeout: 120_000 }),
      );
    }
    const runs = builds.map(() => /** @type {any[]} */ ([]));
    for (let run = 1; run <= RUNS; run++) {
      for (const [index, target] of builds.entries()) {
        const url = `${origins[index]}${page.path}`;
        const session = page.signedIn ? sessions[index] : null;
        // Lighthouse now and then loses the trace of a load (NO_NAVSTART); such a run is taken again, twice at most.
        let measured = await measure(url, session);
        for (let retry = 0; measured.runtimeError && retry < 2; retry++) {
          console.log(`[bench:web] ${target.name} ${page.path} run ${run} again: ${measured.runtimeError}`);
          measured = await measure(url, session);
        }
        if (measured.runtimeError) throw new Error(`${target.name} ${page.path}: ${measured.runtimeError}`);
        const throttled = await throttledLoad(url, session);
        measured.throttledFcp = throttled.fcp;
        measured.throttledLcp = throttled.lcp;
        console.log(`[bench:web] ${target.name} ${page.path} run ${run}: ${JSON.stringify(measured)}`);
        runs[index].push(measured);
      }
    }
    builds.forEach((target, index) => results.push({ build: target.name, page: page.label, ...summarize(runs[index]) }));
  }
} finally {
  for (const server of servers) server.kill();
  rmSync(dataRoot, { recursive: true, force: true });
}

console.log(`\nLighthouse ${RUNS} cold runs each, mobile preset, medians:\n`);
console.log(row(['build', 'page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS on the wire', 'JS files', 'machine (benchmarkIndex)']));
console.log(row(['---', '---', '---', '---', '---', '---', '---', '---', '---', '---']));
for (const r of results) {
  console.log(
    row([r.build, r.page, r.score, seconds(r.fcp), seconds(r.lcp), `${Math.round(r.tbt)} ms`, r.cls.toFixed(3), kb(r.jsBytes), r.jsFiles, Math.round(r.benchmarkIndex)]),
  );
}
console.log(`\nThe same pages loaded under Chrome's own throttling with the preset's figures (${MOBILE.requestLatencyMs} ms a request, ${Math.round(MOBILE.downloadThroughputKbps)} kbps, ${MOBILE.cpuSlowdownMultiplier}x CPU; ${RUNS} runs each), medians:\n`);
console.log(row(['build', 'page', 'FCP', 'LCP']));
console.log(row(['---', '---', '---', '---']));
for (const r of results) console.log(row([r.build, r.page, seconds(r.throttledFcp), seconds(r.throttledLcp)]));
console.log('\ncomposed / single app:\n');
console.log(row(['page', 'JS bytes', 'LCP', 'LCP, Chrome throttled']));
console.log(row(['---', '---', '---', '---']));
for (const page of ['/ (visitor)', '/dashboard (signed in)']) {
  const composed = results.find((r) => r.build === 'composed' && r.page === page);
  const single = results.find((r) => r.build === 'single app' && r.page === page);
  const ratio = (key) => `${(composed[key] / single[key]).toFixed(2)}×`;
  console.log(row([page, ratio('jsBytes'), ratio('lcp'), ratio('throttledLcp')]));
}
