import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends, build, openTestDatabase } from '../../../test/helpers.ts';
import { redisServer } from '../../../test/redis-kit.ts';

for (const backend of backends) {
  describe(`GET /api/health (${backend})`, () => {
    it('answers {status: ok} for liveness, at /api/health and /api/health/live', async (t) => {
      const app = await build(t, backend);
      for (const url of ['/api/health', '/api/health/live']) {
        const response = await app.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 200, url);
        assert.deepEqual(response.json(), { status: 'ok' }, url);
      }
    });

    it('readiness says whether the database answers, while liveness stays ok', async (t) => {
      const database = await openTestDatabase(backend);
      const app = await build(t, backend, { database });
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(ready.json(), { status: 'ok', database: 'reachable', redis: 'not-configured' });
      await database.close();
      const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
      assert.equal(down.statusCode, 503);
      assert.deepEqual(down.json(), { status: 'unavailable', database: 'unreachable', redis: 'not-configured' });
      assert.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
    });

    it('readiness asks Redis too where it is configured: 503 while it is away, ready again once it is back', async (t) => {
      const redis = await redisServer();
      const app = await build(t, backend, { config: { redisUrl: redis.url } });
      // After the app's own close (hooks run in the order they were added): it says goodbye to Redis.
      t.after(() => redis.stop());
      const ready = async () => {
        const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
        return [response.statusCode, response.json<{ redis: string }>().redis];
      };
      assert.deepEqual(await ready(), [200, 'reachable']);
      await redis.stop();
      assert.deepEqual(await ready(), [503, 'unreachable']);
      await redis.start();
      const deadline = Date.now() + 30_000;
      while ((await ready())[0] !== 200) {
        assert.ok(Date.now() < deadline, 'ready again within 30 s of Redis coming back');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
  });
}

describe('GET /api/config', () => {
  it("tells the portal that payments run in test mode, or that they are real or off", async (t) => {
    const sandbox = await build(t, 'pglite');
    assert.deepEqual((await sandbox.inject({ method: 'GET', url: '/api/config' })).json(), { paymentsMode: 'sandbox' });
    const off = await build(t, 'pglite', { config: { payments: { provider: 'sandbox', sandboxEnabled: false } } });
    assert.deepEqual((await off.inject({ method: 'GET', url: '/api/config' })).json(), { paymentsMode: 'off' });
    const live = await build(t, 'pglite', {
      config: { payments: { provider: 'btcpay', btcpay: { url: 'http://127.0.0.1:9', storeId: 's', apiKey: 'k', webhookSecret: 'w' } } },
    });
    assert.deepEqual((await live.inject({ method: 'GET', url: '/api/config' })).json(), { paymentsMode: 'live' });
  });
});
