import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { toJsonBody } from '../http/json-body.ts';
import { MarketCache } from './market-cache.ts';

const text = async (body: Promise<{ text: string }>) => (await body).text;

describe('MarketCache', () => {
  it('serves a fresh entry without loading again and shares one load between concurrent misses', async () => {
    const cache = new MarketCache(1000);
    let loads = 0;
    const load = async () => JSON.stringify({ n: ++loads });
    const [a, b] = await Promise.all([text(cache.text('k', load)), text(cache.text('k', load))]);
    assert.equal(a, '{"n":1}');
    assert.equal(b, '{"n":1}');
    assert.equal(await text(cache.text('k', load)), '{"n":1}');
    assert.equal(loads, 1);
  });

  it('after the ttl answers with the previous value once while refreshing, then with the new one', async () => {
    mock.timers.enable({ apis: ['Date'], now: 0 });
    try {
      const cache = new MarketCache(1000);
      let value = 1;
      const load = async () => String(value);
      assert.equal(await text(cache.text('k', load)), '1');
      value = 2;
      mock.timers.tick(1500);
      assert.equal(await text(cache.text('k', load)), '1');
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(await text(cache.text('k', load)), '2');
      value = 3;
      mock.timers.tick(10_000);
      assert.equal(await text(cache.text('k', load)), '3', 'too old to serve: waits for the load');
    } finally {
      mock.timers.reset();
    }
  });

  it('forgets everything on clear, and a failed load is not kept', async () => {
    const cache = new MarketCache(1000);
    assert.equal(await text(cache.json('k', async () => [1])), '[1]');
    cache.clear();
    assert.equal(await text(cache.json('k', async () => [2])), '[2]');
    await assert.rejects(cache.text('x', async () => Promise.reject(new Error('db down'))));
    assert.equal(await text(cache.text('x', async () => 'ok')), 'ok');
  });

  it('keeps large bodies gzipped as well, small ones only as text', async () => {
    const cache = new MarketCache(1000);
    const big = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: String(i), isp: 'Comcast Cable' })));
    const body = await cache.text('big', async () => big);
    assert.ok(body.gzip && body.gzip.length < big.length / 5);
    assert.equal(gunzipSync(body.gzip).toString(), big);
    assert.equal((await cache.text('small', async () => '[]')).gzip, null);
  });

  it('keeps the previous body (and so its gzip) when a refresh finds the same text', async () => {
    mock.timers.enable({ apis: ['Date'], now: 0 });
    try {
      const cache = new MarketCache(1000);
      let loads = 0;
      const load = async () => {
        loads += 1;
        return '[1]';
      };
      const first = await cache.text('k', load);
      mock.timers.tick(1500);
      assert.equal(await cache.text('k', load), first);
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(loads, 2);
      assert.equal(await cache.text('k', load), first, 'the same body object, nothing compressed again');
    } finally {
      mock.timers.reset();
    }
  });

  it('compresses a body again only when its text changed', async () => {
    const big = 'a'.repeat(20_000);
    const previous = await toJsonBody(big);
    assert.equal(await toJsonBody(big, previous), previous);
    const changed = await toJsonBody('b'.repeat(20_000), previous);
    assert.notEqual(changed, previous);
    assert.equal(gunzipSync(changed.gzip ?? Buffer.alloc(0)).toString(), 'b'.repeat(20_000));
  });

  it('with a ttl of 0 always loads', async () => {
    const cache = new MarketCache(0);
    let loads = 0;
    await text(cache.text('k', async () => String(++loads)));
    await text(cache.text('k', async () => String(++loads)));
    assert.equal(loads, 2);
  });
});
