import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { io as connectSocket } from 'socket.io-client';
import type { OrderRecord, TopupRecord } from 'contract/payments';
import { BALANCE_EVENT, type BalanceEvent } from 'contract/realtime';
import { buildInvoiceEvent, paymentOf, type BtcpayInvoiceEvent } from '../../../payments/btcpay/btcpay-event.ts';
import { topupReference } from '../../../payments/crediting.ts';
import {
  assertMoneyInvariant,
  balanceCents,
  buildWithBtcpay,
  ledgerRows,
  openInvoice,
  signedInUser,
  WEBHOOK_SECRET,
} from '../../../test/payments-kit.ts';
import { signWebhookBody } from '../../../payments/webhook-signature.ts';
import { backends, injectWithLogin } from '../../../test/helpers.ts';
import { webhookMessages } from './webhook.ts';

async function orderStatus(app: Awaited<ReturnType<typeof buildWithBtcpay>>['app'], invoiceId: string) {
  const row = await app.db.selectFrom('payment_orders').select('status').where('invoice_id', '=', invoiceId).executeTakeFirstOrThrow();
  return row.status;
}

for (const backend of backends) {
  describe(`BTCPay webhook on ${backend}`, () => {
    afterEach(assertMoneyInvariant);

    it('InvoiceSettled completes the order, credits the balance once and tells the user over the socket', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      const invoiceId = await openInvoice(app, user, 50);
      assert.equal(await orderStatus(app, invoiceId), 'pending');

      const port = (app.server.address() as AddressInfo).port;
      const socket = connectSocket(`http://127.0.0.1:${port}`, { path: '/socket.io', auth: { token: user.token }, transports: ['websocket'] });
      t.after(() => socket.disconnect());
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const balanceEvent = new Promise<BalanceEvent>((resolve) => socket.once(BALANCE_EVENT, resolve));

      const { status } = await btcpay.deliver(invoiceId, 'InvoiceSettled');
      assert.equal(status, 200);
      assert.deepEqual(await balanceEvent, { _id: user.id });

      assert.equal(await orderStatus(app, invoiceId), 'completed');
      assert.equal(await balanceCents(app, user.id), 5000);
      assert.deepEqual(await ledgerRows(app, user.id), [{ kind: 'topup', amount_cents: 5000, reference: topupReference(invoiceId) }]);
      const details = await injectWithLogin(app, user.token, { method: 'GET', url: `/api/users/${user.id}` });
      assert.equal(details.json<{ balance: number }>().balance, 50);
    });

    it('a webhook with a missing, malformed or wrong signature gets 401 and credits nothing', async (t) => {
      const { app } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      const invoiceId = await openInvoice(app, user, 50);
      const raw = JSON.stringify(buildInvoiceEvent({ type: 'InvoiceSettled', storeId: 's', invoiceId, webhookId: 'w' }));
      const tampered = raw.replace('"isRedelivery":false', '"isRedelivery":true');

      for (const [label, signature, body] of [
        ['missing', undefined, raw],
        ['empty', '', raw],
        ['not hex', 'sha256=nothex', raw],
        ['wrong secret', signWebhookBody(raw, 'not-the-secret'), raw],
        ['signature of another body', signWebhookBody(raw, WEBHOOK_SECRET), tampered],
        ['bare hex without the sha256= prefix', signWebhookBody(raw, WEBHOOK_SECRET).slice(7), raw],
      ] as const) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/payments/webhook/btcpay',
          headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'btcpay-sig': signature }) },
          payload: body,
        });
        assert.equal(response.statusCode, 401, label);
        assert.deepEqual(response.json(), { message: webhookMessages.badSignature }, label);
      }
      assert.equal(await orderStatus(app, invoiceId), 'pending');
      assert.equal(await balanceCents(app, user.id), 0);
      assert.deepEqual(await ledgerRows(app, user.id), []);
    });

    it('the same settled invoice delivered 100 times, in a row and concurrently, credits exactly once', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      const invoiceId = await openInvoice(app, user, 120);

      const concurrent = await Promise.all(Array.from({ length: 50 }, () => btcpay.deliver(invoiceId, 'InvoiceSettled')));
      assert.ok(concurrent.every((delivery) => delivery.status === 200));
      const first = concurrent[0];
      assert.ok(first);
      for (let i = 0; i < 25; i += 1) assert.equal((await btcpay.redeliver(first.event)).status, 200);
      const redeliveries = await Promise.all(Array.from({ length: 25 }, () => btcpay.redeliver(first.event)));
      assert.ok(redeliveries.every((delivery) => delivery.status === 200));

      assert.equal(await balanceCents(app, user.id), 12_000);
      assert.equal((await ledgerRows(app, user.id)).length, 1);
    });

    it('InvoiceExpired and InvoiceInvalid mark the order failed and credit nothing, also when redelivered', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      const expired = await openInvoice(app, user, 50);
      const invalid = await openInvoice(app, user, 60);

      const delivery = await btcpay.deliver(expired, 'InvoiceExpired');
      assert.equal(delivery.status, 200);
      assert.equal((await btcpay.redeliver(delivery.event)).status, 200);
      assert.equal((await btcpay.deliver(invalid, 'InvoiceInvalid')).status, 200);

      assert.equal(await orderStatus(app, expired), 'failed');
      assert.equal(await orderStatus(app, invalid), 'failed');
      assert.equal(await balanceCents(app, user.id), 0);
      assert.deepEqual(await ledgerRows(app, user.id), []);
    });

    it('stores the coin and transaction id a payment event reports, before or after the invoice settles; older orders have none', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      const topups = async () => (await injectWithLogin(app, user.token, { method: 'GET', url: `/api/payments/topups/${user.id}` })).json<TopupRecord[]>();
      const before = await openInvoice(app, user, 50);
      const after = await openInvoice(app, user, 60);
      const untold = await openInvoice(app, user, 70);
      const btcTx = 'a'.repeat(63) + '1';
      const ltcTx = 'b'.repeat(63) + '2';
      // Paid in Bitcoin, the payment reported before the invoice settles (BTCPay's usual order).
      assert.equal((await btcpay.deliver(before, 'InvoicePaymentSettled', { coin: 'BTC', transactionId: btcTx })).status, 200);
      assert.equal(await orderStatus(app, before), 'pending');
      assert.equal(await balanceCents(app, user.id), 0);
      assert.equal((await btcpay.deliver(before, 'InvoiceSettled')).status, 200);
      // Paid in Litecoin, the payment's event arriving after the invoice's.
      assert.equal((await btcpay.deliver(after, 'InvoiceSettled')).status, 200);
      assert.equal((await btcpay.deliver(after, 'InvoicePaymentSettled', { coin: 'LTC', transactionId: ltcTx })).status, 200);
      // Settled without a payment event (as every order before the processor reported them).
      assert.equal((await btcpay.deliver(untold, 'InvoiceSettled')).status, 200);
      assert.equal(await balanceCents(app, user.id), 18000);
      const shown = Object.fromEntries((await topups()).map((topup) => [topup.amount, { coin: topup.coin, transactionId: topup.transactionId, status: topup.status }]));
      assert.deepEqual(shown, {
        50: { coin: 'BTC', transactionId: btcTx, status: 'completed' },
        60: { coin: 'LTC', transactionId: ltcTx, status: 'completed' },
        70: { coin: null, transactionId: null, status: 'completed' },
      });
      // A payment event redelivered changes nothing more.
      assert.equal((await btcpay.deliver(before, 'InvoicePaymentSettled', { coin: 'BTC', transactionId: btcTx })).status, 200);
      assert.equal(await balanceCents(app, user.id), 18000);
    });

    it('events that are not final (created, processing, payment received) change nothing', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      const invoiceId = await openInvoice(app, user, 50);
      assert.equal((await btcpay.deliver(invoiceId, 'InvoiceReceivedPayment')).status, 200);
      assert.equal((await btcpay.deliver(invoiceId, 'InvoiceProcessing')).status, 200);
      assert.equal(await orderStatus(app, invoiceId), 'pending');
      assert.equal(await balanceCents(app, user.id), 0);
    });

    it('a late settlement after expiry credits once and marks the order late; an expiry after settlement does not undo it', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      const onTime = await openInvoice(app, user, 50);
      await btcpay.deliver(onTime, 'InvoiceSettled');
      const invoiceId = await openInvoice(app, user, 75);
      await btcpay.deliver(invoiceId, 'InvoiceExpired');
      assert.equal(await orderStatus(app, invoiceId), 'failed');
      await btcpay.deliver(invoiceId, 'InvoiceSettled');
      await btcpay.deliver(invoiceId, 'InvoiceSettled');
      await btcpay.deliver(invoiceId, 'InvoiceExpired');
      await btcpay.deliver(invoiceId, 'InvoiceInvalid');
      assert.equal(await orderStatus(app, invoiceId), 'completed');
      assert.equal(await balanceCents(app, user.id), 12_500);
      assert.equal((await ledgerRows(app, user.id)).length, 2);

      const late = await app.db.selectFrom('payment_orders').select(['invoice_id', 'settled_late']).where('settled_late', '=', true).execute();
      assert.deepEqual(late, [{ invoice_id: invoiceId, settled_late: true }], 'only the late one is marked, in the table the operator reads');
      const orders = (await injectWithLogin(app, user.token, { method: 'GET', url: `/api/orders/${user.id}` })).json<OrderRecord[]>();
      assert.deepEqual(
        orders.map((order) => [order.invoiceId, order.status, order.settledLate]),
        [
          [invoiceId, 'completed', true],
          [onTime, 'completed', false],
        ],
      );
    });

    it('a signed event about an invoice we never issued gets 404 (BTCPay retries it) and credits nothing', async (t) => {
      const { app } = await buildWithBtcpay(t, backend);
      const user = await signedInUser(app);
      const raw = JSON.stringify(buildInvoiceEvent({ type: 'InvoiceSettled', storeId: 's', invoiceId: 'not-ours', webhookId: 'w' }));
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook/btcpay',
        headers: { 'content-type': 'application/json', 'btcpay-sig': signWebhookBody(raw, WEBHOOK_SECRET) },
        payload: raw,
      });
      assert.equal(response.statusCode, 404);
      assert.equal(await balanceCents(app, user.id), 0);
    });

    it('a correctly signed body that is not an invoice event is a 400', async (t) => {
      const { app } = await buildWithBtcpay(t, backend);
      const settled = (invoiceId: string) => JSON.stringify({ type: 'InvoiceSettled', invoiceId, storeId: 'store', deliveryId: 'd', webhookId: 'w', isRedelivery: false, timestamp: 1 });
      for (const raw of ['not json', '[]', '{"type":"InvoiceSettled"}', '{"invoiceId":"x"}', settled('inv\u0000x'), settled('\uD800')]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/payments/webhook/btcpay',
          headers: { 'content-type': 'application/json', 'btcpay-sig': signWebhookBody(raw, WEBHOOK_SECRET) },
          payload: raw,
        });
        assert.equal(response.statusCode, 400, raw);
        assert.deepEqual(response.json(), { message: webhookMessages.notAnEvent });
      }
    });

    it('only the configured provider has a webhook: the sandbox path does not exist with btcpay', async (t) => {
      const { app } = await buildWithBtcpay(t, backend);
      const response = await app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox', headers: { 'content-type': 'application/json' }, payload: '{}' });
      assert.equal(response.statusCode, 404);
    });
  });
}

