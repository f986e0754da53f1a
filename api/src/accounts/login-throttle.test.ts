// Login throttling under attack: parallel guesses across two instances cannot beat the budget, and an
// attacker cannot keep the owner out. Also: concurrent logins leave exactly one valid session.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authMessages } from 'contract/auth-rules';
import type { App } from '../app.ts';
import { backends, build, injectWithLogin, openTestDatabase, register, solveCaptcha } from '../test/helpers.ts';

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

function loginFrom(app: App, address: string, username: string, password: string, captcha: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, captcha }, remoteAddress: address });
}

async function failedLogins(app: App, userId: string): Promise<number> {
  const row = await app.db
    .selectFrom('failed_logins')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

for (const backend of backends) {
  describe(`login throttling (${backend})`, () => {
    it('lets at most the budget of 300 parallel wrong logins on two instances reach the password check', async (t) => {
      const budget = 20;
      const database = await openTestDatabase(backend);
      t.after(() => database.close());
      const config = { auth: { loginFailureLimit: budget } };
      const a = await build(t, backend, { database, config });
      const b = await build(t, backend, { database, config });
      const user = await register(a);
      const captchas = await Promise.all(Array.from({ length: 300 }, (_, i) => solveCaptcha(i % 2 === 0 ? a : b)));
      const responses = await Promise.all(
        captchas.map((captcha, i) => loginFrom(i % 2 === 0 ? a : b, ATTACKER, user.username, 'Wrong-Password-1', captcha)),
      );
      const statuses = responses.map((response) => response.statusCode);
      assert.equal(statuses.filter((status) => status === 400).length, budget);
      assert.equal(statuses.filter((status) => status === 429).length, 300 - budget);
      for (const response of responses.filter((r) => r.statusCode === 429)) {
        assert.deepEqual(response.json(), { message: authMessages.tooManyFailedLogins });
        assert.ok(Number(response.headers['retry-after']) > 3500);
      }
      assert.equal(await failedLogins(a, user.id), budget);

      // The attacker's address stays refused, the right password included.
      const again = await loginFrom(b, ATTACKER, user.username, user.password, await solveCaptcha(b));
      assert.equal(again.statusCode, 429);
      // The owner, elsewhere, signs in at once.
      const owner = await loginFrom(a, OWNER, user.username, user.password, await solveCaptcha(a));
      assert.equal(owner.statusCode, 200, owner.body);
      assert.equal(await failedLogins(a, user.id), budget);
    });

    it('spaces out guesses from many addresses once the account budget is spent, but not the owner at a known address', async (t) => {
      const app = await build(t, backend, { config: { auth: { loginFailureLimit: 3 } } });
      const user = await register(app);
      // The owner has signed in from here before.
      assert.equal((await loginFrom(app, OWNER, user.username, user.password, await solveCaptcha(app))).statusCode, 200);
      for (let i = 0; i < 3; i += 1) {
        const response = await loginFrom(app, `203.0.113.${i + 1}`, user.username, 'Wrong-Password-1', await solveCaptcha(app));
        assert.equal(response.statusCode, 400);
      }
      // The account has taken its budget from all addresses together: a new address gets the next slot
      // (free now), the one after that waits for the budget's pace (an hour / 3).
      const slotTaken = await loginFrom(app, '203.0.113.10', user.username, 'Wrong-Password-1', await solveCaptcha(app));
      assert.equal(slotTaken.statusCode, 400);
      const spaced = await loginFrom(app, '203.0.113.11', user.username, 'Wrong-Password-1', await solveCaptcha(app));
      assert.equal(spaced.statusCode, 429);
      const retryAfter = Number(spaced.headers['retry-after']);
      assert.ok(retryAfter > 1100 && retryAfter <= 1200, `retry-after ${retryAfter}`);
      // Spaced-out attempts are not recorded as failures.
      assert.equal(await failedLogins(app, user.id), 4);
      // The owner at an address they signed in from is not slowed down by the strangers.
      const owner = await loginFrom(app, OWNER, user.username, user.password, await solveCaptcha(app));
      assert.equal(owner.statusCode, 200, owner.body);
    });

    it('leaves exactly one valid session after 20 parallel logins on two instances', async (t) => {
      const database = await openTestDatabase(backend);
      t.after(() => database.close());
      // No token cache: every check below asks the database.
      const config = { auth: { sessionCacheMs: 0 } };
      const a = await build(t, backend, { database, config });
      const b = await build(t, backend, { database, config });
      const user = await register(a);
      const captchas = await Promise.all(Array.from({ length: 20 }, (_, i) => solveCaptcha(i % 2 === 0 ? a : b)));
      const responses = await Promise.all(
        captchas.map((captcha, i) => loginFrom(i % 2 === 0 ? a : b, OWNER, user.username, user.password, captcha)),
      );
      assert.deepEqual(new Set(responses.map((response) => response.statusCode)), new Set([200]));
      const tokens = responses.map((response) => response.json<{ token: string }>().token);
      const checks = await Promise.all(
        tokens.map((token, i) => injectWithLogin(i % 2 === 0 ? b : a, token, { method: 'GET', url: `/api/users/${user.id}` })),
      );
      assert.equal(checks.filter((check) => check.statusCode === 200).length, 1);
      const sessions = await a.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
      assert.equal(sessions.length, 1);

      // The same without the password checks in between, which spread real logins out: session starts
      // that truly overlap.
      const started = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).sessions.start(user.id)));
      const valid = await Promise.all(started.map(({ token }) => a.sessions.authenticate(token)));
      assert.equal(valid.filter((session) => session !== null).length, 1);
    });
  });
}
