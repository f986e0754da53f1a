// The operator's grant-support command against the database the environment names (here an embedded one
// in a fresh data dir, as `npm start` uses by default).
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrator.ts';
import { createSupportRoles } from '../support/support-roles.ts';
import { grantSupport } from './grant-support.ts';

describe('grant-support command', () => {
  it('grants and revokes support for an existing account by username (any case), and says so', async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'private-sock5-cli-'));
    t.after(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir };

    const database = await openDatabase(loadConfig(env).database);
    await migrate(database.db);
    const user = await database.db
      .insertInto('users')
      .values({ username: 'Carol', email: 'carol@example.com', password_hash: 'unused' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.close();

    assert.deepEqual(await grantSupport([], env), { code: 2, output: 'usage: grant-support <username> [--revoke]' });
    assert.equal((await grantSupport(['--bogus', 'carol'], env)).code, 2);
    assert.deepEqual(await grantSupport(['nobody'], env), { code: 1, output: 'No account named "nobody".' });
    assert.deepEqual(await grantSupport(['carol'], env), { code: 0, output: 'carol is now in support.' });
    assert.deepEqual(await grantSupport(['CAROL'], env), { code: 0, output: 'CAROL was already in support.' });

    const check = async () => {
      const opened = await openDatabase(loadConfig(env).database);
      try {
        return await createSupportRoles(opened.db, []).isMember({ id: user.id, username: 'Carol' });
      } finally {
        await opened.close();
      }
    };
    assert.equal(await check(), true);
    assert.deepEqual(await grantSupport(['carol', '--revoke'], env), { code: 0, output: 'carol is no longer in support.' });
    assert.equal(await check(), false);
  });
});
