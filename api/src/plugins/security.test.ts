import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { describe, it } from 'node:test';
import { backends, build, openTestDatabase, testEnvironment } from '../test/helpers.ts';

for (const backend of backends) {
  describe(`rate limits across instances over Redis (${backend})`, () => {
    it('counts one IP on every instance together', async (t) => {
      const database = await openTestDatabase(backend);
      const config = { redisUrl: testEnvironment.redisUrl, rateLimit: { max: 2, windowMs: 60_000 } };
      const a = await build(t, backend, { database, config });
      const b = await build(t, backend, { database, config });
      t.after(() => database.close());
      // A fresh address per run: the counts live in the shared Redis for the whole window.
      const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const verify = { method: 'POST' as const, url: '/api/auth/verify', payload: { token: 'x' }, remoteAddress };
      assert.equal((await a.inject(verify)).statusCode, 200);
      assert.equal((await b.inject(verify)).statusCode, 200);
      const third = await a.inject(verify);
      assert.equal(third.statusCode, 429);
      assert.ok(Number(third.headers['retry-after']) > 0);
      assert.match(third.json().message, /^Too many requests/);
    });
  });
}

describe('security headers', () => {
  it("puts helmet's headers with the portal's CSP on every response: API answers, errors and 404s alike", async (t) => {
    const app = await build(t, 'pglite');
    for (const url of ['/api/health', '/api/proxy/states', '/api/no-such-route']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN', url);
      assert.equal(response.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', url);
      assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin', url);
      assert.match(String(response.headers['content-security-policy']), /^default-src 'self';.*frame-ancestors 'none'$/, url);
    }
  });
});
