// Helpers of the payments API tests: an app wired to a fake BTCPay on loopback, users with tokens, and the
// money invariant every payments test ends with.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import type { App } from '../app.ts';
import { build, injectWithLogin, login, register, type Backend, type BuildOptions, type TestUser } from './helpers.ts';
import { startFakeBtcpay, type FakeBtcpay } from './fake-btcpay-server.ts';

export const WEBHOOK_SECRET = 'test-webhook-secret';

export interface SignedInUser extends TestUser {
  token: string;
}

export async function signedInUser(app: App): Promise<SignedInUser> {
  const user = await register(app);
  return { ...user, token: await login(app, user) };
}

/** The app with PAYMENT_PROVIDER=btcpay against a fake BTCPay, listening on 127.0.0.1 for its webhooks. */
export async function buildWithBtcpay(t: TestContext, backend: Backend, options: BuildOptions = {}): Promise<{ app: App; btcpay: FakeBtcpay }> {
  let appUrl = '';
  const btcpay = await startFakeBtcpay({ webhookUrl: () => `${appUrl}/api/payments/webhook/btcpay`, webhookSecret: WEBHOOK_SECRET });
  t.after(() => btcpay.close());
  const app = await build(t, backend, {
    ...options,
    config: {
      ...options.config,
      payments: { provider: 'btcpay', btcpay: { url: btcpay.url, storeId: btcpay.storeId, apiKey: btcpay.apiKey, webhookSecret: WEBHOOK_SECRET } },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  appsOfThisTest.add(app);
  return { app, btcpay };
}

/** The app with the embedded default provider, the sandbox (NODE_ENV unset: enabled). */
export async function buildWithSandbox(t: TestContext, backend: Backend, options: BuildOptions = {}): Promise<App> {
  const app = await build(t, backend, options);
  appsOfThisTest.add(app);
  return app;
}

const appsOfThisTest = new Set<App>();

/**
 * For `afterEach` of every payments suite (it runs before the test's own cleanup closes the apps): each
 * balance equals the sum of its ledger rows, whatever the test did.
 */
export async function assertMoneyInvariant(): Promise<void> {
  const apps = [...appsOfThisTest];
  appsOfThisTest.clear();
  for (const app of apps) await assertBalancesMatchLedger(app);
}

export function createOrder(app: App, user: SignedInUser, amount: unknown, currency: unknown = 'USD') {
  return injectWithLogin(app, user.token, { method: 'POST', url: '/api/orders', payload: { amount, currency } });
}

/** Starts an order and returns the provider's invoice id of it. */
export async function openInvoice(app: App, user: SignedInUser, amount = 50): Promise<string> {
  const response = await createOrder(app, user, amount);
  assert.equal(response.statusCode, 201, response.body);
  const row = await app.db
    .selectFrom('payment_orders')
    .select('invoice_id')
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  assert.ok(row.invoice_id);
  return row.invoice_id;
}

export async function balanceCents(app: App, userId: string): Promise<number> {
  const row = await app.db.selectFrom('users').select('balance_cents').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.balance_cents;
}

export async function ledgerRows(app: App, userId: string) {
  return app.db.selectFrom('ledger').select(['kind', 'amount_cents', 'reference']).where('user_id', '=', userId).orderBy('id').execute();
}

/** The ledger's invariant: a balance always equals the sum of its ledger rows. */
export async function assertBalancesMatchLedger(app: App): Promise<void> {
  const users = await app.db.selectFrom('users').select(['id', 'balance_cents']).execute();
  for (const user of users) {
    const rows = await ledgerRows(app, user.id);
    const sum = rows.reduce((total, row) => total + row.amount_cents, 0);
    assert.equal(user.balance_cents, sum, `balance of ${user.id} equals the sum of its ledger rows`);
  }
}
