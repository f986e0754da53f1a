import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { AccountSecurity, SignInsResponse, TwoFactorSetup } from 'contract/account-security';
import type { ProxyListing, PurchaseItem, StateCount } from 'contract/marketplace';
import { accountMessages } from 'contract/account-rules';
import { authMessages } from 'contract/auth-rules';
import type { App } from '../../../app.ts';
import { postLedgerEntry } from '../../../ledger/ledger.ts';
import { marketDb } from '../../../marketplace/market-schema.ts';
import { backends, build, injectWithLogin, login, loginRequest, register, solveCaptcha, type Backend, type TestUser } from '../../../test/helpers.ts';

const STEP_MS = 30_000;

function codeFor(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

/** A code of the step after the last used one: fresh for the server whatever the last accepted code was. */
function laterCode(secret: string, stepsAhead: number): string {
  return codeFor(secret, Date.now() + stepsAhead * STEP_MS);
}

function wrongCode(secret: string): string {
  const codes = new Set([-1, 0, 1].map((steps) => codeFor(secret, Date.now() + steps * STEP_MS)));
  let candidate = 0;
  while (codes.has(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

interface Signed extends TestUser {
  token: string;
}

async function signedIn(app: App): Promise<Signed> {
  const user = await register(app);
  return { ...user, token: await login(app, user) };
}

function call(app: App, user: Signed, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return injectWithLogin(app, user.token, { method, url, ...(payload === undefined ? {} : { payload }) });
}

async function enableTwoFactor(app: App, user: Signed): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(app, user, 'POST', '/api/account/two-factor/setup', { password: user.password });
  assert.equal(setup.statusCode, 200, setup.body);
  const { secret } = setup.json<TwoFactorSetup>();
  const enabled = await call(app, user, 'POST', '/api/account/two-factor/enable', { code: codeFor(secret) });
  assert.equal(enabled.statusCode, 200, enabled.body);
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function passwordStep(app: App, user: TestUser): Promise<string> {
  const response = await loginRequest(app, user.username, user.password, await solveCaptcha(app));
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json<{ secondFactorRequired?: boolean; challenge?: string; token?: string }>();
  assert.equal(body.secondFactorRequired, true);
  assert.equal(body.token, undefined, 'no session before the code');
  assert.ok(body.challenge);
  return body.challenge;
}

function codeStep(app: App, challenge: string, code: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login/2fa', payload: { challenge, code } });
}

async function security(app: App, user: Signed): Promise<AccountSecurity> {
  return (await call(app, user, 'GET', '/api/account/security')).json<AccountSecurity>();
}

function buildSmallMarket(t: TestContext, backend: Backend, overrides: { failureLimit?: number } = {}) {
  return build(t, backend, {
    config: {
      marketplace: { inventorySize: 300, inventorySeed: 7, cacheMs: 0 },
      ...(overrides.failureLimit ? { auth: { twoFactor: { issuer: 'Private Sock5', encryptionKey: null, failureLimit: overrides.failureLimit, failureWindowSeconds: 900, challengeTtlSeconds: 300 } } } : {}),
    } as never,
  });
}

for (const backend of backends) {
  describe(`2-step verification routes (${backend})`, () => {
    it('setting up needs the current password; a wrong one is refused, counted, and creates nothing', async (t) => {
      const app = await build(t, backend);
      const user = await signedIn(app);
      for (const [password, message] of [
        ['', accountMessages.passwordRequired],
        ['Wrong-Pass1', accountMessages.passwordWrong],
      ] as const) {
        const response = await call(app, user, 'POST', '/api/account/two-factor/setup', { password });
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { message });
      }
      assert.equal((await app.db.selectFrom('two_factor').selectAll().execute()).length, 0);
      assert.equal((await app.db.selectFrom('failed_logins').selectAll().where('user_id', '=', user.id).execute()).length, 1);
    });

    it('shows the secret once at setup with issuer and type; enabling answers recovery codes; the state never repeats the secret', async (t) => {
      const app = await build(t, backend);
      const user = await signedIn(app);
      assert.deepEqual(await security(app, user), { twoFactor: { enabled: false, recoveryCodesLeft: 0 }, proxyCredentials: null, ipAllowlist: [] });
      const setup = await call(app, user, 'POST', '/api/account/two-factor/setup', { password: user.password });
      assert.equal(setup.headers['cache-control'], 'no-store');
      const body = setup.json<TwoFactorSetup>();
      assert.equal(body.issuer, 'Private Sock5');
      assert.equal(body.account, user.username);
      assert.equal(body.type, 'Time based');
      assert.equal(body.digits, 6);
      assert.equal(body.period, 30);
      assert.ok(body.otpauthUrl.startsWith('otpauth://totp/'));

      const wrong = await call(app, user, 'POST', '/api/account/two-factor/enable', { code: wrongCode(body.secret) });
      assert.equal(wrong.statusCode, 400);
      assert.deepEqual(wrong.json(), { message: accountMessages.codeWrong });
      const enabled = await call(app, user, 'POST', '/api/account/two-factor/enable', { code: codeFor(body.secret) });
      assert.equal(enabled.statusCode, 200);
      assert.equal(enabled.json().message, accountMessages.enabled);
      assert.equal(enabled.json().recoveryCodes.length, 10);

      const state = await call(app, user, 'GET', '/api/account/security');
      assert.deepEqual(state.json(), { twoFactor: { enabled: true, recoveryCodesLeft: 10 }, proxyCredentials: null, ipAllowlist: [] });
      assert.ok(!state.body.includes(body.secret));
      const again = await call(app, user, 'POST', '/api/account/two-factor/setup', { password: user.password });
      assert.equal(again.statusCode, 409);
      assert.ok(!again.body.includes(body.secret));
    });

    it('with 2-step on, login answers a challenge; the code finishes it once; a replayed code or a forged challenge does not', async (t) => {
      const app = await build(t, backend);
      const user = await signedIn(app);
      const { secret } = await enableTwoFactor(app, user);

      const challenge = await passwordStep(app, user);
      const code = laterCode(secret, 1);
      const done = await codeStep(app, challenge, code);
      assert.equal(done.statusCode, 200, done.body);
      const { token, userInfo } = done.json<{ token: string; userInfo: { _id: string } }>();
      assert.equal(userInfo._id, user.id);
      assert.equal((await injectWithLogin(app, token, { method: 'GET', url: `/api/users/${user.id}` })).statusCode, 200);
      // The password step's session is the one that logged in: the session before it has ended.
      assert.equal((await call(app, user, 'GET', '/api/account/security')).statusCode, 401);

      const replay = await codeStep(app, await passwordStep(app, user), code);
      assert.equal(replay.statusCode, 400);
      assert.deepEqual(replay.json(), { message: accountMessages.codeWrong });

      for (const forged of ['not-a-jwt', token]) {
        const response = await codeStep(app, forged, laterCode(secret, 1));
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { message: accountMessages.challengeExpired }, 'a session token is no challenge either');
      }
      const empty = await codeStep(app, challenge, '  ');
      assert.deepEqual(empty.json(), { message: accountMessages.codeRequired });
    });

    it('a wrong password still says so and gives no challenge', async (t) => {
      const app = await build(t, backend);
      const user = await signedIn(app);
      await enableTwoFactor(app, user);
      const response = await loginRequest(app, user.username, 'Wrong-Pass1', await solveCaptcha(app));
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { message: authMessages.wrongCredentials });
    });

    it('logs in with a recovery code once', async (t) => {
      const app = await build(t, backend);
      const user = await signedIn(app);
      const { recoveryCodes } = await enableTwoFactor(app, user);
      const code = recoveryCodes[3] ?? '';
      assert.equal((await codeStep(app, await passwordStep(app, user), code)).statusCode, 200);
      const again = await codeStep(app, await passwordStep(app, user), code);
      assert.equal(again.statusCode, 400);
      assert.deepEqual(again.json(), { message: accountMessages.codeWrong });
    });

    it('a challenge starts one session: two uses at once give one, a later use is refused, a mistyped code does not use it up', async (t) => {
      const app = await build(t, backend);
      const user = await signedIn(app);
      const { secret, recoveryCodes } = await enableTwoFactor(app, user);
      const challenge = await passwordStep(app, user);
      assert.deepEqual((await codeStep(app, challenge, wrongCode(secret))).json(), { message: accountMessages.codeWrong });

      const both = await Promise.all([codeStep(app, challenge, laterCode(secret, 1)), codeStep(app, challenge, recoveryCodes[0] ?? '')]);
      assert.deepEqual(both.map((response) => response.statusCode).sort(), [200, 400], both.map((response) => response.body).join(' | '));
      const refused = both.find((response) => response.statusCode === 400);
      assert.deepEqual(refused?.json(), { message: accountMessages.challengeExpired });
      const session = both.find((response) => response.statusCode === 200)?.json<{ token: string }>().token ?? '';
      const left = (await injectWithLogin(app, session, { method: 'GET', url: '/api/account/security' })).json<AccountSecurity>().twoFactor.recoveryCodesLeft;
      const recoveryWon = both[1]?.statusCode === 200;
      assert.equal(left, recoveryWon ? 9 : 10, 'the refused use spent no code');

      const later = await codeStep(app, challenge, recoveryCodes[1] ?? '');
      assert.equal(later.statusCode, 400);
      assert.deepEqual(later.json(), { message: accountMessages.challengeExpired });
      const after = (await injectWithLogin(app, session, { method: 'GET', url: '/api/account/security' })).json<AccountSecurity>();
      assert.equal(after.twoFactor.recoveryCodesLeft, left, 'nor did the later one');
    });

    it('throttles wrong codes per account: past the limit even the right code waits (429 with retry-after)', async (t) => {
      const app = await buildSmallMarket(t, backend, { failureLimit: 3 });
      const user = await signedIn(app);
      const { secret } = await enableTwoFactor(app, user);
      const challenge = await passwordStep(app, user);
      for (let i = 0; i < 3; i++) assert.equal((await codeStep(app, challenge, wrongCode(secret))).statusCode, 400);
      const blocked = await codeStep(app, challenge, laterCode(secret, 1));
      assert.equal(blocked.statusCode, 429);
      assert.deepEqual(blocked.json(), { message: accountMessages.tooManyWrongCodes });
      assert.ok(Number(blocked.headers['retry-after']) > 0);
    });

    it('turning it off needs the password and a code; then login needs the password only', async (t) => {
      const app = await build(t, backend);
      const user = await signedIn(app);
      const { secret } = await enableTwoFactor(app, user);
      const cases = [
        [{ password: 'Wrong-Pass1', code: laterCode(secret, 1) }, accountMessages.passwordWrong],
        [{ password: user.password, code: wrongCode(secret) }, accountMessages.codeWrong],
        [{ password: user.password, code: '' }, accountMessages.codeRequired],
        [{ password: '', code: laterCode(secret, 1) }, accountMessages.passwordRequired],
      ] as const;
      for (const [payload, message] of cases) {
        const response = await call(app, user, 'POST', '/api/account/two-factor/disable', payload);
        assert.equal(response.statusCode, 400, JSON.stringify(payload));
        assert.deepEqual(response.json(), { message });
      }
      assert.equal((await security(app, user)).twoFactor.enabled, true);
      const off = await call(app, user, 'POST', '/api/account/two-factor/disable', { password: user.password, code: laterCode(secret, 1) });
      assert.equal(off.statusCode, 200);
      assert.deepEqual(off.json(), { message: accountMessages.disabled });
      assert.deepEqual((await security(app, user)).twoFactor, { enabled: false, recoveryCodesLeft: 0 });
      assert.ok(await login(app, user));
      const again = await call(app, user, 'POST', '/api/account/two-factor/disable', { password: user.password, code: '123456' });
      assert.equal(again.statusCode, 401, 'the login above ended that session');
    });
  });

  describe(`own proxy credentials and IP authorization (${backend})`, () => {
    it('refuses bad login:pass pairs with the rule in words and writes nothing', async (t) => {
      const app = await build(t, backend);
      const user = await signedIn(app);
      const table: Array<[string, string, string]> = [
        ['abcd', 'abcde', accountMessages.socksCredential],
        ['abcdefgh', 'abcde', accountMessages.socksCredential],
        ['abcde', 'abc de', accountMessages.socksCredential],
        ['abc-de', 'abcde', accountMessages.socksCredential],
        ['abcdé', 'abcde', accountMessages.socksCredential],
        ["ab'--", 'abcde', accountMessages.socksCredential],
        ['abcde', '', accountMessages.socksBothOrNeither],
        ['', 'abcde', accountMessages.socksBothOrNeither],
      ];
      for (const [login, password, message] of table) {
        const response = await call(app, user, 'PUT', '/api/account/proxy-credentials', { login, password });
        assert.equal(response.statusCode, 400, `${login}:${password}`);
        assert.deepEqual(response.json(), { message });
      }
      assert.equal((await app.db.selectFrom('proxy_credentials').selectAll().execute()).length, 0);
    });

    it('saves, replaces and clears own credentials', async (t) => {
      const app = await build(t, backend);
      const user = await signedIn(app);
      const saved = await call(app, user, 'PUT', '/api/account/proxy-credentials', { login: ' Abc12 ', password: 'Zz9zz9Z' });
      assert.deepEqual(saved.json(), { message: accountMessages.credentialsSaved, proxyCredentials: { login: 'Abc12', password: 'Zz9zz9Z' } });
      await call(app, user, 'PUT', '/api/account/proxy-credentials', { login: 'other1', password: 'other2' });
      assert.deepEqual((await security(app, user)).proxyCredentials, { login: 'other1', password: 'other2' });
      const cleared = await call(app, user, 'PUT', '/api/account/proxy-credentials', { login: '', password: '' });
      assert.deepEqual(cleared.json(), { message: accountMessages.credentialsCleared, proxyCredentials: null });
      assert.equal((await security(app, user)).proxyCredentials, null);
    });

    it('later purchases get the own credentials, earlier leases keep theirs, clearing returns to generated ones; the IP list goes on every active lease', async (t) => {
      const app = await buildSmallMarket(t, backend);
      const user = await signedIn(app);
      await app.db.transaction().execute((trx) => postLedgerEntry(trx, { userId: user.id, kind: 'topup', amountCents: 100_000, reference: 'test' }));
      const states = (await call(app, user, 'GET', '/api/proxy/states')).json<StateCount[]>();
      const state = states.reduce((best, next) => (next.cnt > best.cnt ? next : best));
      const listings = (await call(app, user, 'POST', '/api/proxy/search', { METHOD: 'search', COUNTRY: 'US', STATE: state.state })).json<ProxyListing[]>();
      const [first, second, third] = listings;
      assert.ok(first && second && third);
      const buy = async (id: string) => {
        const response = await call(app, user, 'POST', '/api/proxy/buy', { ID: [id] });
        assert.equal(response.statusCode, 200, response.body);
        return response.json<PurchaseItem[]>()[0]?.SOCKS_AUTH ?? '';
      };
      const before = await buy(first.id);
      assert.notEqual(before, 'mylog1:mypas2');
      await call(app, user, 'PUT', '/api/account/proxy-credentials', { login: 'mylog1', password: 'mypas2' });
      assert.equal(await buy(second.id), 'mylog1:mypas2');
      await call(app, user, 'PUT', '/api/account/proxy-credentials', { login: '', password: '' });
      const after = await buy(third.id);
      assert.match(after, /^[A-Za-z0-9]{5,7}:[A-Za-z0-9]{5,7}$/);
      assert.notEqual(after, 'mylog1:mypas2');
      const leases = await marketDb(app.db).selectFrom('proxy_leases').select(['listing_id', 'socks_auth']).where('user_id', '=', user.id).orderBy('id').execute();
      assert.deepEqual(leases.map((lease) => lease.socks_auth), [before, 'mylog1:mypas2', after], 'earlier leases keep their credentials');

      // The IP allow-list reaches the gateway on every active lease at once, and on the next purchase.
      await call(app, user, 'PUT', '/api/account/ip-allowlist', { addresses: ['203.0.113.7', '198.51.100.9/24'] });
      const fourth = listings[3];
      assert.ok(fourth);
      await buy(fourth.id);
      const allowLists = await sql<{ allow: string[] }>`select allow_cidrs::text[] as allow from proxy_leases where user_id = ${user.id} order by id`.execute(app.db);
      assert.deepEqual(allowLists.rows.map((row) => row.allow), Array(4).fill(['203.0.113.7/32', '198.51.100.0/24']));
      await call(app, user, 'PUT', '/api/account/ip-allowlist', { addresses: [] });
      const cleared = await sql<{ allow: string[] }>`select allow_cidrs::text[] as allow from proxy_leases where user_id = ${user.id}`.execute(app.db);
      assert.ok(cleared.rows.every((row) => row.allow.length === 0));
    });

    it('refuses bad allow-list entries (bad-input table) and more than 10, writing nothing', async (t) => {
      const app = await build(t, backend);
      const user = await signedIn(app);
      const invalid = (entry: string) => `"${entry}" is not an IPv4 or IPv6 address or CIDR range`;
      const translated = (entry: string) =>
        `"${entry}" is IPv4 translated into IPv6 (NAT64 or SIIT), which no client connects from: enter the IPv4 address or range itself`;
      const table: Array<[string[], string]> = [
        [['1.2.3'], invalid('1.2.3')],
        [['256.1.1.1'], invalid('256.1.1.1')],
        [['1.2.3.4/33'], invalid('1.2.3.4/33')],
        [['1.2.3.4/'], invalid('1.2.3.4/')],
        [['1.2.3.4/-1'], invalid('1.2.3.4/-1')],
        [['1.2.3.4/8/8'], invalid('1.2.3.4/8/8')],
        [['2001:db8::1/129'], invalid('2001:db8::1/129')],
        [['fe80::1%eth0'], invalid('fe80::1%eth0')],
        [['example.com'], invalid('example.com')],
        [["1.2.3.4' or '1'='1"], invalid("1.2.3.4' or '1'='1")],
        [['0.0.0.0/0'], `"0.0.0.0/0" covers too many addresses: use /16 or narrower for IPv4 and /32 or narrower for IPv6`],
        [['10.0.0.0/15'], `"10.0.0.0/15" covers too many addresses: use /16 or narrower for IPv4 and /32 or narrower for IPv6`],
        [['::/0'], `"::/0" covers too many addresses: use /16 or narrower for IPv4 and /32 or narrower for IPv6`],
        // IPv4 written as IPv6 is as wide as the IPv4 range it is: all of IPv4, an IPv4 /8, half of IPv4.
        [['::ffff:0:0/96'], `"::ffff:0:0/96" covers too many addresses: use /16 or narrower for IPv4 and /32 or narrower for IPv6`],
        [['::ffff:127.0.0.0/104'], `"::ffff:127.0.0.0/104" covers too many addresses: use /16 or narrower for IPv4 and /32 or narrower for IPv6`],
        [['::ffff:0.0.0.0/97'], `"::ffff:0.0.0.0/97" covers too many addresses: use /16 or narrower for IPv4 and /32 or narrower for IPv6`],
        [['::/80'], `"::/80" covers too many addresses: use /16 or narrower for IPv4 and /32 or narrower for IPv6`],
        // Translators' prefixes: every IPv4 address written for IPv6-only hosts, never a client's own address.
        ...['64:ff9b::/96', '::ffff:0:0:0/96', '::ffff:0:203.0.113.7', '64:ff9b:1::/48', '64:ff9b::203.0.113.7'].map(
          (entry): [string[], string] => [[entry], translated(entry)],
        ),
        [['1.1.1.1', 'bad'], invalid('bad')],
        [Array.from({ length: 11 }, (_, i) => `10.0.0.${i + 1}`), accountMessages.allowlistTooMany],
      ];
      for (const [addresses, message] of table) {
        const response = await call(app, user, 'PUT', '/api/account/ip-allowlist', { addresses });
        assert.equal(response.statusCode, 400, addresses.join(','));
        assert.deepEqual(response.json(), { message });
      }
      assert.equal((await app.db.selectFrom('user_ip_allowlist').selectAll().execute()).length, 0);
    });

    it('stores up to 10 addresses and ranges in canonical form and the order typed, matched with <<= as the gateway does', async (t) => {
      const app = await build(t, backend);
      const user = await signedIn(app);
      const addresses = [' 203.0.113.7 ', '198.51.100.9/24', '2001:DB8::1', '2001:db8:abcd::/48', '203.0.113.7', '', ...Array.from({ length: 6 }, (_, i) => `192.0.2.${i + 1}`)];
      const response = await call(app, user, 'PUT', '/api/account/ip-allowlist', { addresses });
      assert.equal(response.statusCode, 200, response.body);
      const saved = response.json<{ ipAllowlist: string[] }>().ipAllowlist;
      assert.equal(saved.length, 10);
      assert.deepEqual(saved.slice(0, 5), ['203.0.113.7', '198.51.100.0/24', '2001:db8::1', '2001:db8:abcd::/48', '192.0.2.1'], 'in the order typed, canonical');
      const mapped = await call(app, user, 'PUT', '/api/account/ip-allowlist', { addresses: ['::ffff:203.0.113.7', '::ffff:198.51.100.9/120'] });
      assert.deepEqual(mapped.json<{ ipAllowlist: string[] }>().ipAllowlist, ['203.0.113.7', '198.51.100.0/24'], 'IPv4 written as IPv6 is saved as IPv4');
      const loopback = await call(app, user, 'PUT', '/api/account/ip-allowlist', { addresses: ['::1', '::127.0.0.2'] });
      assert.deepEqual(loopback.json<{ ipAllowlist: string[] }>().ipAllowlist, ['::1', '127.0.0.2'], "IPv6's own ::1 stays ::1");
      await call(app, user, 'PUT', '/api/account/ip-allowlist', { addresses });
      assert.deepEqual((await security(app, user)).ipAllowlist.sort(), [...saved].sort());

      // What the SOCKS5 gateway asks: may this client address use this customer's proxies without a password?
      const allowed = async (ip: string) =>
        (await sql<{ n: number }>`select count(*)::int as n from user_ip_allowlist where user_id = ${user.id} and ${ip}::inet <<= cidr`.execute(app.db)).rows[0]?.n === 1;
      assert.equal(await allowed('198.51.100.200'), true);
      assert.equal(await allowed('198.51.101.1'), false);
      assert.equal(await allowed('2001:db8:abcd:12::5'), true);
      assert.equal(await allowed('203.0.113.8'), false);

      const cleared = await call(app, user, 'PUT', '/api/account/ip-allowlist', { addresses: [] });
      assert.deepEqual(cleared.json(), { message: accountMessages.allowlistSaved, ipAllowlist: [] });
    });
  });

  describe(`sign-in activity (${backend})`, () => {
    it('lists sign-ins with time, address and browser, marks the current one, and signs out everywhere', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
      const first = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'user-agent': chrome },
        payload: { username: user.username, password: user.password, captcha: await solveCaptcha(app) },
      });
      assert.equal(first.statusCode, 200);
      const token = await login(app, user);
      const signed: Signed = { ...user, token };
      const list = (await call(app, signed, 'GET', '/api/account/sign-ins')).json<SignInsResponse>().signIns;
      assert.equal(list.length, 2);
      assert.equal(list[0]?.current, true);
      assert.equal(list[1]?.current, false);
      assert.equal(list[1]?.browser, 'Chrome 131 on Windows');
      assert.equal(list[1]?.ip, '127.0.0.1');
      assert.ok(Math.abs(Date.parse(list[1]?.at ?? '') - Date.now()) < 60_000);

      const out = await call(app, signed, 'POST', '/api/account/sign-out-everywhere');
      assert.deepEqual(out.json(), { message: accountMessages.signedOutEverywhere });
      assert.equal((await call(app, signed, 'GET', '/api/account/sign-ins')).statusCode, 401);
      assert.equal((await app.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute()).length, 0);
    });

    it('keeps the latest 20 sign-ins only', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      for (let i = 0; i < 22; i++) await app.repositories.account.recordSignIn(user.id, crypto.randomUUID(), '127.0.0.1', 'x');
      assert.equal((await app.db.selectFrom('sign_ins').selectAll().where('user_id', '=', user.id).execute()).length, 20);
    });
  });
}
