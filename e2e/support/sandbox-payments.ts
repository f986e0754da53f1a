import { expect, type APIRequestContext } from '@playwright/test';
import type { Customer } from './session.ts';

// Top-ups in e2e go through the sandbox provider: its test-mode checkout lives under this path, and
// "Confirm test payment" there credits the order through the same webhook code as a real payment. A
// portal on a real processor (BTCPay) cannot be paid by a test, so specs that need money need the sandbox.

export const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox/checkout';

/**
 * Whether the target runs the sandbox provider, without side effects: the sandbox's checkout stylesheet is
 * only served when it is the configured provider (a real processor or switched-off payments answer 404).
 */
export async function targetRunsSandbox(request: APIRequestContext): Promise<boolean> {
  const response = await request.get(`${SANDBOX_CHECKOUT_PATH}.css`);
  return response.ok() && (response.headers()['content-type'] ?? '').startsWith('text/css');
}

/** Tops the customer up by `dollars` exactly as the browser's forms would: an order, then the sandbox's confirm. */
export async function topUpThroughSandbox(request: APIRequestContext, customer: Customer, dollars: number): Promise<void> {
  const headers = { Authorization: `Bearer ${customer.token}` };
  const order = await request.post('/api/orders', { headers, data: { amount: dollars, currency: 'USD' } });
  expect(order.status(), await order.text()).toBe(201);
  const checkoutPath = new URL((await order.json()) as string).pathname;
  expect(checkoutPath.startsWith(`${SANDBOX_CHECKOUT_PATH}/`), `the order went to ${checkoutPath}, not the sandbox`).toBe(true);
  const confirm = await request.post(`${checkoutPath}/confirm`, { form: { coin: 'BTC' }, maxRedirects: 0 });
  expect(confirm.status()).toBe(303);
}
