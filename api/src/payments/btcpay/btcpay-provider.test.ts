import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PaymentProviderError } from '../payment-provider.ts';
import { BTCPAY_PAYMENT_METHODS, createBtcpayProvider, type BtcpaySettings } from './btcpay-provider.ts';
import { startFakeBtcpay, type FakeBtcpay } from '../../test/fake-btcpay-server.ts';

describe('BTCPay provider against a fake BTCPay Server', () => {
  let btcpay: FakeBtcpay;
  let settings: BtcpaySettings;

  before(async () => {
    btcpay = await startFakeBtcpay({ webhookUrl: () => 'http://127.0.0.1:1/unused', webhookSecret: 'unused' });
    settings = {
      url: btcpay.url + '/',
      storeId: btcpay.storeId,
      apiKey: btcpay.apiKey,
      webhookSecret: 'whsec',
      redirectUrl: 'https://shop.example/payments',
    };
  });
  after(() => btcpay.close());

  it('creates a USD invoice for BTC and LTC on chain, tagged with the order, and returns its checkout link', async () => {
    const provider = createBtcpayProvider(settings);
    const checkout = await provider.createCheckout({ orderId: 'order-1', amountCents: 5005, currency: 'USD' });

    const invoice = btcpay.invoices.get(checkout.invoiceId);
    assert.ok(invoice, 'the invoice exists on the BTCPay side');
    assert.equal(checkout.checkoutUrl, invoice.checkoutLink);
    assert.match(checkout.checkoutUrl, /^http:\/\/127\.0\.0\.1:\d+\/i\//);
    assert.deepEqual(btcpay.createRequests.at(-1), {
      amount: '50.05',
      currency: 'USD',
      metadata: { orderId: 'order-1' },
      checkout: { paymentMethods: [...BTCPAY_PAYMENT_METHODS], redirectURL: 'https://shop.example/payments', redirectAutomatically: true },
    });
    assert.deepEqual([...BTCPAY_PAYMENT_METHODS], ['BTC-CHAIN', 'LTC-CHAIN']);
  });

  it('fails with a provider error when the API key is wrong', async () => {
    const provider = createBtcpayProvider({ ...settings, apiKey: 'not-the-key' });
    await assert.rejects(provider.createCheckout({ orderId: 'o', amountCents: 2000, currency: 'USD' }), (error: unknown) => {
      assert.ok(error instanceof PaymentProviderError);
      assert.match(error.message, /401/);
      return true;
    });
  });

  it('fails with a provider error when the store is not the key\'s', async () => {
    const provider = createBtcpayProvider({ ...settings, storeId: 'SomeoneElsesStore' });
    await assert.rejects(provider.createCheckout({ orderId: 'o', amountCents: 2000, currency: 'USD' }), /403/);
  });

  it('fails with a provider error when BTCPay answers 5xx', async () => {
    btcpay.failWith = 503;
    try {
      const provider = createBtcpayProvider(settings);
      await assert.rejects(provider.createCheckout({ orderId: 'o', amountCents: 2000, currency: 'USD' }), PaymentProviderError);
    } finally {
      btcpay.failWith = null;
    }
  });

  it('fails with a provider error when BTCPay is unreachable', async () => {
    const provider = createBtcpayProvider({ ...settings, url: 'http://127.0.0.1:1' });
    await assert.rejects(provider.createCheckout({ orderId: 'o', amountCents: 2000, currency: 'USD' }), /unreachable/);
  });
});
