import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { INCOMPATIBLE_BUILD, REDEPLOY_BUILD, type TestBuild } from '../support/powers.ts';
import { manifestUrlOf, overriddenRemotes, remoteFilesMatcher } from '../support/remote-overrides.ts';
import { REMOTES, tagOf } from '../support/remotes.ts';
import { createCustomer, signIn } from '../support/session.ts';

/**
 * Deploys a test build over a remote's deployed files for the duration of `check`, then puts them back.
 * The deployed files are set aside, not rebuilt from the repo: the folder may be another portal's.
 */
async function withDeployed(build: TestBuild, deployFolder: string, check: () => Promise<void>): Promise<void> {
  const setAside = `${deployFolder}.before-e2e-redeploy`;
  if (existsSync(setAside)) throw new Error(`An earlier redeploy proof did not finish: move ${setAside} back to ${deployFolder}`);
  renameSync(deployFolder, setAside);
  try {
    cpSync(build.folder, deployFolder, { recursive: true });
    await check();
  } finally {
    rmSync(deployFolder, { recursive: true, force: true });
    renameSync(setAside, deployFolder);
  }
}

test('the landing page renders for a visitor', { tag: ['@landing', '@shell'] }, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Private Sock5', level: 1 })).toBeVisible();
  await expect(page.getByTestId('build-label-landing')).toBeAttached();
});

test('a protected route while signed out toasts, opens the login dialog and lands on /', { tag: ['@shell'] }, async ({ page }) => {
  await page.goto('/history');
  await expect(page.getByText('You must log in to access this page.')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown path answers 404 and shows Page Not Found in the frame, with a way home', { tag: ['@shell'] }, async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Private Sock5' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

const everyRemote = REMOTES.map((remote) => tagOf(remote.name));

test('each remote loads on its route, client-side, and react-dom is fetched once', { tag: ['@shell', ...everyRemote] }, async ({ page, request }) => {
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
  await expect(page.getByTestId('build-label-marketplace')).toBeAttached();
  const documentRequests: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documentRequests.push(req.url());
  });
  for (const { page: path, name: remote } of REMOTES) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.getByTestId(`build-label-${remote}`)).toBeAttached();
    await expect(page.getByTestId('username')).toHaveText(customer.username);
  }
  // Navigation through the top bar stays client-side: no page load between remotes.
  await page.getByRole('link', { name: 'History' }).first().click();
  await expect(page.getByTestId('build-label-history')).toBeAttached();
  expect(documentRequests).toEqual([]);
  expect(reactDomBodies).toHaveLength(1);
});

test('a remote that cannot load costs only its own page, and Retry brings it back', { tag: ['@shell', '@history', '@payments'] }, async ({ page, request, baseURL }) => {
  const customer = await createCustomer(request);
  await signIn(page, customer);
  const historyFiles = remoteFilesMatcher('history', baseURL as string);
  await page.route(historyFiles, (route) => route.abort());
  await page.goto('/history');
  await expect(page.getByText('This section is temporarily unavailable')).toBeVisible();
  await expect(page.getByTestId('username')).toHaveText(customer.username);

  await page.getByRole('link', { name: 'Payments' }).first().click();
  await expect(page.getByTestId('build-label-payments')).toBeAttached();

  await page.getByRole('link', { name: 'History' }).first().click();
  await expect(page.getByText('This section is temporarily unavailable')).toBeVisible();
  await page.unroute(historyFiles);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('build-label-history')).toBeAttached();
  await expect(page.getByText('This section is temporarily unavailable')).toHaveCount(0);
});

test(
  'replacing one remote’s files shows the new build after a reload, with the same shell',
  { tag: ['@account', '@shell'] },
  async ({ page, request, accountDeployFolder }) => {
    const customer = await createCustomer(request);
    await signIn(page, customer);
    await page.goto('/user-profile');
    const label = page.getByTestId('build-label-account');
    await expect(label).toBeAttached();
    await expect(label).not.toHaveText('account build redeployed');
    // The shell's entry file is named by its content: the same name after the remote's redeploy is the same shell.
    const shellEntry = () => page.locator('script[data-main]').getAttribute('data-main');
    const shellBefore = await shellEntry();
    expect(shellBefore).toMatch(/^\/main\.[0-9a-f]{8}\.js$/);

    await withDeployed(REDEPLOY_BUILD, accountDeployFolder, async () => {
      await page.reload();
      await expect(label).toHaveText('account build redeployed');
      expect(await shellEntry()).toBe(shellBefore);
    });
  },
);

test(
  'a remote built for a library version the portal does not run shows the panel with the reason',
  { tag: ['@history', '@shell'] },
  async ({ page, request, historyDeployFolder }) => {
    const customer = await createCustomer(request);
    await signIn(page, customer);
    // This build of mfe-history requires react ^20.0.0 while the shell loaded 19.x (the page module's first
    // shared import is react or its JSX runtime, both shared under react's range).
    await withDeployed(INCOMPATIBLE_BUILD, historyDeployFolder, async () => {
      await page.goto('/history');
      await expect(page.getByText('This section is temporarily unavailable')).toBeVisible();
      await expect(page.getByTestId('remote-failure-reason')).toHaveText(
        /^This section was built for react(\/jsx-runtime)? \^20\.0\.0, the portal runs 19\.\d+\.\d+\.$/,
      );
      await expect(page.getByTestId('username')).toHaveText(customer.username);
    });
  },
);

// Only in a run that swaps remotes (E2E_REMOTE_OVERRIDES): the page really loads each swapped remote from
// its override, so a green run means the canary was tested and not the deployed build.
const swapped = overriddenRemotes();
if (swapped.length > 0) {
  test(
    'each swapped remote loads from its override URL',
    { tag: ['@shell', ...swapped.map(tagOf)] },
    async ({ page, request, baseURL }) => {
      const customer = await createCustomer(request);
      const requested: string[] = [];
      page.on('request', (req) => requested.push(req.url()));
      await signIn(page, customer);
      for (const name of swapped) {
        const remote = REMOTES.find((r) => r.name === name);
        await page.goto(remote?.page ?? '/');
        await expect(page.getByTestId(`build-label-${name}`)).toBeAttached();
        expect(requested).toContain(manifestUrlOf(name, baseURL as string));
        const seen = (await page.evaluate(() => fetch('/remotes.json').then((r) => r.json()))) as Record<string, string>;
        expect(new URL(seen[name] ?? '', baseURL).href).toBe(manifestUrlOf(name, baseURL as string));
      }
    },
  );
}
