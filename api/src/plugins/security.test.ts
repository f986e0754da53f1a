import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { describe, it } from 'node:test';
import { findInvalidText } from '../http/invalid-text.ts';
import { backends, build, openTestDatabase, testEnvironment } from '../test/helpers.ts';
import { HSTS } from './security.ts';

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

    it('keeps shops with different REDIS_PREFIX apart on one Redis', async (t) => {
      const database = await openTestDatabase(backend);
      const shared = { redisUrl: testEnvironment.redisUrl, rateLimit: { max: 1, windowMs: 60_000 } };
      const prefix = `test-${randomInt(1e9)}:`;
      const a = await build(t, backend, { database, config: { ...shared, redisPrefix: `${prefix}a:` } });
      const b = await build(t, backend, { database, config: { ...shared, redisPrefix: `${prefix}b:` } });
      const sameAsA = await build(t, backend, { database, config: { ...shared, redisPrefix: `${prefix}a:` } });
      t.after(() => database.close());
      const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const verify = { method: 'POST' as const, url: '/api/auth/verify', payload: { token: 'x' }, remoteAddress };
      assert.equal((await a.inject(verify)).statusCode, 200);
      assert.equal((await b.inject(verify)).statusCode, 200, 'another prefix counts on its own');
      assert.equal((await sameAsA.inject(verify)).statusCode, 429, 'the same prefix shares the count');
    });
  });
}

describe('security headers', () => {
  it("puts helmet's headers with the portal's CSP on every response: API answers, errors and 404s alike", async (t) => {
    const app = await build(t, 'pglite');
    for (const url of ['/api/health', '/api/proxy/states', '/api/no-such-route', '/api/users/forgot%00']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
      // The same rule as frame-ancestors 'none': never framed, not even by the portal itself.
      assert.equal(response.headers['x-frame-options'], 'DENY', url);
      assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin', url);
      assert.match(String(response.headers['content-security-policy']), /^default-src 'self';.*frame-ancestors 'none'$/, url);
      // Plain HTTP: no HSTS.
      assert.equal(response.headers['strict-transport-security'], undefined, url);
    }
  });

  it('sends HSTS only when the request came over HTTPS through a trusted proxy', async (t) => {
    const trusting = await build(t, 'pglite', { config: { trustProxy: '10.0.0.0/8' } });
    const viaProxy = { method: 'GET' as const, url: '/api/health', remoteAddress: '10.0.0.5' };
    const https = await trusting.inject({ ...viaProxy, headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(https.headers['strict-transport-security'], HSTS);
    const http = await trusting.inject({ ...viaProxy, headers: { 'x-forwarded-proto': 'http' } });
    assert.equal(http.headers['strict-transport-security'], undefined);
    // A client that is not the trusted proxy cannot claim HTTPS.
    const spoofed = await trusting.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(spoofed.headers['strict-transport-security'], undefined);
    const untrusting = await build(t, 'pglite');
    const ignored = await untrusting.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(ignored.headers['strict-transport-security'], undefined);
  });

  it("puts them on socket.io's own answers too: polling handshakes and its errors", async (t) => {
    const app = await build(t, 'pglite', { config: { trustProxy: true } });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    for (const [path, headers] of [
      ['/socket.io/?EIO=4&transport=polling', {}],
      ['/socket.io/?EIO=4&transport=polling&sid=unknown', {}],
      ['/socket.io/?EIO=4&transport=polling', { 'x-forwarded-proto': 'https' }],
    ] as const) {
      const response = await fetch(`${base}${path}`, { headers });
      await response.text();
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(response.headers.get('x-frame-options'), 'DENY', path);
      assert.match(String(response.headers.get('content-security-policy')), /frame-ancestors 'none'/, path);
      assert.equal(response.headers.get('strict-transport-security'), 'x-forwarded-proto' in headers ? HSTS : null, path);
    }
  });
});

describe('text no route can store', () => {
  it('finds NUL characters and unpaired surrogates in strings and keys, however deep', () => {
    assert.equal(findInvalidText({ a: 'fine', b: ['ok', { c: 'x\u0000y' }] }, 'body'), 'body/b/1/c');
    assert.equal(findInvalidText({ name: 'half \uD800 a pair' }, 'body'), 'body/name');
    assert.equal(findInvalidText({ ['key\u0000rest']: 1 }, 'body'), 'body/key');
    assert.equal(findInvalidText({ emoji: '\u{1F600} fine', accents: 'Zoë' }, 'body'), null);
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    assert.match(String(findInvalidText(deep, 'body')), /^body(\/0)+$/);
  });

  it('answers 400 naming the place, on public and signed-in routes, in body, path and query', async (t) => {
    const app = await build(t, 'pglite');
    const cases = [
      { method: 'POST' as const, url: '/api/users/forgot', payload: { email: 'a\u0000@example.com' }, where: 'body/email' },
      { method: 'POST' as const, url: '/api/auth/login', payload: { username: 'x\uDC00', password: 'Valid-Pass1', captcha: 'c' }, where: 'body/username' },
      { method: 'GET' as const, url: '/api/health?probe=%00', where: 'query/probe' },
      { method: 'GET' as const, url: '/api/payments/sandbox/checkout/sandbox_%00', where: 'params/invoiceId' },
      { method: 'POST' as const, url: '/api/payments/sandbox/checkout/sandbox_%00/confirm', where: 'params/invoiceId' },
    ];
    for (const { where, ...request } of cases) {
      const response = await app.inject(request);
      assert.equal(response.statusCode, 400, `${request.url}: ${response.body}`);
      assert.deepEqual(response.json(), { message: `${where} contains a NUL character or invalid Unicode text` });
    }
  });
});
