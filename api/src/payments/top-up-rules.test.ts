import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dollarsToCents as toCents } from 'contract/money';
import { topUpMessages, topUpProblem } from './top-up-rules.ts';

describe('top-up rules', () => {
  it('reads dollars with up to two decimals as exact cents', () => {
    assert.equal(toCents(50), 5000);
    assert.equal(toCents(0.1 + 0.2), 30);
    assert.equal(toCents(19.99), 1999);
    assert.equal(toCents(10_000), 1_000_000);
    assert.equal(toCents(20.005), null);
    assert.equal(toCents(1e-7), null);
  });

  it('asks a new user for at least $50, then at least $20, never more than $10,000', () => {
    assert.equal(topUpProblem(4999, false), topUpMessages.firstMinimum);
    assert.equal(topUpProblem(2000, false), topUpMessages.firstMinimum);
    assert.equal(topUpProblem(5000, false), null);
    assert.equal(topUpProblem(1999, true), topUpMessages.minimum);
    assert.equal(topUpProblem(2000, true), null);
    assert.equal(topUpProblem(1_000_000, true), null);
    assert.equal(topUpProblem(1_000_001, true), topUpMessages.maximum);
    assert.equal(topUpProblem(1_000_001, false), topUpMessages.maximum);
  });

  it('says the limits in dollars', () => {
    assert.equal(topUpMessages.firstMinimum, 'Your first top-up must be at least $50.00.');
    assert.equal(topUpMessages.minimum, 'The minimum top-up is $20.00.');
    assert.equal(topUpMessages.maximum, 'The maximum top-up is $10000.00 per order.');
  });
});
