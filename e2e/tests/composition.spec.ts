import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createCustomer, signIn } from '../support/session.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const remotesDir = join(process.env.E2E_RUN_DIR ?? '', 'remotes');

interface ManifestRoute {
  path: string;
  access: 'visitor' | 'signed-in' | 'public';
}
const { remotes } = JSON.parse(readFileSync(join(repo, 'remotes.manifest.json'), 'utf8')) as {
  remotes: { name: string; routes: ManifestRoute[] }[];
};
/** One signed-in page of every remote, from the remotes manifest ('/support/*' is visited as '/support'). */
const remotePages = remotes.map(({ name, routes }) => {
  const route = routes.find(({ access, path }) => access === 'signed-in' && !path.includes(':'));
  if (!route) throw new Error(`remote ${name} serves no signed-in page`);
  return { path: route.path.replace(/\/\*$/, ''), remote: name };
});

test('the landing page renders for a visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Private Sock5', level: 1 })).toBeVisible();
  await expect(page.getByTestId('build-label-landing')).toBeVisible();
});

test('a protected route while signed out toasts, opens the login dialog and lands on /', async ({ page }) => {
  await page.goto('/history');
  await expect(page.getByText('You must log in to access this page.')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown path shows Page Not Found with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('each remote loads on its route, client-side, and react-dom is fetched once', async ({ page, request }) => {
  const customer = await createCustomer(request);
  // react-dom's client build is the only bundle that wires React DevTools; count the responses carrying it.
  const reactDomBodies: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('__REACT_DEVTOOLS_GLOBAL_HOOK__') && body.includes('createRoot')) reactDomBodies.push(response.url());
  });
  await signIn(page, customer);
  await page.goto('/dashboard');
  await expect(page.getByTestId('build-label-marketplace')).toBeVisible();
  const documentRequests: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documentRequests.push(req.url());
  });
  for (const { path, remote } of remotePages) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.getByTestId(`build-label-${remote}`)).toBeVisible();
    await expect(page.getByTestId('username')).toHaveText(customer.username);
  }
  // Navigation through the top bar stays client-side.
  await page.getByRole('link', { name: 'History' }).first().click();
  await expect(page.getByTestId('build-label-history')).toBeVisible();
  expect(documentRequests).toEqual([]);
  expect(reactDomBodies).toHaveLength(1);
});

test('a remote that cannot load costs only its own page, and Retry brings it back', async ({ page, request }) => {
  const customer = await createCustomer(request);
  await signIn(page, customer);
  await page.route('**/remotes/history/**', (route) => route.abort());
  await page.goto('/history');
  await expect(page.getByText('This section is temporarily unavailable')).toBeVisible();
  await expect(page.getByTestId('username')).toHaveText(customer.username);

  await page.getByRole('link', { name: 'Payments' }).first().click();
  await expect(page.getByTestId('build-label-payments')).toBeVisible();

  await page.getByRole('link', { name: 'History' }).first().click();
  await expect(page.getByText('This section is temporarily unavailable')).toBeVisible();
  await page.unroute('**/remotes/history/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('build-label-history')).toBeVisible();
  await expect(page.getByText('This section is temporarily unavailable')).toHaveCount(0);
});

test('replacing one remote’s files shows the new build after a reload, with the same shell', async ({ page, request }) => {
  const customer = await createCustomer(request);
  await signIn(page, customer);
  await page.goto('/user-profile');
  const label = page.getByTestId('build-label-account');
  await expect(label).toBeVisible();
  await expect(label).not.toHaveText('account build redeployed');
  const shellBefore = await (await page.request.get('/main.js')).text();

  const deployed = join(remotesDir, 'account');
  try {
    rmSync(deployed, { recursive: true, force: true });
    cpSync(join(repo, 'mfe-account', 'dist-redeploy'), deployed, { recursive: true });
    await page.reload();
    await expect(label).toHaveText('account build redeployed');
    expect(await (await page.request.get('/main.js')).text()).toBe(shellBefore);
  } finally {
    rmSync(deployed, { recursive: true, force: true });
    cpSync(join(repo, 'mfe-account', 'dist'), deployed, { recursive: true });
  }
});

test('a remote built for a library version the portal does not run shows the panel with the reason', async ({ page, request }) => {
  const customer = await createCustomer(request);
  await signIn(page, customer);
  // The test build of mfe-history requires @mui/material ^10.0.0 while the shell loaded 9.x: deploy it alone.
  const deployed = join(remotesDir, 'history');
  try {
    rmSync(deployed, { recursive: true, force: true });
    cpSync(join(repo, 'mfe-history', 'dist-incompatible'), deployed, { recursive: true });
    await page.goto('/history');
    await expect(page.getByText('This section is temporarily unavailable')).toBeVisible();
    await expect(page.getByTestId('remote-failure-reason')).toHaveText(
      /^This section was built for @mui\/material \^10\.0\.0, the portal runs 9\.\d+\.\d+\.$/,
    );
    await expect(page.getByTestId('username')).toHaveText(customer.username);
  } finally {
    rmSync(deployed, { recursive: true, force: true });
    cpSync(join(repo, 'mfe-history', 'dist'), deployed, { recursive: true });
  }
});
