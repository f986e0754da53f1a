import { expect, test } from '../support/fixtures.ts';
import { logInThroughDialog as logIn } from '../support/login-dialog.ts';

// A visitor's way in, through the composed build and the real API: register, a refused login, the captcha
// solved by clicking it as a person does, the dashboard; and the return to a protected page after login.

const password = 'Secret-Pass1';

function newVisitor() {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: `e2e${id}`, email: `e2e${id}@example.com` };
}

test('a visitor registers, is refused with a wrong password, then logs in and lands on the dashboard', { tag: ['@shell', '@marketplace'] }, async ({ page }) => {
  const visitor = newVisitor();
  await page.goto('/');
  await page.locator('#home').getByRole('button', { name: 'Register' }).click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await register.getByRole('textbox', { name: 'Username' }).fill(visitor.username);
  await register.getByRole('textbox', { name: 'Email' }).fill(visitor.email);
  await register.locator('#register-password').fill(password);
  await register.locator('#register-confirmPassword').fill(password);
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();

  await logIn(page, visitor.username, 'Wrong-Pass1');
  await expect(page.getByRole('dialog').getByText('Wrong username or password')).toBeVisible();
  // The used solution was reset: the widget asks again.
  await expect(page.getByRole('dialog').locator('altcha-widget .altcha')).toHaveAttribute('data-state', 'unverified');

  await logIn(page, visitor.username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('username')).toHaveText(visitor.username);
  await expect(page.getByTestId('balance')).toHaveText('$0.00');
});

test('a protected page visited signed out comes back after the login', { tag: ['@shell', '@history'] }, async ({ page, request }) => {
  const visitor = newVisitor();
  const registered = await request.post('/api/auth/register', { data: { ...visitor, password } });
  expect(registered.ok()).toBe(true);
  await page.goto('/history');
  await expect(page.getByText('You must log in to access this page.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, visitor.username, password);
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByTestId('username')).toHaveText(visitor.username);
});
