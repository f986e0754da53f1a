// grant-operator and grant-support while the portal runs on the embedded database (its process holds the
// database, so the command asks it), and with nothing running (the command opens the database itself).
// Either way the change is in the operator audit log under the command's name and who ran it.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { loopbackUrl, removeControlFile, writeControlFile } from '../operator/operator-control.ts';
import { register, testConfig } from '../test/helpers.ts';
import { grantOperator } from './grant-operator.ts';
import { grantSupport } from './grant-support.ts';

describe('grant-operator and grant-support', () => {
  it('work while the portal runs on embedded defaults, through the running process, and are audited', async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'private-sock5-grant-'));
    t.after(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, USER: 'root-on-box', LOG_LEVEL: 'silent' };
    const config = testConfig(dataDir, { marketplace: { inventorySize: 0, inventorySeed: 1, cacheMs: 0 }, inventory: { demo: false } });
    const app = await buildApp(config);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const control = { url: loopbackUrl('127.0.0.1', (app.server.address() as AddressInfo).port), token: app.operatorControl.token, pid: process.pid };
    await writeControlFile(config.inventory.controlFile, control);
    let carolId: string;
    try {
      const carol = await register(app, { username: 'Carol' });
      carolId = carol.id;
      assert.deepEqual(await grantOperator(['carol'], env), { code: 0, output: 'carol is now an operator.' });
      assert.equal(await app.operatorRoles.holds(carol.id), true, 'written by the running process');
      assert.deepEqual(await grantOperator(['CAROL'], env), { code: 0, output: 'CAROL was already an operator.' });
      assert.deepEqual(await grantSupport(['carol'], env), { code: 0, output: 'carol is now in support.' });
      assert.deepEqual(await grantOperator(['nobody'], env), { code: 1, output: 'No account named "nobody".' });
      assert.deepEqual(await grantOperator(['carol', '--revoke'], env), { code: 0, output: 'carol is no longer an operator.' });
      assert.equal(await app.operatorRoles.holds(carol.id), false);
      const rows = await app.db.selectFrom('operator_audit').select(['actor', 'actor_id', 'action', 'target', 'before', 'after']).orderBy('id').execute();
      assert.deepEqual(
        rows.map((row) => [row.actor, row.actor_id, row.action, row.target, row.after]),
        [
          ['grant-operator command (root-on-box)', null, 'role.grant', `user:${carol.id}`, { role: 'operator', held: true }],
          ['grant-operator command (root-on-box)', null, 'role.grant', `user:${carol.id}`, { role: 'operator', held: true }],
          ['grant-support command (root-on-box)', null, 'role.grant', `user:${carol.id}`, { role: 'support', held: true }],
          ['grant-operator command (root-on-box)', null, 'role.revoke', `user:${carol.id}`, { role: 'operator', held: false }],
        ],
      );
      assert.deepEqual(rows[1]!.before, { role: 'operator', held: true }, 'a grant that changed nothing says so');
    } finally {
      await removeControlFile(config.inventory.controlFile, control.token);
      await app.close();
    }

    // Nothing runs: the command opens the embedded database itself, and audits there.
    assert.deepEqual(await grantOperator(['carol'], env), { code: 0, output: 'carol is now an operator.' });
    const database = await openDatabase(config.database);
    try {
      const roles = await database.db.selectFrom('staff_roles').select('role').where('user_id', '=', carolId).orderBy('role').execute();
      assert.deepEqual(roles.map((row) => row.role), ['operator', 'support']);
      const last = await database.db.selectFrom('operator_audit').select(['actor', 'action']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      assert.deepEqual(last, { actor: 'grant-operator command (root-on-box)', action: 'role.grant' });
    } finally {
      await database.close();
    }
  });
});
