import { expect, type Page } from '@playwright/test';

// The login dialog driven as a person drives it: type, click the captcha, wait for it to be solved, submit.

export async function solveCaptchaByClick(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  // As a person does: a click on "I'm not a robot" (the drawn tick covers the native box itself).
  await dialog.getByText("I'm not a robot").click();
  await expect(dialog.locator('altcha-widget .altcha')).toHaveAttribute('data-state', 'verified', { timeout: 30_000 });
}

/** Fills the open login dialog and submits it; the caller checks what came of it. */
export async function logInThroughDialog(page: Page, username: string, secret: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.locator('#login-password').fill(secret);
  await solveCaptchaByClick(page);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}
