import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { loadConfig } from '../../../../config.ts';
import { buildInvoiceEvent } from '../../../../payments/btcpay/btcpay-event.ts';
import { assertMoneyInvariant, balanceCents, buildWithSandbox, createOrder, ledgerRows, signedInUser } from '../../../../test/payments-kit.ts';
import { topUpMessages } from '../../../../payments/top-up-rules.ts';
import { signWebhookBody } from '../../../../payments/webhook-signature.ts';
import { backends, injectWithLogin } from '../../../../test/helpers.ts';
import type { TopupRecord } from 'contract/payments';

const sandboxOff = { payments: { provider: 'sandbox' as const, sandboxEnabled: false } };

function form(url: string, fields: Record<string, string>) {
  return { method: 'POST' as const, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() };
}

for (const backend of backends) {
  describe(`sandbox checkout on ${backend}`, () => {
    afterEach(assertMoneyInvariant);

    it('a top-up goes order -> test-mode checkout page -> confirm -> credited once -> back to /payments', async (t) => {
      const app = await buildWithSandbox(t, backend);
      const user = await signedInUser(app);
      const order = await createOrder(app, user, 50);
      assert.equal(order.statusCode, 201, order.body);
      const checkoutUrl = new URL(order.json<string>());
      assert.equal(checkoutUrl.origin, 'http://portal.test');
      assert.match(checkoutUrl.pathname, /^\/api\/payments\/sandbox\/checkout\/sandbox_[\w-]+$/);

      const page = await app.inject({ method: 'GET', url: checkoutUrl.pathname });
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
      assert.match(page.body, /TEST MODE/);
      assert.match(page.body, /<p class="amount">\$50\.00<\/p>/);
      assert.match(page.body, /0\.00050000 BTC/);
      assert.match(page.body, /0\.50000000 LTC/);
      const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(page.body)?.[1];
      assert.ok(stylesheet);
      const css = await app.inject({ method: 'GET', url: stylesheet });
      assert.equal(css.statusCode, 200);
      assert.match(String(css.headers['content-type']), /^text\/css/);

      const confirm = await app.inject(form(`${checkoutUrl.pathname}/confirm`, { coin: 'LTC' }));
      assert.equal(confirm.statusCode, 303);
      assert.equal(confirm.headers.location, 'http://portal.test/payments?paid=1');
      assert.equal(await balanceCents(app, user.id), 5000);
      // The coin chosen on the checkout and the payment's (made-up) transaction id reach the top-up history.
      const [topup] = (await injectWithLogin(app, user.token, { method: 'GET', url: `/api/payments/topups/${user.id}` })).json<TopupRecord[]>();
      assert.equal(topup?.coin, 'LTC');
      assert.match(topup?.transactionId ?? '', /^[0-9a-f]{64}$/);

      // A second click (or a replayed form post) credits nothing more; the page now says it is paid.
      assert.equal((await app.inject(form(`${checkoutUrl.pathname}/confirm`, { coin: 'BTC' }))).statusCode, 303);
      assert.equal(await balanceCents(app, user.id), 5000);
      assert.equal((await ledgerRows(app, user.id)).length, 1);
      const paid = await app.inject({ method: 'GET', url: checkoutUrl.pathname });
      assert.match(paid.body, /Test payment confirmed/);
      assert.doesNotMatch(paid.body, /<form/);
    });

    it('letting the invoice expire fails the order and credits nothing', async (t) => {
      const app = await buildWithSandbox(t, backend);
      const user = await signedInUser(app);
      const path = new URL((await createOrder(app, user, 60)).json<string>()).pathname;
      const expire = await app.inject(form(`${path}/expire`, {}));
      assert.equal(expire.statusCode, 303);
      assert.equal(expire.headers.location, path);
      assert.match((await app.inject({ method: 'GET', url: path })).body, /Test invoice expired/);
      const order = await app.db.selectFrom('payment_orders').select('status').executeTakeFirstOrThrow();
      assert.equal(order.status, 'failed');
      assert.equal(await balanceCents(app, user.id), 0);
    });

    it('its webhook refuses events not signed with the sandbox secret', async (t) => {
      const app = await buildWithSandbox(t, backend);
      const user = await signedInUser(app);
      const invoiceId = new URL((await createOrder(app, user, 50)).json<string>()).pathname.split('/').at(-1) ?? '';
      const raw = JSON.stringify(buildInvoiceEvent({ type: 'InvoiceSettled', storeId: 'sandbox', invoiceId, webhookId: 'sandbox' }));
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        headers: { 'content-type': 'application/json', 'btcpay-sig': signWebhookBody(raw, 'a guess') },
        payload: raw,
      });
      assert.equal(response.statusCode, 401);
      assert.equal(await balanceCents(app, user.id), 0);
    });

    it('an unknown invoice gets a 404 page and credits nothing', async (t) => {
      const app = await buildWithSandbox(t, backend);
      const page = await app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout/sandbox_nope' });
      assert.equal(page.statusCode, 404);
      assert.match(page.body, /Invoice not found/);
      assert.equal((await app.inject(form('/api/payments/sandbox/checkout/sandbox_nope/confirm', { coin: 'BTC' }))).statusCode, 404);
    });

    it('answers 400 for invoice ids and fields with a NUL character or broken Unicode, crediting nothing', async (t) => {
      const app = await buildWithSandbox(t, backend);
      const user = await signedInUser(app);
      const path = new URL((await createOrder(app, user, 50)).json<string>()).pathname;
      for (const request of [
        { method: 'GET' as const, url: '/api/payments/sandbox/checkout/sandbox_%00' },
        { method: 'GET' as const, url: `${path}%00` },
        form(`${path}%00/confirm`, { coin: 'BTC' }),
        form('/api/payments/sandbox/checkout/sandbox_%00/expire', { coin: 'BTC' }),
        form(`${path}/confirm`, { coin: 'B\u0000TC' }),
      ]) {
        const response = await app.inject(request);
        assert.equal(response.statusCode, 400, `${request.url}: ${response.body}`);
        assert.match(response.json<{ message: string }>().message, /contains a NUL character or invalid Unicode text$/);
      }
      assert.equal(await balanceCents(app, user.id), 0);
    });

    it('is off in production unless enabled: no checkout page, orders refused with 503', async (t) => {
      const app = await buildWithSandbox(t, backend, { config: sandboxOff });
      const user = await signedInUser(app);
      const response = await createOrder(app, user, 50);
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json(), { message: topUpMessages.unavailable });
      assert.equal((await app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout.css' })).statusCode, 404);
      assert.equal((await app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox', payload: {} })).statusCode, 404);
    });
  });
}

describe('payments configuration', () => {
  it('defaults to the sandbox, which production must enable explicitly', () => {
    assert.deepEqual(loadConfig({}).payments, { provider: 'sandbox', sandboxEnabled: true });
    assert.deepEqual(loadConfig({ NODE_ENV: 'production' }).payments, { provider: 'sandbox', sandboxEnabled: false });
    assert.deepEqual(loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX_ENABLED: 'true' }).payments, { provider: 'sandbox', sandboxEnabled: true });
  });

  it('refuses to start the sandbox on a public address unless that is explicitly allowed', () => {
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:9000/', 'http://127.8.9.10', 'http://[::1]:8080', 'http://portal.localhost']) {
      assert.deepEqual(loadConfig({ PUBLIC_URL: url }).payments, { provider: 'sandbox', sandboxEnabled: true }, url);
    }
    for (const url of ['https://shop.example.com', 'http://10.0.0.5:8080', 'http://[2001:db8::1]', 'http://localhost.example.com']) {
      assert.throws(() => loadConfig({ PUBLIC_URL: url }), /sandbox payment provider .* is refused on PUBLIC_URL=.*PAYMENT_SANDBOX_ALLOW_PUBLIC=true/, url);
      assert.deepEqual(loadConfig({ PUBLIC_URL: url, PAYMENT_SANDBOX_ALLOW_PUBLIC: 'true' }).payments, { provider: 'sandbox', sandboxEnabled: true }, url);
    }
    // Sandbox off (production without opt-in) or real payments: nothing to refuse.
    assert.deepEqual(loadConfig({ PUBLIC_URL: 'https://shop.example.com', NODE_ENV: 'production' }).payments, { provider: 'sandbox', sandboxEnabled: false });
  });

  it('reads BTCPay settings and refuses to start without any of them', () => {
    const env = { PAYMENT_PROVIDER: 'btcpay', BTCPAY_URL: 'https://pay.example/', BTCPAY_STORE_ID: 'store', BTCPAY_API_KEY: 'key', BTCPAY_WEBHOOK_SECRET: 'secret' };
    assert.deepEqual(loadConfig(env).payments, {
      provider: 'btcpay',
      btcpay: { url: 'https://pay.example', storeId: 'store', apiKey: 'key', webhookSecret: 'secret' },
    });
    for (const missing of ['BTCPAY_URL', 'BTCPAY_STORE_ID', 'BTCPAY_API_KEY', 'BTCPAY_WEBHOOK_SECRET']) {
      assert.throws(() => loadConfig({ ...env, [missing]: '' }), new RegExp(`${missing} is required`));
    }
    assert.throws(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' }), /PAYMENT_PROVIDER must be sandbox or btcpay/);
  });
});
