import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { isValidWebhookSignature, signWebhookBody } from './webhook-signature.ts';

const secret = 'whsec-test';
const body = Buffer.from('{"type":"InvoiceSettled","invoiceId":"inv_1"}');

describe('webhook signature', () => {
  it('signs as BTCPay does: sha256= and the hex HMAC-SHA256 of the raw bytes', () => {
    const expected = 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
    assert.equal(signWebhookBody(body, secret), expected);
    assert.equal(signWebhookBody(body.toString('utf8'), secret), expected);
  });

  it('accepts the correct signature, also with an upper-case hex digest', () => {
    const header = signWebhookBody(body, secret);
    assert.equal(isValidWebhookSignature(body, header, secret), true);
    assert.equal(isValidWebhookSignature(body, 'sha256=' + header.slice(7).toUpperCase(), secret), true);
  });

  it('rejects a missing, malformed, truncated or wrongly keyed signature', () => {
    const good = signWebhookBody(body, secret);
    for (const header of [
      undefined,
      '',
      'sha256=',
      good.slice(7),
      'sha1=' + good.slice(7),
      good.slice(0, -2),
      good + '00',
      good.slice(0, -1) + 'g',
      signWebhookBody(body, 'another-secret'),
    ]) {
      assert.equal(isValidWebhookSignature(body, header, secret), false, String(header));
    }
  });

  it('rejects a signature over different bytes, even if the JSON means the same', () => {
    const header = signWebhookBody(body, secret);
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    assert.equal(isValidWebhookSignature(reformatted, header, secret), false);
  });

  it('never validates against an empty secret', () => {
    assert.equal(isValidWebhookSignature(body, signWebhookBody(body, ''), ''), false);
  });
});
