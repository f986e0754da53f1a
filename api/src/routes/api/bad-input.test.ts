// Every account route against hostile input: missing fields, wrong types, huge strings, broken JSON and a
// 2 MB body, NUL characters and broken Unicode. Always a 4xx with {message}, never a 5xx, and nothing written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { backends, build, login, openTestDatabase, register, rowCounts, solveCaptcha } from '../../test/helpers.ts';

interface RouteUnderTest {
  method: 'POST' | 'PUT' | 'GET';
  /** `param` replaces the route's path parameter (the signed-in user's id, or a reset token). */
  url: (ids: { userId: string; param?: string }) => string;
  /** A body of the right shape, to derive the broken variants from. */
  valid: Record<string, unknown> | null;
  signedIn: boolean;
}

const routes: RouteUnderTest[] = [
  { method: 'POST', url: () => '/api/auth/register', valid: { username: 'newname', email: 'new@example.com', password: 'Valid-Pass1' }, signedIn: false },
  { method: 'POST', url: () => '/api/auth/verify', valid: { token: 'payload' }, signedIn: false },
  { method: 'POST', url: () => '/api/auth/login', valid: { username: 'someone', password: 'Valid-Pass1', captcha: 'payload' }, signedIn: false },
  { method: 'POST', url: () => '/api/auth/logout', valid: null, signedIn: true },
  { method: 'GET', url: ({ userId, param }) => `/api/users/${param ?? userId}`, valid: null, signedIn: true },
  { method: 'POST', url: () => '/api/users/forgot', valid: { email: 'someone@example.com' }, signedIn: false },
  { method: 'POST', url: ({ param }) => `/api/users/reset/${param ?? 'sometoken'}`, valid: { password: 'Valid-Pass1' }, signedIn: false },
  {
    method: 'PUT',
    url: ({ userId, param }) => `/api/users/password/change/${param ?? userId}`,
    valid: { oldPassword: 'Valid-Pass1', newPassword: 'Valid-Pass2' },
    signedIn: true,
  },
  { method: 'POST', url: () => '/api/auth/login/2fa', valid: { challenge: 'challenge', code: '123456' }, signedIn: false },
  { method: 'POST', url: () => '/api/account/two-factor/setup', valid: { password: 'Valid-Pass1' }, signedIn: true },
  { method: 'POST', url: () => '/api/account/two-factor/enable', valid: { code: '123456' }, signedIn: true },
  { method: 'POST', url: () => '/api/account/two-factor/disable', valid: { password: 'Valid-Pass1', code: '123456' }, signedIn: true },
  { method: 'PUT', url: () => '/api/account/proxy-credentials', valid: { login: 'abcde', password: 'abcde' }, signedIn: true },
  { method: 'PUT', url: () => '/api/account/ip-allowlist', valid: { addresses: ['203.0.113.7'] }, signedIn: true },
  { method: 'POST', url: () => '/api/account/sign-out-everywhere', valid: null, signedIn: true },
];

const json = { 'content-type': 'application/json' };

function brokenBodies(route: RouteUnderTest): Array<{ label: string; options: Partial<InjectOptions> }> {
  const { valid } = route;
  // GET bodies are not read at all; those routes get the path parameter cases only.
  if (route.method === 'GET') return [];
  const cases: Array<{ label: string; options: Partial<InjectOptions> }> = [
    { label: 'invalid JSON', options: { headers: json, payload: '{"username": "abc", ' } },
    { label: '2 MB body', options: { headers: json, payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }) } },
    { label: 'JSON with an empty body', options: { headers: json, payload: '' } },
  ];
  if (valid === null) return cases;
  const fields = Object.keys(valid);
  cases.push(
    { label: 'no body', options: {} },
    { label: 'empty object', options: { payload: {} } },
    { label: 'array body', options: { headers: json, payload: '[]' } },
    { label: 'null body', options: { headers: json, payload: 'null' } },
    { label: 'plain text', options: { headers: { 'content-type': 'text/plain' }, payload: 'username=abc' } },
  );
  for (const field of fields) {
    const without = { ...valid };
    delete without[field];
    cases.push({ label: `missing ${field}`, options: { payload: without } });
    for (const [kind, value] of [
      ['number', 12345678],
      ['boolean', true],
      ['null', null],
      ['array', ['a']],
      ['object', { $ne: '' }],
      ['100 kB string', 'A1!a'.repeat(25_000)],
      ['10k string', 'A1!a'.repeat(2_500)],
      ['string with a NUL character', 'Valid-Pass1\u0000x'],
      ['string with an unpaired surrogate', 'Valid-Pass1\uD800x'],
    ] as const) {
      cases.push({ label: `${field} as ${kind}`, options: { payload: { ...valid, [field]: value } } });
    }
  }
  return cases;
}

