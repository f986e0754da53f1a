import type { Browser } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { logInThroughDialog } from '../support/login-dialog.ts';
import { resetLinkMailedTo } from '../support/mailbox.ts';
import { applyRemoteOverrides } from '../support/remote-overrides.ts';
import { registerCustomer, solveCaptcha } from '../support/session.ts';

// Forgot password end to end: the login dialog mails a link (read from the run's mailbox), the link opened
// signed out in a browser that never saw the portal sets a new password once, and only that password works.

const NEW_PASSWORD = 'Brand-New-Pass9';

/** A browser with no session, no storage, nothing: as a person opening the mail on another device. */
async function openInFreshBrowser(browser: Browser, baseURL: string, link: string) {
  const context = await browser.newContext();
  await applyRemoteOverrides(context, baseURL);
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  return { context, page };
}

test('forgot password mails a link that resets the password once, signed out', { tag: ['@shell', '@account'] }, async ({ page, browser, request, baseURL, mailbox }) => {
  const customer = await registerCustomer(request, 'reset');

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Landing page' }).getByRole('button', { name: 'Login' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot password' });
  await forgot.getByRole('textbox', { name: 'Email' }).fill(customer.email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByText('Message sucessfully send to your email.')).toBeVisible();

  const link = await resetLinkMailedTo(mailbox, customer.email);
  expect(link.startsWith(`${baseURL}/reset-password/`)).toBe(true);

  const first = await openInFreshBrowser(browser, baseURL as string, link);
  await first.page.locator('#reset-password').fill(NEW_PASSWORD);
  await first.page.locator('#reset-confirmPassword').fill(NEW_PASSWORD);
  await first.page.getByRole('button', { name: 'Submit' }).click();
  await expect(first.page.getByText('Password reset successfully!')).toBeVisible();
  await expect(first.page).toHaveURL(/\/$/);
  await expect(first.page.getByRole('dialog', { name: 'Log in' })).toBeVisible();

  // The old password is refused, the new one lets the customer in.
  await logInThroughDialog(first.page, customer.username, customer.password);
  await expect(first.page.getByRole('dialog').getByText('Wrong username or password')).toBeVisible();
  await logInThroughDialog(first.page, customer.username, NEW_PASSWORD);
  await expect(first.page).toHaveURL(/\/dashboard$/);
  await expect(first.page.getByTestId('username')).toHaveText(customer.username);
  await first.context.close();

  // The same link a second time: refused, with the server's reason under the form.
  const second = await openInFreshBrowser(browser, baseURL as string, link);
  await second.page.locator('#reset-password').fill('Another-Pass7');
  await second.page.locator('#reset-confirmPassword').fill('Another-Pass7');
  await second.page.getByRole('button', { name: 'Submit' }).click();
  await expect(second.page.getByText('Failed to reset password. Please try again.')).toBeVisible();
  await expect(second.page.getByRole('form', { name: 'Reset password' }).getByRole('alert')).toHaveText(
    'This password reset link is invalid, has expired or was already used.',
  );
  await expect(second.page).toHaveURL(link);
  await second.context.close();

  // And the password the second attempt tried to set was not set.
  const refused = await request.post('/api/auth/login', {
    data: { username: customer.username, password: 'Another-Pass7', captcha: await solveCaptcha(request) },
  });
  expect(refused.status()).toBe(400);
  const accepted = await request.post('/api/auth/login', {
    data: { username: customer.username, password: NEW_PASSWORD, captcha: await solveCaptcha(request) },
  });
  expect(accepted.ok()).toBe(true);
});
