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
