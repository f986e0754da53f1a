// The TOTP rules on a pinned clock: the current code works, codes one step either side work, two steps off
// do not, a code is never accepted twice (nor an older one after it), recovery codes work once, and the
// secret is stored sealed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../db/database.ts';
import { backends, openTestDatabase } from '../test/helpers.ts';
import { createSecretBox } from './secret-box.ts';
import { createTwoFactor, RECOVERY_CODE_COUNT } from './two-factor.ts';

const STEP_MS = 30_000;
/** 2026-01-01T00:00:10Z: ten seconds into a time step. */
const T0 = Date.UTC(2026, 0, 1, 0, 0, 10);

function codeAt(secret: string, timestamp: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

for (const backend of backends) {
  describe(`2-step verification codes (${backend})`, () => {
    let database: Database;
    let clock = T0;
    const box = createSecretBox('test key');
    before(async () => {
      database = await openTestDatabase(backend);
    });
    after(() => database.close());

    async function newUser(): Promise<string> {
      const name = `totp_${Math.random().toString(36).slice(2, 10)}`;
      const row = await database.db
        .insertInto('users')
        .values({ username: name, email: `${name}@example.com`, password_hash: 'unused' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    function twoFactor() {
      return createTwoFactor(database.db, box, { issuer: 'Private Sock5', now: () => clock });
    }

    /** A user with 2-step verification enabled at T0 (which spends T0's step); answers secret and recovery codes. */
    async function enabledUser() {
      clock = T0;
      const userId = await newUser();
      const setup = await twoFactor().beginSetup(userId, 'alice');
      assert.ok(setup.ok);
      const enabled = await twoFactor().enable(userId, codeAt(setup.secret, T0));
      assert.ok(enabled.ok);
      return { userId, secret: setup.secret, recoveryCodes: enabled.recoveryCodes };
    }

    it('sets up a 160-bit base32 secret in an otpauth URL with issuer, SHA-1, 6 digits and 30 s, stored sealed', async () => {
      clock = T0;
      const userId = await newUser();
      const setup = await twoFactor().beginSetup(userId, 'alice');
      assert.ok(setup.ok);
      assert.match(setup.secret, /^[A-Z2-7]{32}$/);
      const url = new URL(setup.otpauthUrl);
      assert.equal(url.protocol, 'otpauth:');
      assert.equal(url.host, 'totp');
      assert.equal(decodeURIComponent(url.pathname), '/Private Sock5:alice');
      assert.equal(url.searchParams.get('secret'), setup.secret);
      assert.equal(url.searchParams.get('issuer'), 'Private Sock5');
      assert.equal(url.searchParams.get('algorithm'), 'SHA1');
      assert.equal(url.searchParams.get('digits'), '6');
      assert.equal(url.searchParams.get('period'), '30');
      const row = await database.db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
      assert.ok(!row.secret_box.includes(setup.secret), 'the secret is not stored in clear');
      assert.equal(box.open(row.secret_box, userId), setup.secret);
      assert.equal(box.open(row.secret_box, await newUser()), null, 'a box copied to another account does not open');
      assert.equal(createSecretBox('another key').open(row.secret_box, userId), null);
      assert.equal(row.enabled_at, null);
      assert.deepEqual(await twoFactor().status(userId), { enabled: false, recoveryCodesLeft: 0 });
    });

    it('enables only with a valid code of the pending secret, then refuses a second setup', async () => {
      clock = T0;
      const userId = await newUser();
      assert.deepEqual(await twoFactor().enable(userId, '123456'), { ok: false, reason: 'no-setup' });
      const setup = await twoFactor().beginSetup(userId, 'bob');
      assert.ok(setup.ok);
      const wrong = String((Number(codeAt(setup.secret, T0)) + 1) % 1_000_000).padStart(6, '0');
      assert.deepEqual(await twoFactor().enable(userId, wrong), { ok: false, reason: 'wrong-code' });
      assert.equal(await twoFactor().isEnabled(userId), false);
      const enabled = await twoFactor().enable(userId, codeAt(setup.secret, T0));
      assert.ok(enabled.ok);
      assert.equal(enabled.recoveryCodes.length, RECOVERY_CODE_COUNT);
      assert.equal(new Set(enabled.recoveryCodes).size, RECOVERY_CODE_COUNT);
      for (const code of enabled.recoveryCodes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const stored = await database.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', userId).execute();
      assert.equal(stored.length, RECOVERY_CODE_COUNT);
      for (const { code_hash } of stored) assert.match(code_hash, /^[0-9a-f]{64}$/, 'only hashes are kept');
      assert.deepEqual(await twoFactor().status(userId), { enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
      assert.deepEqual(await twoFactor().beginSetup(userId, 'bob'), { ok: false, reason: 'already-enabled' });
      assert.deepEqual(await twoFactor().enable(userId, codeAt(setup.secret, T0 + STEP_MS)), { ok: false, reason: 'already-enabled' });
    });

    it('accepts the current code once: the same code again is a replay and is refused', async () => {
      const { userId, secret } = await enabledUser();
      clock = T0 + STEP_MS;
      const code = codeAt(secret, clock);
      assert.deepEqual(await twoFactor().verify(userId, code), { ok: true, method: 'totp' });
      assert.deepEqual(await twoFactor().verify(userId, code), { ok: false, reason: 'wrong-code' });
      clock += 5_000;
      assert.deepEqual(await twoFactor().verify(userId, code), { ok: false, reason: 'wrong-code' }, 'still refused later in the step');
    });

    it('refuses the code that enabled it (its step is spent) and a wrong code', async () => {
      const { userId, secret } = await enabledUser();
      assert.deepEqual(await twoFactor().verify(userId, codeAt(secret, T0)), { ok: false, reason: 'wrong-code' });
      clock = T0 + 3 * STEP_MS;
      const right = codeAt(secret, clock);
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      assert.deepEqual(await twoFactor().verify(userId, wrong), { ok: false, reason: 'wrong-code' });
      assert.deepEqual(await twoFactor().verify(userId, 'abcdef'), { ok: false, reason: 'wrong-code' });
      assert.deepEqual(await twoFactor().verify(userId, right), { ok: true, method: 'totp' });
    });

    it('accepts one step either side of now (clock drift) but not two', async () => {
      const { userId, secret } = await enabledUser();
      const now = T0 + 10 * STEP_MS;
      clock = now;
      assert.deepEqual(await twoFactor().verify(userId, codeAt(secret, now - 2 * STEP_MS)), { ok: false, reason: 'wrong-code' }, 'two steps old');
      assert.deepEqual(await twoFactor().verify(userId, codeAt(secret, now + 2 * STEP_MS)), { ok: false, reason: 'wrong-code' }, 'two steps ahead');
      assert.deepEqual(await twoFactor().verify(userId, codeAt(secret, now - STEP_MS)), { ok: true, method: 'totp' }, 'one step old');
      // The previous step is spent now; the next step's code is still later, so it is fresh.
      assert.deepEqual(await twoFactor().verify(userId, codeAt(secret, now + STEP_MS)), { ok: true, method: 'totp' }, 'one step ahead');
      // After the next step's code, the current step is older than the last accepted one: refused.
      assert.deepEqual(await twoFactor().verify(userId, codeAt(secret, now)), { ok: false, reason: 'wrong-code' }, 'older than the last used');
    });

    it('takes the step edges exactly: the last second of a step and the first second of the next', async () => {
      const { userId, secret } = await enabledUser();
      const stepStart = Math.floor(T0 / STEP_MS) * STEP_MS + 20 * STEP_MS;
      clock = stepStart - 1;
      const lastOfStep = codeAt(secret, clock);
      clock = stepStart + 2 * STEP_MS;
      assert.deepEqual(await twoFactor().verify(userId, lastOfStep), { ok: false, reason: 'wrong-code' }, 'three steps back');
      clock = stepStart + STEP_MS + STEP_MS - 1;
      assert.deepEqual(await twoFactor().verify(userId, lastOfStep), { ok: false, reason: 'wrong-code' }, 'two steps back at the last millisecond');
      clock = stepStart;
      assert.deepEqual(await twoFactor().verify(userId, lastOfStep), { ok: true, method: 'totp' }, 'previous step, first millisecond of the next');
    });

    it('accepts each recovery code once, whatever its case, spaces or dash', async () => {
      const { userId, recoveryCodes } = await enabledUser();
      const [first, second] = recoveryCodes;
      assert.ok(first && second);
      assert.deepEqual(await twoFactor().verify(userId, first), { ok: true, method: 'recovery' });
      assert.deepEqual(await twoFactor().verify(userId, first), { ok: false, reason: 'wrong-code' });
      assert.deepEqual(await twoFactor().verify(userId, ` ${second.replace('-', ' ').toUpperCase()} `), { ok: true, method: 'recovery' });
      assert.deepEqual(await twoFactor().verify(userId, 'aaaaa-aaaaa'), { ok: false, reason: 'wrong-code' });
      assert.deepEqual(await twoFactor().status(userId), { enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT - 2 });
    });

    it('after disabling, codes and recovery codes stop working and a new setup is possible', async () => {
      const { userId, secret, recoveryCodes } = await enabledUser();
      await twoFactor().disable(userId);
      clock = T0 + STEP_MS;
      assert.deepEqual(await twoFactor().verify(userId, codeAt(secret, clock)), { ok: false, reason: 'not-enabled' });
      assert.deepEqual(await twoFactor().verify(userId, recoveryCodes[0] ?? ''), { ok: false, reason: 'not-enabled' });
      const again = await twoFactor().beginSetup(userId, 'alice');
      assert.ok(again.ok);
      assert.notEqual(again.secret, secret);
    });
  });
}
