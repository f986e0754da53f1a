import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoAddress, demoCoinAmount, renderSandboxCheckout, renderSandboxNotFound, type SandboxCheckoutView } from './sandbox-checkout-page.ts';

const view: SandboxCheckoutView = {
  invoiceId: 'sandbox_abcdefghijklmnop',
  amountCents: 5000,
  status: 'pending',
  pagePath: '/api/payments/sandbox/checkout/sandbox_abcdefghijklmnop',
  stylesheetPath: '/api/payments/sandbox/checkout.css',
  returnUrl: 'http://127.0.0.1:8080/payments',
};

describe('sandbox checkout page', () => {
  it('computes coin amounts at the fixed demo rates, rounded up to 8 decimals', () => {
    assert.equal(demoCoinAmount(5000, 'BTC'), '0.00050000');
    assert.equal(demoCoinAmount(5000, 'LTC'), '0.50000000');
    assert.equal(demoCoinAmount(1_000_000, 'LTC'), '100.00000000');
    assert.equal(demoCoinAmount(1, 'BTC'), '0.00000010');
    assert.equal(demoCoinAmount(3333, 'BTC'), '0.00033330');
  });

  it('shows test mode, the order amount, both coins with demo amount and an address that is obviously fake', () => {
    const html = renderSandboxCheckout(view);
    assert.match(html, /TEST MODE/);
    assert.match(html, /<p class="amount">\$50\.00<\/p>/);
    assert.match(html, /Bitcoin \(BTC\)/);
    assert.match(html, /Litecoin \(LTC\)/);
    assert.match(html, /0\.00050000 BTC<\/strong> \(demo rate \$100000\.00 per BTC\)/);
    assert.match(html, /0\.50000000 LTC<\/strong> \(demo rate \$100\.00 per LTC\)/);
    assert.equal(demoAddress(view.invoiceId, 'BTC'), 'TEST-MODE-BTC-NOT-A-REAL-ADDRESS-ghijklmnop');
    assert.ok(html.includes(demoAddress(view.invoiceId, 'LTC')));
    assert.match(html, /<form method="post" action="\/api\/payments\/sandbox\/checkout\/sandbox_abcdefghijklmnop\/confirm">/);
    assert.match(html, /formaction="\/api\/payments\/sandbox\/checkout\/sandbox_abcdefghijklmnop\/expire"/);
    assert.match(html, /<link rel="stylesheet" href="\/api\/payments\/sandbox\/checkout.css">/);
  });

  it('carries no inline script or style (the CSP forbids them)', () => {
    for (const html of [renderSandboxCheckout(view), renderSandboxCheckout({ ...view, status: 'completed' }), renderSandboxNotFound(view)]) {
      assert.doesNotMatch(html, /<script|<style|\sstyle=|\son[a-z]+=/i);
    }
  });

  it('offers no payment once the invoice is paid or expired', () => {
    const paid = renderSandboxCheckout({ ...view, status: 'completed' });
    assert.match(paid, /Test payment confirmed/);
    assert.doesNotMatch(paid, /<form/);
    const expired = renderSandboxCheckout({ ...view, status: 'failed' });
    assert.match(expired, /expired/);
    assert.doesNotMatch(expired, /<form/);
  });

  it('escapes whatever it echoes', () => {
    const html = renderSandboxCheckout({ ...view, invoiceId: '<img src=x>"', returnUrl: 'http://x/"><b>' });
    assert.doesNotMatch(html, /<img|<b>/);
    assert.match(html, /&lt;img src=x&gt;&quot;/);
  });
});
