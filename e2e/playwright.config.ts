import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { overridesLeaveOrigin } from './support/remote-overrides.ts';
import { E2E_SUPPORT_USERNAME } from './support/powers.ts';
import { localDirs, target } from './support/target.ts';

// Without E2E_BASE_URL: one composed production build served by the real API on embedded defaults (PGlite,
// sandbox payments, mail outbox), in a fresh data dir per run. The run dir is fixed here so workers see the
// same paths. With E2E_BASE_URL: that portal, started by someone else, and no server of our own.
const deployed = Boolean(process.env.E2E_BASE_URL?.trim());
if (!deployed) {
  process.env.E2E_RUN_DIR ??= mkdtempSync(join(tmpdir(), 'ps5-e2e-'));
  process.env.E2E_PORT ??= '8095';
}
const { baseURL, localRunDir } = target();
const chromium = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

function localServer(runDir: string) {
  const dirs = localDirs(runDir);
  return {
    command: 'node scripts/serve-composed.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      E2E_RUN_DIR: runDir,
      PORT: process.env.E2E_PORT as string,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dirs.data,
      REMOTES_DIR: dirs.remotes,
      RATE_LIMIT_MAX: '10000',
      PAYMENT_PROVIDER: 'sandbox',
      NODE_ENV: 'test',
      // Leases of two minutes, swept every second: the history spec watches a real renewal happen.
      LEASE_PERIOD_SECONDS: '120',
      RENEWAL_SWEEP_MS: '1000',
      // The support spec's member of support, made one the way an operator can without the database.
      SUPPORT_USERNAMES: E2E_SUPPORT_USERNAME,
      // The SOCKS5 gateway runs in the API process; the proxy test fetches a page the test serves on
      // 127.0.0.1, which production refuses. Lease ports: a range of their own when several portals run here.
      GATEWAY_ALLOW_LOOPBACK: 'true',
      GATEWAY_PORT_RANGE: process.env.E2E_GATEWAY_PORT_RANGE ?? '20000-29999',
      // The API-tab spec's webhook receiver listens on 127.0.0.1 over plain http, which production refuses.
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      // The swap reaches the local portal itself too, so its CSP admits the canary's origin.
      ...(process.env.E2E_REMOTE_OVERRIDES ? { REMOTE_URLS: process.env.E2E_REMOTE_OVERRIDES } : {}),
    },
  };
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  // `npm test` runs this suite beside the fleet step: two whole shops and two browsers on a 2-core machine, where
  // a signed-in page has taken over 10 s to replace its first view (the shell shows its frame after
  // FIRST_VIEW_PATIENCE_MS, 10 s, at the latest). An assertion on the live page waits past that.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // The skip reasons print before the list reporter's summary, so the count line ends the console output.
  reporter: [
    ['./support/skip-reasons-reporter.ts'],
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    ['junit', { outputFile: 'test-results/junit.xml' }],
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // A deployed portal's CSP admits only the remote origins it was configured with; a canary swapped in
    // by the run from another origin would be refused.
    bypassCSP: deployed && overridesLeaveOrigin(baseURL),
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: localRunDir ? localServer(localRunDir) : undefined,
});
