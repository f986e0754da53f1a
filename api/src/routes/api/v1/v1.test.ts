// The public API (/api/v1) end to end through inject(): keys made in the API tab, two app instances on one
// database (PostgreSQL too when TEST_DATABASE_URL is set), problem details, scopes, the per-key rate limit
// in the shared Redis, idempotent purchases, downloads and the marketplace search.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, it, type TestContext } from 'node:test';
import type { ApiKeyScope } from 'contract/api-key-rules';
import type { V1BuyResponse, V1Proxy } from 'contract/public-api';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../../app.ts';
import { backends, build, injectWithLogin, login, openTestDatabase, register, testEnvironment, type Backend } from '../../../test/helpers.ts';
import { assertBalancesEqualLedger, balanceOf, customer, tableCounts } from '../../../test/market-kit.ts';

const market = { marketplace: { inventorySize: 300, inventorySeed: 42, cacheMs: 1000 } };

async function twoInstances(t: TestContext, backend: Backend, extra: object = {}): Promise<[App, App]> {
  const database = await openTestDatabase(backend);
  t.after(() => database.close());
  const config = { ...market, ...extra };
  const a = await build(t, backend, { database, config });
  const b = await build(t, backend, { database, config });
  return [a, b];
}

async function keyFor(app: App, userId: string, scopes: ApiKeyScope[] = ['read', 'buy', 'manage']): Promise<string> {
  const created = await app.repositories.apiKeys.create(userId, 'test', scopes);
  assert.ok(created.ok);
  return created.key;
}

function v1(app: App, key: string | null, method: 'GET' | 'POST', url: string, options: { payload?: object; headers?: Record<string, string> } = {}) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}

function assertProblem(response: LightMyRequestResponse, status: number, code: string, field?: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  const body = response.json<{ type: string; title: string; status: number; detail: string; code: string; field?: string }>();
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(body.type, `urn:private-sock5:problem:${code}`);
  assert.ok(body.title.length > 0 && body.detail.length > 0);
  if (field !== undefined) assert.equal(body.field, field);
}

/** Listing ids for sale, cheapest first. */
async function forSale(app: App, key: string, count: number): Promise<string[]> {
  const response = await v1(app, key, 'GET', '/market/search?country=US&limit=1000');
  assert.equal(response.statusCode, 200, response.body);
  const listings = response.json<{ listings: { id: string; price: number }[] }>().listings;
  assert.ok(listings.length >= count, 'the demo inventory has listings in the US');
  return listings.slice(0, count).map((listing) => listing.id);
}

