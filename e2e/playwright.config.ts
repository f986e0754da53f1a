import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// One composed production build served by the real API on embedded defaults (PGlite, sandbox payments,
// mail outbox), in a fresh data dir per run. The run dir is fixed here so workers see the same paths.
process.env.E2E_RUN_DIR ??= mkdtempSync(join(tmpdir(), 'ps5-e2e-'));
process.env.E2E_PORT ??= '8095';
const runDir = process.env.E2E_RUN_DIR;
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const chromium = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node scripts/serve-composed.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      E2E_RUN_DIR: runDir,
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: join(runDir, 'data'),
      REMOTES_DIR: join(runDir, 'remotes'),
      RATE_LIMIT_MAX: '10000',
      PAYMENT_PROVIDER: 'sandbox',
      NODE_ENV: 'test',
    },
  },
});
