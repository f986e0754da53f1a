import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createCustomer, signIn } from '../support/session.ts';

// The visitor's way in must work for everyone: axe finds no serious or critical problem on the landing
// page, each auth dialog and the terms page, in the light and the dark theme. The landing page is always
// light; the dialogs follow it there and the stored theme elsewhere (here: the emailed reset-link page).

type Theme = 'light' | 'dark';
const themes: Theme[] = ['light', 'dark'];

/** axe findings that would stop a customer: serious and critical ones, with the first offending nodes. */
async function blockingViolations(page: Page, scope?: string) {
  const builder = new AxeBuilder({ page });
  if (scope) builder.include(scope);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The stored theme (localStorage `theme`) is set before any page script reads it. */
async function useStoredTheme(page: Page, theme: Theme) {
  await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
}

async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Private Sock5' })).toBeVisible();
}

/** Contrast is only meaningful once the dialog has faded in completely. */
async function settledDialog(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((element) => getComputedStyle(element.closest('.MuiDialog-container') ?? element).opacity))
    .toBe('1');
  return dialog;
}

/** Axe over one open dialog, then its way on to the next one. */
async function checkDialogs(page: Page, openLogin: () => Promise<void>) {
  await openLogin();
  let dialog = await settledDialog(page, 'Log in');
  expect(await blockingViolations(page, '[role="dialog"]'), 'login dialog').toEqual([]);

  await dialog.getByRole('button', { name: 'Create an account' }).click();
  dialog = await settledDialog(page, 'Create your account');
  expect(await blockingViolations(page, '[role="dialog"]'), 'register dialog').toEqual([]);

  await dialog.getByRole('button', { name: 'Log in' }).click();
  dialog = await settledDialog(page, 'Log in');
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await settledDialog(page, 'Forgot password');
  expect(await blockingViolations(page, '[role="dialog"]'), 'forgot-password dialog').toEqual([]);
}

async function dialogBackground(page: Page) {
  return page.getByRole('dialog').evaluate((element) => getComputedStyle(element).backgroundColor);
}

test('the landing page has no serious or critical axe violation (always light)', { tag: ['@landing'] }, async ({ page }) => {
  await useStoredTheme(page, 'dark');
  await openLanding(page);
  expect(await blockingViolations(page)).toEqual([]);
});

test('the dialogs on the landing page are light and pass axe, whatever the stored theme', { tag: ['@landing', '@shell'] }, async ({ page }) => {
  await useStoredTheme(page, 'dark');
  await openLanding(page);
  await checkDialogs(page, () => page.getByRole('navigation', { name: 'Landing page' }).getByRole('button', { name: 'Login' }).click());
  expect(await dialogBackground(page)).toBe('rgb(255, 255, 255)');
});

for (const theme of themes) {
  test(`the reset-password page and the dialogs over it follow the stored ${theme} theme and pass axe`, { tag: ['@account', '@shell'] }, async ({ page }) => {
    await useStoredTheme(page, theme);
    // The emailed reset link is a page a signed-out visitor sees in the portal's stored theme.
    await page.goto('/reset-password/not-a-real-token');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
    expect(await blockingViolations(page), 'reset-password page').toEqual([]);
    await checkDialogs(page, () => page.getByRole('main').getByRole('button', { name: 'Log in' }).click());
    expect(await dialogBackground(page)).toBe(theme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(23, 28, 46)');
  });

  test(`the terms page has no serious or critical axe violation in the ${theme} theme`, { tag: ['@landing'] }, async ({ page, request }) => {
    const customer = await createCustomer(request, 'a11y');
    await useStoredTheme(page, theme);
    await signIn(page, customer);
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { name: 'Contents' })).toBeVisible();
    await expect(page.getByTestId('username')).toHaveText(customer.username);
    expect(await blockingViolations(page)).toEqual([]);
  });
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

for (const width of [360, 1440]) {
  test(`screenshots at ${width} px: landing, login dialog, terms`, { tag: ['@landing', '@shell'] }, async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await openLanding(page);
    await attachScreenshot(page, testInfo, `landing-${width}px`);

    // Below md the navigation collapses into a menu, but Login stays in the bar.
    await page.getByRole('navigation', { name: 'Landing page' }).getByRole('button', { name: 'Login' }).click();
    await settledDialog(page, 'Log in');
    await testInfo.attach(`login-dialog-${width}px`, { body: await page.screenshot(), contentType: 'image/png' });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    const customer = await createCustomer(request, 'shots');
    await signIn(page, customer);
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { name: 'Contents' })).toBeVisible();
    await attachScreenshot(page, testInfo, `terms-${width}px`);
    // Nothing may force a phone to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