describe('the payment a BTCPay event reports', () => {
  const event = (fields: Record<string, unknown>) => ({ type: 'InvoicePaymentSettled', invoiceId: 'i', ...fields }) as unknown as BtcpayInvoiceEvent;
  const tx = 'c0ffee'.repeat(10) + 'beef';

  it('reads BTCPay 2 (paymentMethodId) and BTCPay 1 (paymentMethod), dropping the output index of an on-chain payment id', () => {
    assert.deepEqual(paymentOf(event({ paymentMethodId: 'BTC-CHAIN', payment: { id: `${tx}-1` } })), { coin: 'BTC', transactionId: tx });
    assert.deepEqual(paymentOf(event({ paymentMethod: 'LTC', payment: { id: `${tx}-0` } })), { coin: 'LTC', transactionId: tx });
    assert.deepEqual(paymentOf(event({ paymentMethod: 'ltc_OnChain', payment: { id: tx } })), { coin: 'LTC', transactionId: tx });
  });

  it('ignores a coin the shop does not take, a missing payment and an id that is no transaction id', () => {
    assert.equal(paymentOf(event({ paymentMethodId: 'XMR-CHAIN', payment: { id: tx } })), null);
    assert.equal(paymentOf(event({ paymentMethodId: 'BTC-CHAIN' })), null);
    assert.equal(paymentOf(event({ paymentMethodId: 'BTC-CHAIN', payment: { id: '<script>' } })), null);
    assert.equal(paymentOf(event({ paymentMethodId: 'BTC-CHAIN', payment: { id: 'x'.repeat(129) } })), null);
    assert.equal(paymentOf(event({ payment: { id: tx } })), null);
  });
});
