// Customers for e2e: created and logged in through the real API (the captcha solved the way the browser
// widget solves it), then handed to the page as the portal stores a session. Tests of the login dialog
// itself go through the UI instead.
import { randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { APIRequestContext, Page } from '@playwright/test';

export const CUSTOMER_PASSWORD = 'Correct-Horse-1';

export interface Customer {
  username: string;
  email: string;
  password: string;
  userId: string;
  token: string;
}

export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/auth/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('captcha not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function registerCustomer(request: APIRequestContext, prefix = 'e2e') {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`;
  const email = `${username}@example.com`;
  const response = await request.post('/api/auth/register', { data: { username, email, password: CUSTOMER_PASSWORD } });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return { username, email, password: CUSTOMER_PASSWORD };
}

export async function createCustomer(request: APIRequestContext, prefix = 'e2e'): Promise<Customer> {
  return logIn(request, await registerCustomer(request, prefix));
}

/**
 * Logs an account in through the API; with `register`, registers it first unless it exists already (a
 * fixed account a run reuses).
 */
export async function logIn(
  request: APIRequestContext,
  account: { username: string; password: string; email?: string; register?: boolean },
): Promise<Customer> {
  const email = account.email ?? `${account.username}@example.com`;
  if (account.register) {
    const registered = await request.post('/api/auth/register', { data: { username: account.username, email, password: account.password } });
    if (!registered.ok() && registered.status() !== 409) throw new Error(`register failed: ${registered.status()} ${await registered.text()}`);
  }
  const response = await request.post('/api/auth/login', {
    data: { username: account.username, password: account.password, captcha: await solveCaptcha(request) },
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { token: string; userInfo: { _id: string; email: string } };
  return { username: account.username, email: body.userInfo.email, password: account.password, token: body.token, userId: body.userInfo._id };
}

/** Puts the customer's session where the portal keeps it (localStorage `token` and `userId`). */
export async function signIn(page: Page, customer: Customer): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(({ token, userId }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userId', userId);
  }, customer);
}