for (const backend of backends) {
  describe(`API keys in the API tab (${backend})`, () => {
    it('creates a key with the password, shows it once, keeps only its hash, lists its last use and revokes it', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      let token = await login(app, user);
      const tab = (options: Parameters<typeof injectWithLogin>[2]) => injectWithLogin(app, token, options);

      const wrong = await tab({ method: 'POST', url: '/api/account/api-keys', payload: { name: 'bot', scopes: ['read'], password: 'Wrong-Horse-1' } });
      assert.equal(wrong.statusCode, 400);
      const unnamed = await tab({ method: 'POST', url: '/api/account/api-keys', payload: { name: '  ', scopes: ['read'], password: user.password } });
      assert.deepEqual([unnamed.statusCode, unnamed.json().message], [400, 'Give the key a name.']);
      const noScope = await tab({ method: 'POST', url: '/api/account/api-keys', payload: { name: 'bot', scopes: [], password: user.password } });
      assert.deepEqual([noScope.statusCode, noScope.json().message], [400, 'Choose at least one scope.']);
      assert.equal((await app.db.selectFrom('api_keys').selectAll().execute()).length, 0, 'refusals write nothing');

      const created = await tab({ method: 'POST', url: '/api/account/api-keys', payload: { name: 'scraper', scopes: ['read', 'read'], password: user.password } });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.headers['cache-control'], 'no-store');
      const { key, item } = created.json<{ key: string; item: { id: string; prefix: string; scopes: string[] } }>();
      assert.match(key, /^ps5_[A-Za-z0-9_-]{43}$/);
      assert.ok(key.startsWith(item.prefix));
      assert.deepEqual(item.scopes, ['read']);
      const stored = await app.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
      assert.ok(!JSON.stringify(stored).includes(key.slice(item.prefix.length)), 'the key itself is not stored');

      const listed = await tab({ method: 'GET', url: '/api/account/api-keys' });
      assert.ok(!listed.body.includes(key.slice(item.prefix.length)), 'the list never shows the key');
      assert.equal(listed.json().keys[0].lastUsedAt, null);

      assert.equal((await v1(app, key, 'GET', '/balance', { headers: {} })).statusCode, 200);
      const used = (await tab({ method: 'GET', url: '/api/account/api-keys' })).json().keys[0];
      assert.ok(used.lastUsedAt !== null && used.lastUsedIp === '127.0.0.1');

      // Keys are not the browser session: a new login does not end them, nor does a password change.
      token = await login(app, user);
      assert.equal((await v1(app, key, 'GET', '/balance')).statusCode, 200);
      const changed = await tab({ method: 'PUT', url: `/api/users/password/change/${user.id}`, payload: { oldPassword: user.password, newPassword: 'Other-Horse-2' } });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal((await v1(app, key, 'GET', '/balance')).statusCode, 200);

      const revoked = await tab({ method: 'DELETE', url: `/api/account/api-keys/${item.id}` });
      assert.deepEqual([revoked.statusCode, revoked.json().message], [200, 'API key revoked.']);
      assertProblem(await v1(app, key, 'GET', '/balance'), 401, 'invalid_key');
      assert.equal((await tab({ method: 'GET', url: '/api/account/api-keys' })).json().keys.length, 0);
      assert.equal((await tab({ method: 'DELETE', url: `/api/account/api-keys/${item.id}` })).statusCode, 404);
    });

    it('asks for a code when 2-step verification is on: none or a wrong one creates nothing, a recovery code does', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const token = await login(app, user);
      const tab = (payload: object) => injectWithLogin(app, token, { method: 'POST', url: '/api/account/api-keys', payload });
      const setup = await injectWithLogin(app, token, { method: 'POST', url: '/api/account/two-factor/setup', payload: { password: user.password } });
      const secret = setup.json<{ secret: string }>().secret;
      const code = TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
      const enabled = await injectWithLogin(app, token, { method: 'POST', url: '/api/account/two-factor/enable', payload: { code } });
      assert.equal(enabled.statusCode, 200, enabled.body);
      const [recovery] = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes;
      const fields = { name: 'bot', scopes: ['read'], password: user.password };
      const none = await tab(fields);
      assert.deepEqual([none.statusCode, none.json().message], [400, 'Enter the 6-digit code from your authenticator app']);
      const wrong = await tab({ ...fields, code: 'abcde-fghij' });
      assert.equal(wrong.statusCode, 400);
      assert.equal((await app.repositories.apiKeys.list(user.id)).length, 0);
      assert.equal((await tab({ ...fields, code: recovery })).statusCode, 201);
    });

    it("holds at most 20 keys per account, and nobody revokes another account's key", async (t) => {
      const app = await build(t, backend);
      const owner = await customer(app, 0);
      const other = await customer(app, 0);
      const ids: string[] = [];
      for (let index = 0; index < 20; index += 1) {
        const created = await app.repositories.apiKeys.create(owner.id, `key ${index}`, ['read']);
        assert.ok(created.ok);
        ids.push(created.row.id);
      }
      assert.deepEqual(await app.repositories.apiKeys.create(owner.id, 'one too many', ['read']), { ok: false, reason: 'limit' });
      const stranger = await injectWithLogin(app, other.token, { method: 'DELETE', url: `/api/account/api-keys/${ids[0]}` });
      assert.equal(stranger.statusCode, 404);
      assert.equal((await app.repositories.apiKeys.list(owner.id)).length, 20);
      const revoked = await injectWithLogin(app, owner.token, { method: 'DELETE', url: `/api/account/api-keys/${ids[0]}` });
      assert.equal(revoked.statusCode, 200);
      assert.ok((await app.repositories.apiKeys.create(owner.id, 'room again', ['read'])).ok);
    });
  });

  describe(`/api/v1 on two instances (${backend})`, () => {
    it('refuses a revoked key on both instances at once', async (t) => {
      const [a, b] = await twoInstances(t, backend);
      const who = await customer(a, 500);
      const key = await keyFor(a, who.id);
      const id = (await a.repositories.apiKeys.list(who.id))[0]!.id;
      assert.equal((await v1(a, key, 'GET', '/proxies')).statusCode, 200);
      assert.equal((await v1(b, key, 'GET', '/proxies')).statusCode, 200);
      const revokedAt = Date.now();
      assert.equal((await injectWithLogin(a, who.token, { method: 'DELETE', url: `/api/account/api-keys/${id}` })).statusCode, 200);
      // No cache stands in front of the key table: the very next call on either instance is refused.
      assertProblem(await v1(b, key, 'GET', '/proxies'), 401, 'invalid_key');
      assertProblem(await v1(a, key, 'GET', '/proxies'), 401, 'invalid_key');
      assert.ok(Date.now() - revokedAt < 1000, 'refused within a second of the revocation');
    });

    it('buys once for an Idempotency-Key retried in parallel on both instances, and answers every retry with the first order', async (t) => {
      const [a, b] = await twoInstances(t, backend);
      const who = await customer(a, 10_000);
      const key = await keyFor(a, who.id, ['read', 'buy']);
      const ids = await forSale(a, key, 3);
      const before = await tableCounts(a);
      const idempotencyKey = randomUUID();
      const buy = (app: App) => v1(app, key, 'POST', '/proxies/buy', { payload: { listingIds: ids }, headers: { 'idempotency-key': idempotencyKey } });
      const answers = await Promise.all([buy(a), buy(b), buy(a), buy(b), buy(a), buy(b)]);
      for (const answer of answers) assert.equal(answer.statusCode, 200, answer.body);
      const first = answers[0]!.json<V1BuyResponse>();
      for (const answer of answers) assert.deepEqual(answer.json(), first);
      assert.equal(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true').length, answers.length - 1);
      assert.equal(first.proxies.length, 3);
      assert.deepEqual(first.proxies.map((proxy) => proxy.listingId).sort(), [...ids].sort());
      const after = await tableCounts(a);
      assert.equal(after.leases - before.leases, 3, 'bought once');
      assert.equal(after.ledger - before.ledger, 3);
      assert.equal(await balanceOf(a, who.id), Math.round(10_000 - first.charged * 100));
      assert.equal(first.balance * 100, await balanceOf(a, who.id));
      // Later, on the other instance: still the first answer.
      const later = await buy(b);
      assert.deepEqual([later.statusCode, later.json()], [200, first]);
      // The same key for another request is refused, not answered with the first order.
      const other = await v1(b, key, 'POST', '/proxies/buy', { payload: { listingIds: [ids[0]!] }, headers: { 'idempotency-key': idempotencyKey } });
      assertProblem(other, 422, 'idempotency_key_reused', 'Idempotency-Key');
      await assertBalancesEqualLedger(a);
    });

    it('buys by criteria once for an Idempotency-Key retried in parallel on both instances: the same order for every retry', async (t) => {
      const [a, b] = await twoInstances(t, backend);
      const who = await customer(a, 10_000);
      const key = await keyFor(a, who.id, ['read', 'buy']);
      const before = await tableCounts(a);
      const headers = { 'idempotency-key': randomUUID() };
      const criteria = { count: 3, kind: 'Residential', country: 'us', maxPrice: 5 };
      const buy = (app: App) => v1(app, key, 'POST', '/proxies/buy-matching', { payload: criteria, headers });
      const answers = await Promise.all([buy(a), buy(b), buy(a), buy(b)]);
      for (const answer of answers) assert.equal(answer.statusCode, 200, answer.body);
      const first = answers[0]!.json<V1BuyResponse>();
      for (const answer of answers) assert.deepEqual(answer.json(), first);
      assert.equal(first.proxies.length, 3);
      for (const proxy of first.proxies) assert.ok(['ISP', 'MOB', 'COM', 'ISP/MOB', '-'].includes(proxy.type) && proxy.country === 'US' && proxy.price <= 5);
      const after = await tableCounts(a);
      assert.equal(after.leases - before.leases, 3, 'bought once');
      assert.equal(await balanceOf(a, who.id), Math.round(10_000 - first.charged * 100));
      assert.deepEqual((await buy(b)).json(), first);
      // More than are for sale: all or none.
      const tooMany = await v1(b, key, 'POST', '/proxies/buy-matching', { payload: { ...criteria, count: 100, maxPrice: 0.01 } });
      assertProblem(tooMany, 409, 'not_enough_matches');
      assert.equal((await tableCounts(a)).leases, after.leases);
      await assertBalancesEqualLedger(a);
    });

    it('counts calls per key on every instance together (429 with retry-after), another key keeps its own count', async (t) => {
      const [a, b] = await twoInstances(t, backend, { redisUrl: testEnvironment.redisUrl, publicApi: { rateLimit: { max: 3, windowMs: 60_000 } } });
      const who = await customer(a, 0);
      const key = await keyFor(a, who.id);
      const spare = await keyFor(a, who.id);
      assert.equal((await v1(a, key, 'GET', '/balance')).statusCode, 200);
      assert.equal((await v1(b, key, 'GET', '/balance')).statusCode, 200);
      assert.equal((await v1(a, key, 'GET', '/balance')).statusCode, 200);
      const over = await v1(b, key, 'GET', '/balance');
      assertProblem(over, 429, 'rate_limited');
      assert.ok(Number(over.headers['retry-after']) > 0);
      assert.equal((await v1(b, spare, 'GET', '/balance')).statusCode, 200);
    });
  });

  describe(`/api/v1 answers (${backend})`, () => {
    it('refuses a missing, malformed or unknown key with 401 and a missing scope with 403, as problem details', async (t) => {
      const app = await build(t, backend, { config: market });
      const who = await customer(app, 1000);
      assertProblem(await v1(app, null, 'GET', '/proxies'), 401, 'invalid_key');
      assertProblem(await v1(app, 'not-a-key', 'GET', '/proxies'), 401, 'invalid_key');
      assertProblem(await v1(app, `ps5_${'A'.repeat(43)}`, 'GET', '/proxies'), 401, 'invalid_key');
      // The browser session is not a key.
      assertProblem(await v1(app, who.token, 'GET', '/proxies'), 401, 'invalid_key');
      const reader = await keyFor(app, who.id, ['read']);
      const buyer = await keyFor(app, who.id, ['buy']);
      assertProblem(await v1(app, reader, 'POST', '/proxies/buy', { payload: { listingIds: ['1'] } }), 403, 'missing_scope');
      assertProblem(await v1(app, reader, 'POST', '/ip-allowlist', { payload: { addresses: [] } }), 403, 'missing_scope');
      assertProblem(await v1(app, buyer, 'GET', '/proxies'), 403, 'missing_scope');
      assert.equal(await balanceOf(app, who.id), 1000);
      assertProblem(await v1(app, reader, 'GET', '/no-such-route'), 404, 'not_found');
    });

    it('names the field of malformed input (400)', async (t) => {
      const app = await build(t, backend, { config: market });
      const who = await customer(app, 1000);
      const key = await keyFor(app, who.id);
      assertProblem(await v1(app, key, 'POST', '/proxies/buy', { payload: { listingIds: ['12', 'abc'] } }), 400, 'invalid_request', 'listingIds[1]');
      assertProblem(await v1(app, key, 'POST', '/proxies/buy', { payload: {} }), 400, 'invalid_request', 'listingIds');
      assertProblem(await v1(app, key, 'POST', '/proxies/buy', { payload: { listingIds: ['1'] }, headers: { 'idempotency-key': 'has space' } }), 400, 'invalid_request', 'Idempotency-Key');
      assertProblem(await v1(app, key, 'GET', '/proxies/download?format=xml'), 400, 'invalid_request', 'format');
      const criteria = { count: 3, kind: 'Residential', country: 'US' };
      assertProblem(await v1(app, key, 'POST', '/proxies/buy-matching', { payload: { ...criteria, kind: 'Cheap' } }), 400, 'invalid_request', 'kind');
      assertProblem(await v1(app, key, 'POST', '/proxies/buy-matching', { payload: { ...criteria, country: 'USA' } }), 400, 'invalid_request', 'country');
      assertProblem(await v1(app, key, 'POST', '/proxies/buy-matching', { payload: { ...criteria, count: 0 } }), 400, 'invalid_request', 'count');
      assertProblem(await v1(app, key, 'POST', '/proxies/buy-matching', { payload: { ...criteria, maxPrice: -1 } }), 400, 'invalid_request', 'maxPrice');
      assertProblem(await v1(app, key, 'GET', '/proxies/download?template={login}:{secret}'), 400, 'invalid_request', 'template');
      assertProblem(await v1(app, key, 'GET', '/market/search?country=USA'), 400, 'invalid_request', 'country');
      assertProblem(await v1(app, key, 'GET', '/market/search?country=US&maxPrice=cheap'), 400, 'invalid_request', 'maxPrice');
      assertProblem(await v1(app, key, 'GET', '/market/search?country=US&type=XYZ'), 400, 'invalid_request', 'type');
      assertProblem(await v1(app, key, 'POST', '/proxies/1/auto-renew', { payload: { enabled: 'yes' } }), 400, 'invalid_request', 'enabled');
      assertProblem(await v1(app, key, 'POST', '/ip-allowlist', { payload: { addresses: ['not an address'] } }), 400, 'invalid_request', 'addresses');
      assert.equal(await balanceOf(app, who.id), 1000);
    });

    it("lists and downloads the customer's proxies, searches with the dashboard's filters, switches auto-renew and the allow-list", async (t) => {
      const app = await build(t, backend, { config: market });
      const who = await customer(app, 10_000);
      const stranger = await customer(app, 10_000);
      const key = await keyFor(app, who.id);
      const cheap = await v1(app, key, 'GET', '/market/search?country=US&maxPrice=1.5&residentialOnly=true&limit=5');
      assert.equal(cheap.statusCode, 200);
      const found = cheap.json<{ listings: { id: string; price: number; type: string }[]; total: number }>();
      assert.ok(found.listings.length > 0 && found.listings.length <= 5 && found.total >= found.listings.length);
      for (const listing of found.listings) {
        assert.ok(listing.price <= 1.5);
        assert.ok(['ISP', 'MOB', 'COM', 'ISP/MOB', '-'].includes(listing.type));
      }
      const ids = found.listings.slice(0, 2).map((listing) => listing.id);
      const bought = await v1(app, key, 'POST', '/proxies/buy', { payload: { listingIds: ids } });
      assert.equal(bought.statusCode, 200, bought.body);
      await v1(app, await keyFor(app, stranger.id), 'POST', '/proxies/buy', { payload: { listingIds: await forSale(app, key, 1) } });

      const listed = (await v1(app, key, 'GET', '/proxies')).json<{ proxies: V1Proxy[] }>().proxies;
      assert.deepEqual(listed.map((proxy) => proxy.listingId).sort(), [...ids].sort(), "only the customer's own proxies");
      const [first] = listed;
      assert.ok(first && first.endpoint === `${first.host}:${first.port}` && first.paid && !first.autoRenew);

      const txt = await v1(app, key, 'GET', '/proxies/download');
      assert.match(String(txt.headers['content-type']), /^text\/plain/);
      assert.equal(txt.body, listed.map((proxy) => `${proxy.login}:${proxy.password}@${proxy.host}:${proxy.port}\n`).join(''));
      const custom = await v1(app, key, 'GET', `/proxies/download?format=txt&template=${encodeURIComponent('socks5://{login}:{password}@{endpoint} {country}')}`);
      assert.equal(custom.body.split('\n')[0], `socks5://${first.login}:${first.password}@${first.endpoint} ${first.country}`);
      const csv = await v1(app, key, 'GET', '/proxies/download?format=csv');
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      const lines = csv.body.trimEnd().split('\r\n');
      assert.equal(lines[0], 'id,host,port,login,password,expires_at,country,state,city');
      assert.equal(lines.length, listed.length + 1);
      const json = await v1(app, key, 'GET', '/proxies/download?format=json');
      assert.deepEqual(json.json(), listed);

      const on = await v1(app, key, 'POST', `/proxies/${first.id}/auto-renew`, { payload: { enabled: true } });
      assert.deepEqual([on.statusCode, on.json().autoRenew], [200, true]);
      assert.equal((await v1(app, key, 'GET', '/proxies')).json<{ proxies: V1Proxy[] }>().proxies.find((proxy) => proxy.id === first.id)?.autoRenew, true);
      const strangers = await v1(app, await keyFor(app, stranger.id), 'POST', `/proxies/${first.id}/auto-renew`, { payload: { enabled: false } });
      assertProblem(strangers, 404, 'not_found');

      const allow = await v1(app, key, 'POST', '/ip-allowlist', { payload: { addresses: [' 203.0.113.7 ', '10.1.2.3/16'] } });
      assert.deepEqual([allow.statusCode, allow.json()], [200, { addresses: ['203.0.113.7', '10.1.0.0/16'] }]);
      assert.deepEqual((await v1(app, key, 'GET', '/ip-allowlist')).json(), { addresses: ['203.0.113.7', '10.1.0.0/16'] });
      const balance = (await v1(app, key, 'GET', '/balance')).json<{ balance: number }>().balance;
      assert.equal(balance * 100, await balanceOf(app, who.id));
    });

    it('refuses a purchase the balance does not cover, charging nothing, and lets the same Idempotency-Key try again', async (t) => {
      const app = await build(t, backend, { config: market });
      const who = await customer(app, 1);
      const key = await keyFor(app, who.id);
      const ids = await forSale(app, key, 1);
      const headers = { 'idempotency-key': 'order-1' };
      assertProblem(await v1(app, key, 'POST', '/proxies/buy', { payload: { listingIds: ids }, headers }), 402, 'insufficient_funds');
      assert.equal(await balanceOf(app, who.id), 1);
      assertProblem(await v1(app, key, 'POST', '/proxies/buy', { payload: { listingIds: ['999999999'] } }), 404, 'not_found');
      await app.db.transaction().execute((trx) =>
        import('../../../ledger/ledger.ts').then(({ postLedgerEntry }) => postLedgerEntry(trx, { userId: who.id, kind: 'topup', amountCents: 10_000, reference: 'test-topup:later' })),
      );
      const retried = await v1(app, key, 'POST', '/proxies/buy', { payload: { listingIds: ids }, headers });
      assert.equal(retried.statusCode, 200, retried.body);
      assert.equal(retried.headers['idempotent-replayed'], undefined);
    });

    it('serves its own OpenAPI 3.1 document (tags, examples, the key scheme) and a page to browse it', async (t) => {
      const app = await build(t, backend);
      const document = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      assert.equal(document.statusCode, 200);
      const spec = document.json<{ openapi: string; paths: Record<string, Record<string, { tags: string[]; security: unknown }>>; components: { securitySchemes: Record<string, { scheme: string }> }; tags: { name: string }[] }>();
      assert.equal(spec.openapi, '3.1.0');
      assert.equal(spec.components.securitySchemes.apiKey?.scheme, 'bearer');
      assert.ok(Object.keys(spec.paths).every((path) => path.startsWith('/api/v1/')));
      assert.deepEqual(spec.paths['/api/v1/proxies/buy']?.post?.tags, ['Proxies']);
      assert.deepEqual(spec.paths['/api/v1/proxies']?.get?.security, [{ apiKey: [] }]);
      assert.deepEqual(spec.tags.map((tag) => tag.name), ['Proxies', 'Marketplace', 'Account', 'Webhooks']);
      assert.deepEqual(spec.paths['/api/v1/proxies/{id}/replace']?.post?.tags, ['Proxies']);
      assert.deepEqual(spec.paths['/api/v1/webhooks']?.post?.tags, ['Webhooks']);
      assert.match(document.body, /"examples"/);
      const page = await app.inject({ method: 'GET', url: '/api/v1/docs' });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /swagger-ui-bundle\.js/);
      assert.equal((await app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' })).statusCode, 200);
      assert.match((await app.inject({ method: 'GET', url: '/api/v1/docs/init.js' })).body, /openapi\.json/);
    });
  });
}
