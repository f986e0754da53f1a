import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { authMessages } from 'contract/auth-rules';
import type { JobsReport } from 'contract/jobs';
import { SMTPServer } from 'smtp-server';
import type { App } from '../../../app.ts';
import { postLedgerEntry } from '../../../ledger/ledger.ts';
import {
  backends,
  build,
  injectWithLogin,
  login,
  register,
  rowCounts,
  type TestUser,
} from '../../../test/helpers.ts';
import { smtpCatcher } from '../../../test/smtp-kit.ts';

const NEW_PASSWORD = 'Brand-New-Pass2';

/** Decodes quoted-printable soft line breaks and escapes, enough to read a link from a raw mail. */
function readableMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function resetToken(mail: string): string {
  const match = /http:\/\/portal\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(readableMail(mail));
  assert.ok(match?.[1], 'the mail holds a reset link');
  return match[1];
}

async function forgot(app: App, email: string) {
  return app.inject({ method: 'POST', url: '/api/users/forgot', payload: { email } });
}

async function reset(app: App, token: string, password = NEW_PASSWORD) {
  return app.inject({ method: 'POST', url: `/api/users/reset/${token}`, payload: { password } });
}

/** The mails the outbox has written so far (embedded default: no SMTP_URL), oldest first. */
async function outboxMails(app: App): Promise<string[]> {
  const dir = app.config.mail.outboxDir;
  const files = (await readdir(dir).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')));
}

for (const backend of backends) {
  describe(`GET /api/users/:userId (${backend})`, () => {
    it('answers the signed-in user with the balance in dollars', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      await app.db.transaction().execute((trx) =>
        postLedgerEntry(trx, { userId: user.id, kind: 'topup', amountCents: 5025, reference: 'invoice:test' }),
      );
      const token = await login(app, user);
      const response = await injectWithLogin(app, token, { method: 'GET', url: `/api/users/${user.id}` });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { _id: user.id, username: user.username, email: user.email, balance: 50.25, roles: [] });
    });

    it("answers 403 without any data for another user's id, and 401 without a token", async (t) => {
      const app = await build(t, backend);
      const alice = await register(app);
      const bob = await register(app);
      const token = await login(app, alice);
      for (const id of [bob.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const response = await injectWithLogin(app, token, { method: 'GET', url: `/api/users/${id}` });
        assert.equal(response.statusCode, 403);
        assert.deepEqual(response.json(), { message: authMessages.notYourAccount });
      }
      const anonymous = await app.inject({ method: 'GET', url: `/api/users/${bob.id}` });
      assert.equal(anonymous.statusCode, 401);
      assert.ok(!anonymous.body.includes(bob.email));
    });
  });

  describe(`forgot and reset password, mails in the outbox (${backend})`, () => {
    it('mails a single-use link that sets the new password and ends every session', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      const token = await login(app, user);
      assert.equal((await injectWithLogin(app, token, { method: 'GET', url: `/api/users/${user.id}` })).statusCode, 200);

      const response = await forgot(app, user.email.toUpperCase());
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { message: authMessages.forgotSent });
      const mails = await outboxMails(app);
      assert.equal(mails.length, 1);
      const mail = mails[0] ?? '';
      assert.match(mail, new RegExp(`^To: ${user.email}`, 'm'));
      const resetWith = resetToken(mail);
      assert.equal(Buffer.from(resetWith, 'base64url').length, 32);

      // Stored hashed: the token itself is nowhere in the database.
      const stored = await app.db.selectFrom('password_resets').select('token_hash').executeTakeFirstOrThrow();
      assert.notEqual(stored.token_hash, resetWith);
      assert.match(stored.token_hash, /^[0-9a-f]{64}$/);

      const done = await reset(app, resetWith);
      assert.equal(done.statusCode, 200);
      assert.deepEqual(done.json(), { message: authMessages.passwordReset });
      assert.equal((await injectWithLogin(app, token, { method: 'GET', url: `/api/users/${user.id}` })).statusCode, 401);
      assert.ok(await login(app, { username: user.username, password: NEW_PASSWORD }));

      const again = await reset(app, resetWith, 'Another-Pass3');
      assert.equal(again.statusCode, 400);
      assert.deepEqual(again.json(), { message: authMessages.resetLinkInvalid });
    });

    it("answers 400 'No User with this email address.' for an unknown address and sends nothing", async (t) => {
      const app = await build(t, backend);
      const response = await forgot(app, 'nobody@example.com');
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { message: authMessages.noUserWithEmail });
      assert.deepEqual(await outboxMails(app), []);
    });

    it("answers 'Email cannot be empty.' for an empty or missing address", async (t) => {
      const app = await build(t, backend);
      for (const payload of [{ email: '' }, { email: '   ' }, {}]) {
        const response = await app.inject({ method: 'POST', url: '/api/users/forgot', payload });
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { message: authMessages.emailEmpty });
      }
    });

    it('refuses unknown, expired and superseded tokens, and weak passwords, changing nothing', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      await forgot(app, user.email);
      await forgot(app, user.email);
      const [older, newer] = (await outboxMails(app)).map(resetToken);
      assert.ok(older && newer && older !== newer);

      const weak = await reset(app, newer, 'weakpassword');
      assert.deepEqual(weak.json(), { message: authMessages.passwordComplexity });
      assert.deepEqual((await reset(app, older)).json(), { message: authMessages.resetLinkInvalid });
      assert.deepEqual((await reset(app, 'x'.repeat(43))).json(), { message: authMessages.resetLinkInvalid });

      await app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).execute();
      const expired = await reset(app, newer);
      assert.equal(expired.statusCode, 400);
      assert.deepEqual(expired.json(), { message: authMessages.resetLinkInvalid });
      assert.ok(await login(app, user), 'the old password still works');
    });

    it('issues links that expire one hour after the request', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      await forgot(app, user.email);
      const row = await app.db.selectFrom('password_resets').select(['expires_at', 'created_at']).executeTakeFirstOrThrow();
      const lifetime = (row.expires_at.getTime() - Date.now()) / 1000;
      assert.ok(lifetime > 3590 && lifetime <= 3600, `lifetime ${lifetime}`);
    });
  });

  describe(`forgot password over SMTP (${backend})`, () => {
    it('delivers the reset mail to the SMTP server, and its link works once', async (t) => {
      const received: string[] = [];
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push(Buffer.concat(chunks).toString('utf8'));
            callback();
          });
        },
      });
      const server = smtp.listen(0, '127.0.0.1');
      await once(server, 'listening');
      t.after(() => new Promise<void>((resolve) => smtp.close(resolve)));
      const { port } = server.address() as AddressInfo;

      const app = await build(t, backend, {
        config: { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Private Sock5 <support@portal.test>' } },
      });
      const user = await register(app);
      const response = await forgot(app, user.email);
      assert.equal(response.statusCode, 200);
      assert.equal(received.length, 1);
      const mail = received[0] ?? '';
      assert.match(mail, /^From: Private Sock5 <support@portal\.test>/m);
      assert.match(mail, /^Subject: Reset your Private Sock5 password/m);
      const token = resetToken(mail);
      assert.equal((await reset(app, token)).statusCode, 200);
      assert.equal((await reset(app, token)).statusCode, 400);
      assert.ok(await login(app, { username: user.username, password: NEW_PASSWORD }));
      assert.deepEqual(await outboxMails(app), []);
    });

    it('answers as sent when the mail server is down, and the outbox delivers the link once it is back', async (t) => {
      const smtp = await smtpCatcher(t);
      await smtp.stop();
      const app = await build(t, backend, { config: { mail: { smtpUrl: smtp.url, from: 'Private Sock5 <support@portal.test>' } } });
      const user = await register(app);
      const response = await forgot(app, user.email);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { message: authMessages.forgotSent });
      assert.equal(smtp.received.length, 0);
      // The operator sees it waiting, with the reason.
      const report = await app.inject({ method: 'GET', url: '/api/operator/jobs', headers: { authorization: `Operator ${app.operatorControl.token}` } });
      assert.equal(report.statusCode, 200);
      const waiting = report.json<JobsReport>();
      assert.equal(waiting.pending, 1);
      assert.deepEqual(waiting.stuck.map((job) => [job.kind, job.state, job.attempts]), [['mail', 'pending', 1]]);
      assert.match(waiting.stuck[0]?.lastError ?? '', /ECONNREFUSED/);
      await smtp.start();
      // Due again 30 seconds after the failed attempt.
      await app.jobs.runDue(new Date(Date.now() + 31_000));
      assert.equal(smtp.received.length, 1);
      assert.equal((await reset(app, resetToken(smtp.received[0] ?? ''))).statusCode, 200);
      const after = await app.inject({ method: 'GET', url: '/api/operator/jobs', headers: { authorization: `Operator ${app.operatorControl.token}` } });
      assert.deepEqual(after.json<JobsReport>(), { pending: 0, running: 0, dead: 0, oldestDueSeconds: 0, stuck: [] });
    });
  });

  describe(`PUT /api/users/password/change/:userId (${backend})`, () => {
    async function signedIn(t: TestContext): Promise<{ app: App; user: TestUser; token: string }> {
      const app = await build(t, backend);
      const user = await register(app);
      return { app, user, token: await login(app, user) };
    }

    function change(app: App, token: string, userId: string, payload: object) {
      return injectWithLogin(app, token, { method: 'PUT', url: `/api/users/password/change/${userId}`, payload });
    }

    it('changes the password with the current one, keeps this session and ends the others', async (t) => {
      const { app, user, token: current } = await signedIn(t);
      // A second live session of the same account (logins replace each other, so made directly).
      const row = await app.db
        .insertInto('sessions')
        .values({ user_id: user.id, expires_at: new Date(Date.now() + 60_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const other = await app.sessions.sign(user.id, row.id, new Date(Date.now() + 60_000));
      assert.equal((await injectWithLogin(app, other, { method: 'GET', url: `/api/users/${user.id}` })).statusCode, 200);

      const response = await change(app, current, user.id, { oldPassword: user.password, newPassword: NEW_PASSWORD });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { message: authMessages.passwordChanged });
      assert.equal((await injectWithLogin(app, current, { method: 'GET', url: `/api/users/${user.id}` })).statusCode, 200);
      assert.equal((await injectWithLogin(app, other, { method: 'GET', url: `/api/users/${user.id}` })).statusCode, 401);
      assert.ok(await login(app, { username: user.username, password: NEW_PASSWORD }));
    });

    it('refuses a wrong or missing current password and a weak new one, changing nothing', async (t) => {
      const { app, user, token } = await signedIn(t);
      const cases = [
        [{ oldPassword: 'Wrong-Password-1', newPassword: NEW_PASSWORD }, authMessages.currentPasswordWrong],
        [{ oldPassword: '', newPassword: NEW_PASSWORD }, authMessages.currentPasswordRequired],
        [{ newPassword: NEW_PASSWORD }, authMessages.currentPasswordRequired],
        [{ oldPassword: user.password, newPassword: 'weak' }, authMessages.passwordComplexity],
        [{ oldPassword: user.password }, authMessages.passwordRequired],
      ] as const;
      for (const [payload, message] of cases) {
        const response = await change(app, token, user.id, payload);
        assert.equal(response.statusCode, 400, JSON.stringify(payload));
        assert.deepEqual(response.json(), { message });
      }
      assert.ok(await login(app, user), 'the password is unchanged');
    });

    it("answers 403 for another user's id and changes nothing there", async (t) => {
      const { app, token } = await signedIn(t);
      const bob = await register(app);
      const response = await change(app, token, bob.id, { oldPassword: bob.password, newPassword: NEW_PASSWORD });
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), { message: authMessages.notYourAccount });
      assert.ok(await login(app, bob));
    });

    it('counts wrong current passwords against the per-account limit', async (t) => {
      const app = await build(t, backend, { config: { auth: { loginFailureLimit: 2 } } });
      const user = await register(app);
      const token = await login(app, user);
      for (let i = 0; i < 2; i += 1) {
        const response = await change(app, token, user.id, { oldPassword: 'Wrong-Password-1', newPassword: NEW_PASSWORD });
        assert.equal(response.statusCode, 400);
      }
      const blocked = await change(app, token, user.id, { oldPassword: user.password, newPassword: NEW_PASSWORD });
      assert.equal(blocked.statusCode, 429);
      assert.ok(Number(blocked.headers['retry-after']) > 0);
      assert.equal((await rowCounts(app)).failed_logins, 2);
    });
  });
}
