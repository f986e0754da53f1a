// The operator console's customer routes: only operators (customers and support members get 403, a visitor
// 401), each action writes its audit row with it, an adjustment is an `adjustment` ledger row, and a
// disabled account cannot sign in, its sessions and API keys stop working, and enabling restores it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authMessages } from 'contract/auth-rules';
import type { AuditPage } from 'contract/operator-audit';
import type { CustomerActionResult, CustomerDetail, CustomerSearchResult } from 'contract/operator-customers';
import { operatorMessages } from '../../../../plugins/operator-access.ts';
import { customerMessages } from '../../../../operator/customers.ts';
import { assertBalancesEqualLedger, balanceOf, customer } from '../../../../test/market-kit.ts';
import { backends, build, injectWithLogin, login, loginRequest, register, solveCaptcha, type TestUser } from '../../../../test/helpers.ts';
import type { App } from '../../../../app.ts';

const config = { marketplace: { inventorySize: 0, inventorySeed: 1, cacheMs: 0 } };

async function operator(app: App): Promise<{ id: string; username: string; token: string }> {
  const user = await register(app);
  await app.operatorRoles.grant(user.username);
  const { token } = await app.sessions.start(user.id);
  return { id: user.id, username: user.username, token };
}

async function auditRows(app: App) {
  return app.db.selectFrom('operator_audit').selectAll().orderBy('id').execute();
}

