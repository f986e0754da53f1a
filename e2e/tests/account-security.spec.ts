import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from '../support/fixtures.ts';
import { logInThroughDialog } from '../support/login-dialog.ts';
import { topUpThroughSandbox } from '../support/sandbox-payments.ts';
import { createCustomer, signIn, type Customer } from '../support/session.ts';

// Account security end to end: 2-step verification set up from the page (the secret read off the page the
// way a person types it into an app, the code computed here), then a login that asks for the code; own
// proxy credentials that the next purchase uses and earlier ones keep; the page clean for axe.

type Theme = 'light' | 'dark';

function totpCode(secret: string, timestamp: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

/** axe findings that would stop a customer: serious and critical ones, with the first offending nodes. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function openAccountSettings(page: Page) {
  await page.goto('/user-profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
}

/** Opens the wizard through the password step; answers the secret as the page shows it, without spaces. */
async function openWizard(page: Page, password: string): Promise<string> {
  await page.getByRole('button', { name: 'Enable Google Authenticator' }).click();
  await page.getByRole('textbox', { name: 'Current Password' }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  const secret = page.getByTestId('totp-secret');
  await expect(secret).toBeVisible();
  return ((await secret.textContent()) ?? '').replace(/\s/g, '');
}

test('a customer turns on 2-step verification from the page, logs out and logs in with a code', { tag: ['@account', '@shell'] }, async ({ page, request }) => {
  const customer = await createCustomer(request, 'twostep');
  await signIn(page, customer);
  await openAccountSettings(page);
  await expect(page.getByText('0/2 secured')).toBeVisible();
  await expect(page.getByTestId('two-step-state')).toHaveText('Disabled');

  const secret = await openWizard(page, customer.password);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await page.getByLabel('Verification code').fill(totpCode(secret, Date.now()));
  const enable = page.getByRole('button', { name: 'Enable 2-step verification' });
  await expect(enable).toBeDisabled();
  await page.getByRole('checkbox', { name: /lose access to my account/ }).check();
  await enable.click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByTestId('two-step-state')).toHaveText('Enabled');
  await expect(page.getByText('1/2 secured')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  // A deliberate logout is not a visit without a session: no login prompt, no warning.
  await expect(page.getByRole('heading', { level: 1, name: 'Private Sock5' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('You must log in to access this page.')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Landing page' }).getByRole('button', { name: 'Login' }).click();
  await logInThroughDialog(page, customer.username, customer.password);
  const codeStep = page.getByRole('form', { name: 'Authentication code' });
  await expect(codeStep).toBeVisible();
  // The enabling code spent its time step; the next step's code is fresh and inside the accepted window.
  await codeStep.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openAccountSettings(page);
  await expect(page.getByTestId('two-step-state')).toHaveText('Enabled');
  await expect(page.getByTestId('sign-in-row').first()).toContainText('This session');
});

async function buyOne(request: APIRequestContext, customer: Customer, skip: number): Promise<{ ip: string; auth: string }> {
  const headers = { Authorization: `Bearer ${customer.token}` };
  const states = (await (await request.get('/api/proxy/states', { headers })).json()) as { state: string; cnt: number }[];
  const state = states.reduce((best, s) => (s.cnt > best.cnt ? s : best));
  const listings = (await (await request.post('/api/proxy/search', { headers, data: { METHOD: 'search', COUNTRY: 'US', STATE: state.state } })).json()) as {
    id: string;
  }[];
  const listing = listings[skip];
  if (!listing) throw new Error('no listing to buy');
  const response = await request.post('/api/proxy/buy', { headers, data: { ID: [listing.id] } });
  expect(response.status(), await response.text()).toBe(200);
  const [item] = (await response.json()) as { ID: string; SOCKS_AUTH: string }[];
  return { ip: item?.ID ?? '', auth: item?.SOCKS_AUTH ?? '' };
}

test('own proxy credentials go on the next purchase only; earlier proxies keep theirs', { tag: ['@account', '@marketplace'] }, async ({ page, request, sandbox: _ }) => {
  const customer = await createCustomer(request, 'owncreds');
  await topUpThroughSandbox(request, customer, 50);
  const before = await buyOne(request, customer, 0);

  await signIn(page, customer);
  await openAccountSettings(page);
  await page.getByRole('tab', { name: 'Socks5 login:pass' }).click();
  await expect(page.getByTestId('socks-state')).toHaveText('Disabled');
  await expect(page.getByText('Changes affect only later purchases.')).toBeVisible();
  await page.getByRole('tab', { name: 'Socks5 login:pass' }).hover();
  await expect(page.getByRole('tooltip')).toContainText('user:pass@IP:Port');
  const login = `u${Math.random().toString(36).slice(2, 7)}`;
  const password = `p${Math.random().toString(36).slice(2, 7)}`;
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save Credentials' }).click();
  await expect(page.getByText('Credentials saved. Later purchases use them.')).toBeVisible();
  await expect(page.getByTestId('socks-state')).toHaveText('Enabled');
  await expect(page.getByText('1/2 secured')).toBeVisible();

  const after = await buyOne(request, customer, 1);
  expect(after.auth).toBe(`${login}:${password}`);
  expect(before.auth).not.toBe(after.auth);
  const mine = (await (await request.get('/api/proxy/my', { headers: { Authorization: `Bearer ${customer.token}` } })).json()) as { socks_auth: string }[];
  expect(mine.map((proxy) => proxy.socks_auth).sort()).toEqual([before.auth, after.auth].sort());

  await page.getByLabel('Allowed IP addresses').fill('203.0.113.7\n198.51.100.9/24');
  await page.getByRole('button', { name: 'Save IP authorization' }).click();
  await expect(page.getByLabel('Allowed IP addresses')).toHaveValue('203.0.113.7\n198.51.100.0/24');
});

for (const theme of ['light', 'dark'] as Theme[]) {
  for (const width of [1440, 390]) {
    test(`the account page is clean for axe at ${width} px in the ${theme} theme`, { tag: ['@account'] }, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
      const customer = await createCustomer(request, 'axe');
      await signIn(page, customer);
      await openAccountSettings(page);
      await expect(page.getByTestId('sign-in-row').first()).toBeVisible();
      expect(await blockingViolations(page), 'page').toEqual([]);
      await openWizard(page, customer.password);
      expect(await blockingViolations(page), 'setup wizard').toEqual([]);
      await page.getByRole('tab', { name: 'Socks5 login:pass' }).click();
      await expect(page.getByLabel('Allowed IP addresses')).toBeVisible();
      expect(await blockingViolations(page), 'proxy access').toEqual([]);
      await page.getByRole('tab', { name: 'Change Password' }).click();
      await expect(page.getByRole('textbox', { name: 'Confirm New Password' })).toBeVisible();
      expect(await blockingViolations(page), 'change password').toEqual([]);
    });
  }
}
