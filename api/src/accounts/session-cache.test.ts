import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SessionCache } from './session-cache.ts';
import type { SessionUser } from './sessions.ts';

const user = (n: number): SessionUser => ({ id: `user-${n}`, username: `u${n}`, email: `u${n}@example.com`, sessionId: `session-${n}` });
const NOW = 1_000_000;
const FAR = NOW + 3_600_000;

describe('SessionCache', () => {
  it('keeps a checked token for the TTL, and never past the token expiry', () => {
    const cache = new SessionCache(2000);
    cache.set('a', user(1), FAR, cache.revocations, NOW);
    cache.set('b', user(2), NOW + 500, cache.revocations, NOW);
    assert.deepEqual(cache.get('a', NOW + 1999), user(1));
    assert.equal(cache.get('a', NOW + 2000), null);
    assert.deepEqual(cache.get('b', NOW + 499), user(2));
    assert.equal(cache.get('b', NOW + 500), null);
    assert.equal(cache.get('unknown', NOW), null);
  });

  it("forgets every token of an ended session and nobody else's", () => {
    const cache = new SessionCache(2000);
    cache.set('a1', user(1), FAR, cache.revocations, NOW);
    cache.set('a2', user(1), FAR, cache.revocations, NOW);
    cache.set('b', user(2), FAR, cache.revocations, NOW);
    cache.forget(['session-1']);
    assert.equal(cache.get('a1', NOW), null);
    assert.equal(cache.get('a2', NOW), null);
    assert.deepEqual(cache.get('b', NOW), user(2));
    cache.clear();
    assert.equal(cache.get('b', NOW), null);
  });

  it('refuses an answer checked before a revocation, which may have read a row that is gone', () => {
    const cache = new SessionCache(2000);
    const before = cache.revocations;
    cache.forget(['session-9']);
    cache.set('a', user(1), FAR, before, NOW);
    assert.equal(cache.get('a', NOW), null);
    cache.set('a', user(1), FAR, cache.revocations, NOW);
    assert.deepEqual(cache.get('a', NOW), user(1));
  });

  it('stays bounded, dropping the oldest entries first', () => {
    const cache = new SessionCache(60_000);
    for (let i = 0; i < 10_005; i++) cache.set(`t${i}`, user(i), FAR, cache.revocations, NOW);
    assert.equal(cache.size, 10_000);
    assert.equal(cache.get('t0', NOW), null);
    assert.equal(cache.get('t4', NOW), null);
    assert.deepEqual(cache.get('t5', NOW), user(5));
    assert.deepEqual(cache.get('t10004', NOW), user(10004));
  });
});
