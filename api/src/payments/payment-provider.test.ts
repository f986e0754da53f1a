import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { centsToDecimalString } from './payment-provider.ts';

describe('centsToDecimalString', () => {
  it('writes cents as a two-decimal string without float rounding', () => {
    assert.equal(centsToDecimalString(5000), '50.00');
    assert.equal(centsToDecimalString(5), '0.05');
    assert.equal(centsToDecimalString(1_000_000), '10000.00');
    assert.equal(centsToDecimalString(1999), '19.99');
    assert.equal(centsToDecimalString(-250), '-2.50');
  });
});
