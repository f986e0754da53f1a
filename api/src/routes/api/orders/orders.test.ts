import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { OrderRecord, TopupRecord } from 'contract/payments';
import { BTCPAY_PAYMENT_METHODS } from '../../../payments/btcpay/btcpay-provider.ts';
import {
  assertMoneyInvariant,
  balanceCents,
  buildWithBtcpay,
  buildWithSandbox,
  createOrder,
  openInvoice,
  signedInUser,
} from '../../../test/payments-kit.ts';
import { topUpMessages } from '../../../payments/top-up-rules.ts';
import { backends, injectWithLogin } from '../../../test/helpers.ts';

for (const backend of backends) {
  describe(`orders on ${backend}`, () => {
    afterEach(assertMoneyInvariant);

    it('POST /api/orders answers 201 with the BTCPay checkout link as a JSON string and records a pending order', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      const response = await createOrder(app, user, 50);
      assert.equal(response.statusCode, 201, response.body);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      const url = response.json<string>();

      const [invoice] = [...btcpay.invoices.values()];
      assert.ok(invoice);
      assert.equal(url, invoice.checkoutLink);
      const order = await app.db.selectFrom('payment_orders').selectAll().executeTakeFirstOrThrow();
      assert.equal(order.user_id, user.id);
      assert.equal(order.amount_cents, 5000);
      assert.equal(order.status, 'pending');
      assert.equal(order.invoice_id, invoice.id);
      assert.deepEqual(btcpay.createRequests, [
        {
          amount: '50.00',
          currency: 'USD',
          metadata: { orderId: order.id },
          checkout: { paymentMethods: [...BTCPAY_PAYMENT_METHODS], redirectURL: 'http://portal.test/payments?paid=1', redirectAutomatically: true },
        },
      ]);
    });

    it('refuses amounts outside the top-up limits with a clear 400 and writes nothing', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      for (const [amount, currency, message] of [
        [49.99, 'USD', topUpMessages.firstMinimum],
        [20, 'USD', topUpMessages.firstMinimum],
        [0, 'USD', topUpMessages.firstMinimum],
        [10_000.01, 'USD', topUpMessages.maximum],
        [50.001, 'USD', topUpMessages.decimals],
        [50, 'EUR', topUpMessages.currency],
      ] as const) {
        const response = await createOrder(app, user, amount, currency);
        assert.equal(response.statusCode, 400, `${amount} ${currency}`);
        assert.deepEqual(response.json(), { message }, `${amount} ${currency}`);
      }
      for (const payload of [{}, { amount: 50 }, { currency: 'USD' }, { amount: '50', currency: 'USD' }, { amount: -5, currency: 'USD' }, { amount: null, currency: 'USD' }, { amount: 50, currency: 'US\u0000D' }, { amount: 50, currency: '\uDFFF' }]) {
        const response = await injectWithLogin(app, user.token, { method: 'POST', url: '/api/orders', payload });
        assert.equal(response.statusCode, 400, JSON.stringify(payload));
        assert.equal(typeof response.json<{ message: string }>().message, 'string');
      }
      const bad = await injectWithLogin(app, user.token, { method: 'POST', url: '/api/orders', headers: { 'content-type': 'application/json' }, payload: '{"amount":' });
      assert.equal(bad.statusCode, 400);
      assert.equal((await app.db.selectFrom('payment_orders').selectAll().execute()).length, 0);
      assert.equal(btcpay.createRequests.length, 0);
    });

    it('after a completed top-up the minimum is $20, and $10,000 is still the most', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      // A pending first order does not count as a completed top-up.
      await openInvoice(app, user, 50);
      assert.deepEqual((await createOrder(app, user, 20)).json(), { message: topUpMessages.firstMinimum });

      const invoiceId = await openInvoice(app, user, 50);
      await btcpay.deliver(invoiceId, 'InvoiceSettled');
      assert.equal((await createOrder(app, user, 20)).statusCode, 201);
      assert.deepEqual((await createOrder(app, user, 19.99)).json(), { message: topUpMessages.minimum });
      assert.equal((await createOrder(app, user, 10_000)).statusCode, 201);
      assert.deepEqual((await createOrder(app, user, 10_000.01)).json(), { message: topUpMessages.maximum });
    });

    it('answers 502 with a message when BTCPay fails, marking the order failed', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      btcpay.failWith = 500;
      const response = await createOrder(app, user, 50);
      assert.equal(response.statusCode, 502);
      assert.deepEqual(response.json(), { message: topUpMessages.providerDown });
      const orders = await app.db.selectFrom('payment_orders').select(['status', 'invoice_id']).execute();
      assert.deepEqual(orders, [{ status: 'failed', invoice_id: null }]);
    });

    it('needs a session', async (t) => {
      const app = await buildWithSandbox(t, backend);
      const user = await signedInUser(app);
      const anonymous = await app.inject({ method: 'POST', url: '/api/orders', payload: { amount: 50, currency: 'USD' } });
      assert.equal(anonymous.statusCode, 401);
      for (const url of [`/api/orders/${user.id}`, `/api/payments/topups/${user.id}`]) {
        assert.equal((await app.inject({ method: 'GET', url })).statusCode, 401, url);
      }
    });

    it('lists the own orders and top-ups, newest first; another user gets 403 and sees none of them', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      const alice = await signedInUser(app);
      const bob = await signedInUser(app);
      const first = await openInvoice(app, alice, 50);
      await btcpay.deliver(first, 'InvoiceSettled');
      const second = await openInvoice(app, alice, 25);
      await btcpay.deliver(second, 'InvoiceExpired');
      await openInvoice(app, bob, 70);

      const orders = (await injectWithLogin(app, alice.token, { method: 'GET', url: `/api/orders/${alice.id}` })).json<OrderRecord[]>();
      assert.deepEqual(
        orders.map(({ amount, status, invoiceId, provider, currency }) => ({ amount, status, invoiceId, provider, currency })),
        [
          { amount: 25, status: 'failed', invoiceId: second, provider: 'btcpay', currency: 'USD' },
          { amount: 50, status: 'completed', invoiceId: first, provider: 'btcpay', currency: 'USD' },
        ],
      );
      assert.ok(orders[1]?.completedAt && orders[0]?.completedAt === null);

      const topups = (await injectWithLogin(app, alice.token, { method: 'GET', url: `/api/payments/topups/${alice.id}` })).json<TopupRecord[]>();
      assert.deepEqual(
        topups.map(({ amount, status }) => ({ amount, status })),
        [
          { amount: 25, status: 'failed' },
          { amount: 50, status: 'completed' },
        ],
      );
      assert.deepEqual(Object.keys(topups[0] ?? {}).sort(), ['_id', 'amount', 'coin', 'createdAt', 'status', 'transactionId']);
      assert.ok(!Number.isNaN(Date.parse(topups[0]?.createdAt ?? '')));
      // No payment event named a coin or a transaction for these: the page shows a dash.
      assert.deepEqual(topups.map(({ coin, transactionId }) => ({ coin, transactionId })), [{ coin: null, transactionId: null }, { coin: null, transactionId: null }]);

      for (const url of [`/api/orders/${alice.id}`, `/api/payments/topups/${alice.id}`]) {
        const response = await injectWithLogin(app, bob.token, { method: 'GET', url });
        assert.equal(response.statusCode, 403, url);
        assert.doesNotMatch(response.body, new RegExp(first));
      }
      const bobsOwn = (await injectWithLogin(app, bob.token, { method: 'GET', url: `/api/orders/${bob.id}` })).json<OrderRecord[]>();
      assert.deepEqual(bobsOwn.map((order) => order.amount), [70]);
      assert.equal(await balanceCents(app, bob.id), 0);
    });
  });
}
