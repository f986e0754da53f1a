import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Challenge } from 'altcha-lib';
import { sql } from 'kysely';
import { authMessages } from 'contract/auth-rules';
import {
  backends,
  build,
  injectWithLogin,
  login,
  loginRequest,
  openTestDatabase,
  register,
  rowCounts,
  solveCaptcha,
  STRONG_PASSWORD,
  testEnvironment,
  uniqueName,
} from '../../../test/helpers.ts';

for (const backend of backends) {
  describe(`POST /api/auth/register (${backend})`, () => {
    it('creates the account and answers userInfo without logging in', async (t) => {
      const app = await build(t, backend);
      const username = uniqueName('Alice');
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username, email: `${username}@Example.com`, password: STRONG_PASSWORD },
      });
      assert.equal(response.statusCode, 201);
      const body = response.json();
      assert.equal(body.message, authMessages.registered);
      assert.deepEqual(Object.keys(body.userInfo).sort(), ['_id', 'email', 'username']);
      assert.equal(body.userInfo.username, username);
      assert.equal((await rowCounts(app)).sessions, 0);
    });

    it('stores an argon2id hash with m=19456, t=2, p=1, never the password', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
      assert.match(row.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      assert.ok(!row.password_hash.includes(user.password));
    });

    it('accepts a 128-character password and logs in with it', async (t) => {
      const app = await build(t, backend);
      const password = `Aa1!${'x'.repeat(124)}`;
      const user = await register(app, { password });
      assert.equal(password.length, 128);
      assert.ok(await login(app, user));
    });

    it('refuses a taken username or email whatever their case, with 409 and a clear message', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const before = await rowCounts(app);
      const sameName = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: user.username.toUpperCase(), email: 'other@example.com', password: STRONG_PASSWORD },
      });
      assert.equal(sameName.statusCode, 409);
      assert.deepEqual(sameName.json(), { message: authMessages.usernameTaken });
      const sameEmail = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: uniqueName(), email: user.email.toUpperCase(), password: STRONG_PASSWORD },
      });
      assert.equal(sameEmail.statusCode, 409);
      assert.deepEqual(sameEmail.json(), { message: authMessages.emailTaken });
      assert.deepEqual(await rowCounts(app), before);
    });

    it('lets exactly one of two simultaneous registrations of one name win', async (t) => {
      const app = await build(t, backend);
      const username = uniqueName();
      const responses = await Promise.all(
        ['a', 'b'].map((suffix) =>
          app.inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: { username, email: `${username}.${suffix}@example.com`, password: STRONG_PASSWORD },
          }),
        ),
      );
      assert.deepEqual(responses.map((response) => response.statusCode).sort(), [201, 409]);
      assert.equal((await rowCounts(app)).users, 1);
    });

    it('enforces the account rules with the forms\' wording', async (t) => {
      const app = await build(t, backend);
      const cases = [
        [{ username: '', email: 'a@example.com', password: STRONG_PASSWORD }, authMessages.usernameRequired],
        [{ username: 'ab', email: 'a@example.com', password: STRONG_PASSWORD }, authMessages.usernameInvalid],
        [{ username: 'bad name', email: 'a@example.com', password: STRONG_PASSWORD }, authMessages.usernameInvalid],
        [{ username: 'good', email: '', password: STRONG_PASSWORD }, authMessages.emailRequired],
        [{ username: 'good', email: 'not-an-email', password: STRONG_PASSWORD }, authMessages.emailInvalid],
        [{ username: 'good', email: 'a@example.com', password: '' }, authMessages.passwordRequired],
        [{ username: 'good', email: 'a@example.com', password: 'alllowercase1!' }, authMessages.passwordComplexity],
        [{ username: 'good', email: 'a@example.com', password: 'NoDigits!!' }, authMessages.passwordComplexity],
        [{ username: 'good', email: 'a@example.com', password: 'NoSpecial12' }, authMessages.passwordComplexity],
        [{ username: 'good', email: 'a@example.com', password: 'Sh0rt!' }, authMessages.passwordComplexity],
        [{ email: 'a@example.com', password: STRONG_PASSWORD }, authMessages.usernameRequired],
        [{ username: 'good', password: STRONG_PASSWORD }, authMessages.emailRequired],
        [{ username: 'good', email: 'a@example.com' }, authMessages.passwordRequired],
      ] as const;
      for (const [payload, message] of cases) {
        const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload });
        assert.equal(response.statusCode, 400, JSON.stringify(payload));
        assert.deepEqual(response.json(), { message }, JSON.stringify(payload));
      }
      assert.equal((await rowCounts(app)).users, 0);
    });
  });

  describe(`captcha: GET /api/auth/challenge, POST /api/auth/verify (${backend})`, () => {
    it('hands out signed, expiring, uncached challenges', async (t) => {
      const app = await build(t, backend);
      const response = await app.inject({ method: 'GET', url: '/api/auth/challenge' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-store');
      const challenge = response.json<Challenge>();
      assert.equal(challenge.parameters.algorithm, 'SHA-256');
      assert.match(challenge.signature ?? '', /^[0-9a-f]{64}$/);
      const expiresIn = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
      assert.ok(expiresIn > 590 && expiresIn <= 600, `expires in ${expiresIn} s`);
    });

    it('verifies a solution without using it up, so the login can still use it', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const captcha = await solveCaptcha(app);
      for (let i = 0; i < 2; i += 1) {
        const verify = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: captcha } });
        assert.equal(verify.statusCode, 200);
        assert.deepEqual(verify.json(), { success: true });
      }
      const response = await loginRequest(app, user.username, user.password, captcha);
      assert.equal(response.statusCode, 200);
      const after = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: captcha } });
      assert.deepEqual(after.json(), { success: false });
    });

    it('says success: false for garbage, tampered and unsolved payloads', async (t) => {
      const app = await build(t, backend);
      const captcha = await solveCaptcha(app);
      const decoded = JSON.parse(Buffer.from(captcha, 'base64').toString());
      const tamperedExpiry = { ...decoded, challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, expiresAt: 4102444800 } } };
      const wrongCounter = { ...decoded, solution: { ...decoded.solution, counter: decoded.solution.counter + 1 } };
      const tokens = [
        'not base64 at all',
        Buffer.from('{"challenge":1}').toString('base64'),
        Buffer.from(JSON.stringify(tamperedExpiry)).toString('base64'),
        Buffer.from(JSON.stringify(wrongCounter)).toString('base64'),
        Buffer.from(JSON.stringify({ ...decoded, challenge: { ...decoded.challenge, signature: '00' } })).toString('base64'),
        '',
      ];
      for (const token of tokens) {
        const response = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
        assert.equal(response.statusCode, 200, token);
        assert.deepEqual(response.json(), { success: false }, token);
      }
    });

    it('refuses a solution of a challenge signed by another server key', async (t) => {
      const app = await build(t, backend);
      const other = await build(t, backend);
      const foreign = await solveCaptcha(other);
      const response = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: foreign } });
      assert.deepEqual(response.json(), { success: false });
    });

    it('solves the default difficulty well within a second in Node', async (t) => {
      const app = await build(t, backend, { config: { captcha: { maxNumber: 20_000 } } });
      const started = performance.now();
      const captcha = await solveCaptcha(app);
      assert.ok(performance.now() - started < 1000);
      const verify = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: captcha } });
      assert.deepEqual(verify.json(), { success: true });
    });
  });

  describe(`POST /api/auth/login (${backend})`, () => {
    it('answers a token and userInfo, and the token opens the account', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const response = await loginRequest(app, user.username, user.password, await solveCaptcha(app));
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.deepEqual(body.userInfo, { _id: user.id, username: user.username, email: user.email });
      assert.equal(typeof body.token, 'string');
      const details = await injectWithLogin(app, body.token, { method: 'GET', url: `/api/users/${user.id}` });
      assert.equal(details.statusCode, 200);
    });

    it('matches the username without regard to case', async (t) => {
      const app = await build(t, backend);
      const user = await register(app, { username: uniqueName('MixedCase') });
      assert.ok(await login(app, { username: user.username.toLowerCase(), password: user.password }));
    });

    it("says 'Wrong username or password' with 400 for an unknown user and for a wrong password alike", async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const unknown = await loginRequest(app, uniqueName('nobody'), STRONG_PASSWORD, await solveCaptcha(app));
      const wrong = await loginRequest(app, user.username, `${STRONG_PASSWORD}x`, await solveCaptcha(app));
      for (const response of [unknown, wrong]) {
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { message: authMessages.wrongCredentials });
      }
      assert.equal((await rowCounts(app)).sessions, 0);
    });

    it("refuses a missing, invalid or replayed captcha with 'This field is required!'", async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const captcha = await solveCaptcha(app);
      assert.equal((await loginRequest(app, user.username, user.password, captcha)).statusCode, 200);
      const replay = await loginRequest(app, user.username, user.password, captcha);
      const invalid = await loginRequest(app, user.username, user.password, 'eyJmb28iOiJiYXIifQ==');
      const missing = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: user.password },
      });
      for (const response of [replay, invalid, missing]) {
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { message: authMessages.required });
      }
    });

    it('uses the captcha up even when the password is wrong', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const captcha = await solveCaptcha(app);
      assert.equal((await loginRequest(app, user.username, 'Wrong-Password-1', captcha)).statusCode, 400);
      const retry = await loginRequest(app, user.username, user.password, captcha);
      assert.deepEqual(retry.json(), { message: authMessages.required });
    });

    it('refuses a captcha whose challenge has expired', async (t) => {
      const app = await build(t, backend, { config: { captcha: { expiresInSeconds: -1 } } });
      const user = await register(app);
      const response = await loginRequest(app, user.username, user.password, await solveCaptcha(app));
      assert.deepEqual(response.json(), { message: authMessages.required });
    });

    it('checks the login form rules before anything else', async (t) => {
      const app = await build(t, backend);
      const captcha = await solveCaptcha(app);
      const short = await loginRequest(app, 'someone', 'Short1!', captcha);
      assert.deepEqual(short.json(), { message: authMessages.passwordTooShort });
      const noName = await loginRequest(app, '  ', STRONG_PASSWORD, captcha);
      assert.deepEqual(noName.json(), { message: authMessages.usernameRequired });
      // Neither attempt spent the captcha.
      const verify = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: captcha } });
      assert.deepEqual(verify.json(), { success: true });
    });

    it('ends the previous session: one active browser session per account', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const first = await login(app, user);
      // Used once, so this instance has it cached: the newer login must still end it at once.
      assert.equal((await injectWithLogin(app, first, { method: 'GET', url: `/api/users/${user.id}` })).statusCode, 200);
      const second = await login(app, user);
      const old = await injectWithLogin(app, first, { method: 'GET', url: `/api/users/${user.id}` });
      assert.equal(old.statusCode, 401);
      // The replaced session is told why it ended; a session ended by logging out gets the general message.
      assert.deepEqual(old.json(), { message: authMessages.sessionReplaced });
      const current = await injectWithLogin(app, second, { method: 'GET', url: `/api/users/${user.id}` });
      assert.equal(current.statusCode, 200);
      assert.equal((await injectWithLogin(app, second, { method: 'POST', url: '/api/auth/logout' })).statusCode, 200);
      const loggedOut = await injectWithLogin(app, second, { method: 'GET', url: `/api/users/${user.id}` });
      assert.deepEqual(loggedOut.json(), { message: authMessages.sessionEnded });
    });

    it('answers 429 with retry-after once an account has too many failed logins from one address, even for the right password', async (t) => {
      const app = await build(t, backend, { config: { auth: { loginFailureLimit: 3 } } });
      const user = await register(app);
      const other = await register(app);
      for (let i = 0; i < 3; i += 1) {
        const response = await loginRequest(app, user.username, 'Wrong-Password-1', await solveCaptcha(app));
        assert.equal(response.statusCode, 400);
      }
      const blocked = await loginRequest(app, user.username, user.password, await solveCaptcha(app));
      assert.equal(blocked.statusCode, 429);
      assert.deepEqual(blocked.json(), { message: authMessages.tooManyFailedLogins });
      const retryAfter = Number(blocked.headers['retry-after']);
      assert.ok(retryAfter > 3500 && retryAfter <= 3600, `retry-after ${retryAfter}`);
      // Other accounts are not affected.
      assert.ok(await login(app, other));
      // Failures older than the window no longer count.
      await sql`update failed_logins set created_at = now() - interval '3601 seconds'`.execute(app.db);
      assert.ok(await login(app, user));
    });

    it('answers 429 with retry-after when one IP calls too often', async (t) => {
      const app = await build(t, backend, { config: { rateLimit: { max: 3 } } });
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i += 1) {
        last = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: 'x' } });
        statuses.push(last.statusCode);
      }
      assert.deepEqual(statuses, [200, 200, 200, 429]);
      assert.ok(Number(last?.headers['retry-after']) > 0);
      assert.match(last?.json().message, /^Too many requests/);
      // Another IP is counted on its own; other routes have their own budget.
      const elsewhere = await app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { token: 'x' },
        remoteAddress: '10.1.2.3',
      });
      assert.equal(elsewhere.statusCode, 200);
      const forgot = await app.inject({ method: 'POST', url: '/api/users/forgot', payload: { email: 'a@example.com' } });
      assert.equal(forgot.statusCode, 400);
    });
  });

  describe(`POST /api/auth/logout and token checks (${backend})`, () => {
    it('ends the session on the server: the token then gets 401', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const token = await login(app, user);
      const logout = await injectWithLogin(app, token, { method: 'POST', url: '/api/auth/logout' });
      assert.equal(logout.statusCode, 200);
      assert.deepEqual(logout.json(), { message: authMessages.loggedOut });
      const after = await injectWithLogin(app, token, { method: 'GET', url: `/api/users/${user.id}` });
      assert.equal(after.statusCode, 401);
      assert.equal((await injectWithLogin(app, token, { method: 'POST', url: '/api/auth/logout' })).statusCode, 401);
    });

    it('ends the session on every instance sharing Redis at once, long before their session cache expires', { timeout: 30_000 }, async (t) => {
      const database = await openTestDatabase(backend);
      t.after(() => database.close());
      const config = { redisUrl: testEnvironment.redisUrl, auth: { sessionCacheMs: 60_000 } };
      const a = await build(t, backend, { database, config });
      const b = await build(t, backend, { database, config });
      const user = await register(a);
      const token = await login(a, user);
      const { sid } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
      assert.equal((await injectWithLogin(b, token, { method: 'GET', url: `/api/users/${user.id}` })).statusCode, 200);
      const forgotten = new Promise<string[]>((resolve) => {
        b.sessions.onForgotten((sessionIds) => {
          if (sessionIds.includes(sid)) resolve(sessionIds);
        });
      });
      assert.equal((await injectWithLogin(a, token, { method: 'POST', url: '/api/auth/logout' })).statusCode, 200);
      assert.deepEqual(await forgotten, [sid]);
      const after = await injectWithLogin(b, token, { method: 'GET', url: `/api/users/${user.id}` });
      assert.equal(after.statusCode, 401);
      assert.deepEqual(after.json(), { message: authMessages.sessionEnded });
    });

    it('answers 401 for missing, malformed, forged and expired tokens', async (t) => {
      const app = await build(t, backend);
      const other = await build(t, backend);
      const user = await register(app);
      const token = await login(app, user);
      const { sid } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
      const expired = await app.sessions.sign(user.id, sid, new Date(Date.now() - 1000));
      const forged = await other.sessions.sign(user.id, sid, new Date(Date.now() + 60_000));
      const headers = [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Bearer not.a.jwt' },
        { authorization: `Basic ${token}` },
        { authorization: `Bearer ${expired}` },
        { authorization: `Bearer ${forged}` },
      ];
      for (const header of headers) {
        const response = await app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: header });
        assert.equal(response.statusCode, 401, JSON.stringify(header));
        assert.deepEqual(response.json(), { message: authMessages.sessionEnded });
      }
      assert.equal((await injectWithLogin(app, token, { method: 'GET', url: `/api/users/${user.id}` })).statusCode, 200);
    });

    it('answers 401 once the session row has expired, whatever the token says', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const token = await login(app, user);
      await app.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).execute();
      const response = await injectWithLogin(app, token, { method: 'GET', url: `/api/users/${user.id}` });
      assert.equal(response.statusCode, 401);
    });

    it('issues tokens that expire after the configured session lifetime (24 h by default)', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const token = await login(app, user);
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
      assert.equal(claims.exp - claims.iat, 24 * 60 * 60);
      const row = await app.db.selectFrom('sessions').select('expires_at').executeTakeFirstOrThrow();
      assert.ok(Math.abs(row.expires_at.getTime() / 1000 - claims.exp) <= 1);
    });
  });
}