for (const backend of backends) {
  describe(`bad input on every account route (${backend})`, () => {
    for (const route of routes) {
      it(`${route.method} ${route.url({ userId: ':userId' })}: 4xx with a message, nothing written`, async (t) => {
        const app = await build(t, backend);
        const user = await register(app);
        const token = await login(app, user);
        // A real captcha payload makes the login cases reach validation of everything else.
        const captcha = await solveCaptcha(app);
        const before = await rowCounts(app);
        const cases = brokenBodies(route);
        if (route.url({ userId: 'a' }) !== route.url({ userId: 'a', param: 'b' })) {
          for (const [label, param] of [
            ['huge path parameter', 'x'.repeat(5000)],
            ['encoded NUL in the path', '%00'],
            ['encoded NUL inside a path parameter', 'abc%00def'],
            ['encoded half of a surrogate pair in the path', '%ED%A0%80'],
            ['SQL in the path', "1'%20or%20'1'='1"],
          ] as const) {
            cases.push({ label, options: { url: route.url({ userId: user.id, param }), payload: route.valid ?? undefined } });
          }
        }
        for (const { label, options } of cases) {
          const payload =
            options.payload && typeof options.payload === 'object' && 'captcha' in options.payload && options.payload.captcha === 'payload'
              ? { ...options.payload, captcha }
              : options.payload;
          const response = await app.inject({
            method: route.method,
            url: route.url({ userId: user.id }),
            ...options,
            ...(payload === undefined ? {} : { payload }),
            headers: { ...options.headers, ...(route.signedIn ? { authorization: `Bearer ${token}` } : {}) },
          } as InjectOptions);
          assert.ok(response.statusCode >= 400 && response.statusCode < 500, `${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          const body = response.json();
          assert.equal(typeof body.message, 'string', label);
          assert.ok(body.message.length > 0 && body.message.length < 300, label);
          assert.doesNotMatch(response.body, /at .+\.ts:\d+|stack/i, label);
        }
        assert.deepEqual(await rowCounts(app), before);
      });
    }

    it('names the field in validation errors and answers 413 for a body over the limit', async (t) => {
      const app = await build(t, backend);
      const wrongType = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'someone', email: 42, password: 'Valid-Pass1' },
      });
      assert.equal(wrongType.statusCode, 400);
      assert.equal(wrongType.json().message, 'body/email must be string');
      const big = await app.inject({
        method: 'POST',
        url: '/api/users/forgot',
        headers: json,
        payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      });
      assert.equal(big.statusCode, 413);
      assert.equal(typeof big.json().message, 'string');
      const broken = await app.inject({ method: 'POST', url: '/api/users/forgot', headers: json, payload: '{' });
      assert.equal(broken.statusCode, 400);
    });

    it('masks server faults as 500 Internal server error, without details', async (t) => {
      const database = await openTestDatabase(backend);
      const app = await build(t, backend, { database });
      await database.close();
      const response = await app.inject({ method: 'POST', url: '/api/users/forgot', payload: { email: 'a@example.com' } });
      assert.equal(response.statusCode, 500);
      assert.deepEqual(response.json(), { message: 'Internal server error' });
    });
  });
}
