// Who may stock the shop: an account with the operator role (granted from the command line only), or the
// inventory command on the instance's own machine with its control secret. Everyone else is refused before
// anything is read; a revoked operator is refused at the next call.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authMessages } from 'contract/auth-rules';
import { customer } from '../../../../test/market-kit.ts';
import { operatorMessages } from '../../../../plugins/operator-access.ts';
import { backends, build, injectWithLogin, register } from '../../../../test/helpers.ts';

const ROUTES = [
  { method: 'GET', url: '/api/operator/inventory' },
  { method: 'POST', url: '/api/operator/inventory/import', payload: '198.51.100.1:1080\n', type: 'text/plain' },
  { method: 'POST', url: '/api/operator/inventory/check', payload: {} },
  { method: 'POST', url: '/api/operator/inventory/retire', payload: { source: 'file' } },
  { method: 'GET', url: '/api/operator/jobs' },
] as const;

for (const backend of backends) {
  describe(`operator access on ${backend}`, () => {
    it('refuses visitors (401), customers (403) and a wrong or remote control secret (401), on every operator route', async (t) => {
      const app = await build(t, backend, { config: { marketplace: { inventorySize: 0, inventorySeed: 1, cacheMs: 0 } } });
      const someone = await customer(app, 0);
      for (const route of ROUTES) {
        const options = {
          method: route.method,
          url: route.url,
          ...('payload' in route ? { payload: route.payload } : {}),
          headers: 'type' in route ? { 'content-type': route.type } : {},
        };
        const visitor = await app.inject(options);
        assert.equal(visitor.statusCode, 401, `${route.url} ${visitor.body}`);
        assert.equal(visitor.json<{ message: string }>().message, authMessages.sessionEnded);
        const customerCall = await injectWithLogin(app, someone.token, options);
        assert.equal(customerCall.statusCode, 403, route.url);
        assert.equal(customerCall.json<{ message: string }>().message, operatorMessages.operatorsOnly);
        const wrong = await app.inject({ ...options, headers: { ...options.headers, authorization: 'Operator not-the-secret' } });
        assert.equal(wrong.statusCode, 401, route.url);
        const remote = await app.inject({
          ...options,
          remoteAddress: '203.0.113.9',
          headers: { ...options.headers, authorization: `Operator ${app.operatorControl.token}` },
        });
        assert.equal(remote.statusCode, 401, `${route.url}: the secret works from loopback only`);
        assert.equal(remote.json<{ message: string }>().message, operatorMessages.badControlToken);
      }
      const count = await app.db.selectFrom('settings').select('key').where('key', 'like', 'exit%').execute();
      assert.equal(count.length, 1, 'only the key setting; nothing imported');
    });

    it('an operator granted from the command line may act; revoked, refused at the next call', async (t) => {
      const app = await build(t, backend, { config: { marketplace: { inventorySize: 0, inventorySeed: 1, cacheMs: 0 } } });
      const user = await register(app);
      const { token } = await app.sessions.start(user.id);
      assert.equal((await injectWithLogin(app, token, { method: 'GET', url: '/api/operator/inventory' })).statusCode, 403);
      assert.deepEqual(await app.operatorRoles.grant(user.username.toUpperCase()), { ok: true, userId: user.id, changed: true });
      const summary = await injectWithLogin(app, token, { method: 'GET', url: '/api/operator/inventory' });
      assert.equal(summary.statusCode, 200);
      assert.deepEqual(summary.json(), { sources: [], forSale: 0, leased: 0 });
      const imported = await injectWithLogin(app, token, {
        method: 'POST',
        url: '/api/operator/inventory/import',
        payload: '198.51.100.1:1080\n',
        headers: { 'content-type': 'text/plain' },
      });
      assert.equal(imported.statusCode, 200, imported.body);
      // No checker runs in this app: a check says so instead of pretending.
      const check = await injectWithLogin(app, token, { method: 'POST', url: '/api/operator/inventory/check', payload: {} });
      assert.equal(check.statusCode, 503);
      await app.operatorRoles.revoke(user.username);
      assert.equal((await injectWithLogin(app, token, { method: 'GET', url: '/api/operator/inventory' })).statusCode, 403);
    });

    it('audits every action of an operator: import, check, retire, the outbox read and the backup', async (t) => {
      const app = await build(t, backend, { config: { marketplace: { inventorySize: 0, inventorySeed: 1, cacheMs: 0 } } });
      const user = await register(app);
      await app.operatorRoles.grant(user.username);
      const { token } = await app.sessions.start(user.id);
      const act = (options: Parameters<typeof injectWithLogin>[2]) => injectWithLogin(app, token, options);
      assert.equal((await act({ method: 'POST', url: '/api/operator/inventory/import?source=audited', payload: '198.51.100.1:1080\n', headers: { 'content-type': 'text/plain' } })).statusCode, 200);
      assert.equal((await act({ method: 'POST', url: '/api/operator/inventory/import?source=audited', payload: '198.51.100.1:99999\n', headers: { 'content-type': 'text/plain' } })).statusCode, 422);
      assert.equal((await act({ method: 'POST', url: '/api/operator/inventory/retire', payload: { source: 'audited' } })).statusCode, 200);
      assert.equal((await act({ method: 'GET', url: '/api/operator/jobs' })).statusCode, 200);
      const backup = await act({ method: 'GET', url: '/api/operator/backup' });
      assert.equal(backup.statusCode, backend === 'pglite' ? 200 : 409);
      // The command on the server is audited under the name it gives.
      const byCommand = await app.inject({ method: 'GET', url: '/api/operator/jobs', headers: { authorization: `Operator ${app.operatorControl.token}`, 'x-operator-actor': 'inventory command (ops)' } });
      assert.equal(byCommand.statusCode, 200);
      const rows = await app.db.selectFrom('operator_audit').select(['actor', 'actor_id', 'action', 'target', 'after']).orderBy('id').execute();
      assert.deepEqual(
        rows.map((row) => [row.actor, row.action, row.target]),
        [
          [user.username, 'inventory.import', 'source:audited'],
          [user.username, 'inventory.import', 'source:audited'],
          [user.username, 'inventory.retire', 'source:audited'],
          [user.username, 'jobs.view', 'outbox'],
          ...(backend === 'pglite' ? [[user.username, 'backup.download', 'database']] : []),
          ['inventory command (ops)', 'jobs.view', 'outbox'],
        ],
      );
      assert.equal(rows[0]!.actor_id, user.id);
      assert.equal((rows[1]!.after as { imported: boolean }).imported, false, 'a refused import is recorded as refused');
      assert.deepEqual(rows[2]!.after, { retired: 1 });
    });
  });
}