for (const backend of backends) {
  describe(`operator customers on ${backend}`, () => {
    it('refuses visitors (401), customers and support members (403) on every customer and audit route, writing nothing', async (t) => {
      const app = await build(t, backend, { config });
      const someone = await customer(app, 1000);
      const staff = await register(app);
      await app.repositories.supportRoles.grant(staff.username);
      const support = (await app.sessions.start(staff.id)).token;
      const routes = [
        { method: 'GET', url: '/api/operator/customers?q=buyer' },
        { method: 'GET', url: `/api/operator/customers/${someone.id}` },
        { method: 'POST', url: `/api/operator/customers/${someone.id}/adjustment`, payload: { amount: 5, reason: 'goodwill' } },
        { method: 'POST', url: `/api/operator/customers/${someone.id}/end-sessions` },
        { method: 'POST', url: `/api/operator/customers/${someone.id}/disabled`, payload: { disabled: true, reason: 'fraud' } },
        { method: 'GET', url: '/api/operator/audit' },
      ] as const;
      for (const route of routes) {
        const options = { method: route.method, url: route.url, ...('payload' in route ? { payload: route.payload } : {}) };
        assert.equal((await app.inject(options)).statusCode, 401, route.url);
        for (const token of [someone.token, support]) {
          const refused = await injectWithLogin(app, token, options);
          assert.equal(refused.statusCode, 403, `${route.url}: ${refused.body}`);
          assert.equal(refused.json<{ message: string }>().message, operatorMessages.operatorsOnly);
        }
      }
      assert.equal(await balanceOf(app, someone.id), 1000);
      assert.equal((await auditRows(app)).length, 0);
      assert.equal(await app.repositories.users.isDisabled(someone.id), false);
    });

    it('a staff role is never granted from the web: the roles route refuses even an operator', async (t) => {
      const app = await build(t, backend, { config });
      const op = await operator(app);
      const someone = await register(app);
      const refused = await injectWithLogin(app, op.token, { method: 'POST', url: '/api/operator/roles', payload: { username: someone.username, role: 'operator', revoke: false } });
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json<{ message: string }>().message, operatorMessages.commandOnly);
      assert.equal(await app.operatorRoles.holds(someone.id), false);
      // The command on this machine, with the instance's secret, may; the change is audited.
      const granted = await app.inject({
        method: 'POST',
        url: '/api/operator/roles',
        headers: { authorization: `Operator ${app.operatorControl.token}`, 'x-operator-actor': 'grant-operator command (root)' },
        payload: { username: someone.username, role: 'operator', revoke: false },
      });
      assert.equal(granted.statusCode, 200, granted.body);
      assert.equal(await app.operatorRoles.holds(someone.id), true);
      const [row] = await auditRows(app);
      assert.equal(row?.actor, 'grant-operator command (root)');
      assert.equal(row?.action, 'role.grant');
      assert.deepEqual(row?.after, { role: 'operator', held: true });
      // The user details tell the shell which console to show.
      const details = await injectWithLogin(app, op.token, { method: 'GET', url: `/api/users/${op.id}` });
      assert.deepEqual(details.json<{ roles: string[] }>().roles, ['operator']);
    });

    it('searches by username or e-mail and shows a customer with balance, ledger, sessions and sign-ins', async (t) => {
      const app = await build(t, backend, { config });
      const op = await operator(app);
      const carol = await register(app, { username: 'Carol_Search', email: 'carol.x@example.org' });
      await login(app, carol);
      const get = (url: string) => injectWithLogin(app, op.token, { method: 'GET', url });
      for (const q of ['carol_s', 'CAROL.X@EXAMPLE']) {
        const found = (await get(`/api/operator/customers?q=${encodeURIComponent(q)}`)).json<CustomerSearchResult>();
        assert.deepEqual(found.customers.map((c) => c.username), ['Carol_Search'], q);
      }
      // Wildcards are literal: '%' finds nobody.
      assert.deepEqual((await get('/api/operator/customers?q=%25')).json<CustomerSearchResult>().customers, []);
      const page = (await get(`/api/operator/customers/${carol.id}`)).json<CustomerDetail>();
      assert.equal(page.username, 'Carol_Search');
      assert.equal(page.balance, 0);
      assert.equal(page.sessions.length, 1);
      assert.equal(page.signIns.length, 1);
      assert.equal(page.disabled, false);
      assert.equal((await get('/api/operator/customers/00000000-0000-4000-8000-000000000000')).statusCode, 404);
      assert.equal((await get('/api/operator/customers/not-an-id')).statusCode, 404);
    });

    it('an adjustment is an adjustment ledger row with its audit row; bad input writes neither', async (t) => {
      const app = await build(t, backend, { config });
      const op = await operator(app);
      const someone = await customer(app, 1000);
      const adjust = (payload: object) => injectWithLogin(app, op.token, { method: 'POST', url: `/api/operator/customers/${someone.id}/adjustment`, payload });

      for (const [payload, status, message] of [
        [{ amount: 5, reason: '   ' }, 400, customerMessages.reasonRequired],
        [{ amount: 0, reason: 'nothing' }, 400, customerMessages.amountInvalid],
        [{ amount: 1.234, reason: 'fraction' }, 400, customerMessages.amountInvalid],
        [{ amount: -10.01, reason: 'too much' }, 409, customerMessages.debitTooLarge('$10.00')],
      ] as const) {
        const refused = await adjust(payload);
        assert.equal(refused.statusCode, status, refused.body);
        assert.equal(refused.json<{ message: string }>().message, message);
      }
      assert.equal(await balanceOf(app, someone.id), 1000);
      assert.equal((await auditRows(app)).length, 0, 'a refused adjustment leaves no audit row');

      const credited = await adjust({ amount: 2.5, reason: 'double charge on lease 7' });
      assert.equal(credited.statusCode, 200, credited.body);
      const result = credited.json<CustomerActionResult>();
      assert.equal(result.message, 'Credited $2.50; the balance is now $12.50.');
      assert.equal(result.customer.balance, 12.5);
      const debited = await adjust({ amount: -12.5, reason: 'chargeback' });
      assert.equal(debited.json<CustomerActionResult>().message, 'Debited $12.50; the balance is now $0.00.');
      assert.equal(await balanceOf(app, someone.id), 0);

      const ledger = await app.db.selectFrom('ledger').select(['kind', 'amount_cents', 'reference']).where('user_id', '=', someone.id).orderBy('id').execute();
      const audit = await auditRows(app);
      assert.deepEqual(
        ledger.map((row) => [row.kind, Number(row.amount_cents), row.reference]),
        [
          ['topup', 1000, ledger[0]!.reference],
          ['adjustment', 250, `audit:${audit[0]!.id}`],
          ['adjustment', -1250, `audit:${audit[1]!.id}`],
        ],
      );
      assert.equal(audit[0]!.actor, op.username);
      assert.equal(audit[0]!.actor_id, op.id);
      assert.equal(audit[0]!.action, 'balance.adjust');
      assert.equal(audit[0]!.target, `user:${someone.id}`);
      assert.deepEqual(audit[0]!.before, { balance: 10 });
      assert.deepEqual(audit[0]!.after, { balance: 12.5, amount: 2.5, reason: 'double charge on lease 7' });
      await assertBalancesEqualLedger(app);

      // The audit page filters by actor, action, target and day.
      const read = (query: string) => injectWithLogin(app, op.token, { method: 'GET', url: `/api/operator/audit?${query}` }).then((r) => r.json<AuditPage>());
      assert.equal((await read(`actor=${op.username.slice(2, 8).toUpperCase()}`)).rows.length, 2);
      assert.equal((await read('actor=nobody')).rows.length, 0);
      assert.equal((await read('action=balance')).rows.length, 2);
      assert.equal((await read('action=balance.adjust')).rows.length, 2);
      assert.equal((await read('action=account')).rows.length, 0);
      assert.equal((await read(`target=user:${someone.id}`)).rows.length, 2);
      const today = new Date().toISOString().slice(0, 10);
      assert.equal((await read(`from=${today}&to=${today}`)).rows.length, 2);
      assert.equal((await read('to=2000-01-01')).rows.length, 0);
      assert.deepEqual((await read('')).rows.map((row) => row.after), [
        { balance: 0, amount: -12.5, reason: 'chargeback' },
        { balance: 12.5, amount: 2.5, reason: 'double charge on lease 7' },
      ]);
      const bad = await injectWithLogin(app, op.token, { method: 'GET', url: '/api/operator/audit?from=26-11-2026' });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json<{ message: string }>().message, 'from must be a day as YYYY-MM-DD.');
    });

    it('ends every session of a customer, audited', async (t) => {
      const app = await build(t, backend, { config });
      const op = await operator(app);
      const someone = await customer(app, 0);
      const ended = await injectWithLogin(app, op.token, { method: 'POST', url: `/api/operator/customers/${someone.id}/end-sessions` });
      assert.equal(ended.statusCode, 200, ended.body);
      assert.equal(ended.json<CustomerActionResult>().message, 'Ended 1 session.');
      assert.equal((await injectWithLogin(app, someone.token, { method: 'GET', url: `/api/users/${someone.id}` })).statusCode, 401);
      const [row] = await auditRows(app);
      assert.equal(row?.action, 'sessions.end');
      assert.deepEqual(row?.before, { sessions: 1 });
    });

    it('a disabled account cannot sign in (with a clear message), its session and API keys stop; enabling restores', async (t) => {
      const app = await build(t, backend, { config });
      const op = await operator(app);
      const dave: TestUser = await register(app);
      const token = await login(app, dave);
      const created = await app.repositories.apiKeys.create(dave.id, 'script', ['read']);
      assert.ok(created.ok);
      const key = created.key;
      const v1 = () => app.inject({ method: 'GET', url: '/api/v1/balance', headers: { authorization: `Bearer ${key}` } });
      assert.equal((await v1()).statusCode, 200);

      const setDisabled = (payload: object) => injectWithLogin(app, op.token, { method: 'POST', url: `/api/operator/customers/${dave.id}/disabled`, payload });
      const noReason = await setDisabled({ disabled: true });
      assert.equal(noReason.statusCode, 400);
      assert.equal(noReason.json<{ message: string }>().message, customerMessages.reasonRequired);
      assert.equal(await app.repositories.users.isDisabled(dave.id), false);

      const disabled = await setDisabled({ disabled: true, reason: 'card fraud' });
      assert.equal(disabled.statusCode, 200, disabled.body);
      assert.equal(disabled.json<CustomerActionResult>().customer.disabledReason, 'card fraud');
      assert.equal((await injectWithLogin(app, token, { method: 'GET', url: `/api/users/${dave.id}` })).statusCode, 401, 'the session ended');
      assert.equal((await v1()).statusCode, 401, 'its API keys are refused');
      const refused = await loginRequest(app, dave.username, dave.password, await solveCaptcha(app));
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json<{ message: string }>().message, authMessages.accountDisabled);
      // A wrong password still says only that: the account's state is not told to a guesser.
      const guess = await loginRequest(app, dave.username, 'Wrong-Password-1', await solveCaptcha(app));
      assert.equal(guess.json<{ message: string }>().message, authMessages.wrongCredentials);

      const enabled = await setDisabled({ disabled: false });
      assert.equal(enabled.statusCode, 200);
      assert.equal(enabled.json<CustomerActionResult>().message, 'The account is enabled again.');
      await login(app, dave);
      assert.equal((await v1()).statusCode, 200);
      const audit = await auditRows(app);
      assert.deepEqual(audit.map((row) => row.action), ['account.disable', 'account.enable']);
      assert.deepEqual(audit[0]!.before, { disabled: false, reason: null });
      assert.deepEqual(audit[0]!.after, { disabled: true, reason: 'card fraud' });
    });
  });
}
