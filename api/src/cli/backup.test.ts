// The embedded database's backup and restore, round trip: taken from a running instance (which alone may
// open its files), restored into the data folder once it is stopped, and the restored shop holds what the
// backup held and nothing written after it.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openPGlite } from '../db/database.ts';
import { writeControlFile } from '../operator/operator-control.ts';
import { build, register } from '../test/helpers.ts';
import { backup, restore } from './backup.ts';

describe('npm run backup / restore (embedded database)', () => {
  it('backs up a running instance consistently and restores it once stopped, keeping the replaced files', async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'private-sock5-backup-'));
    t.after(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const pgliteDir = join(dataDir, 'pglite');
    const file = join(dataDir, 'backups', 'shop.tar.gz');

    const database = await openPGlite(pgliteDir);
    const app = await build(t, 'pglite', { database });
    await app.listen({ host: '127.0.0.1', port: 0 });
    await writeControlFile(join(dataDir, 'operator-control.json'), {
      url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      token: app.operatorControl.token,
      pid: process.pid,
    });
    const kept = await register(app);
    const taken = await backup([file], env);
    assert.equal(taken.code, 0, taken.output);
    assert.match(taken.output, /^backed up the running instance's database \(\d+ bytes\) to /);
    const later = await register(app);

    // While it runs, nothing may replace its files.
    const refused = await restore([file], env);
    assert.equal(refused.code, 1);
    assert.match(refused.output, /^stop the portal first: /);

    await app.close();
    await database.close();
    await rm(join(dataDir, 'operator-control.json'));

    // Not a backup: refused, the files untouched.
    await writeFile(join(dataDir, 'junk.tar.gz'), 'not a tarball');
    const junk = await restore([join(dataDir, 'junk.tar.gz')], env);
    assert.equal(junk.code, 1);
    assert.match(junk.output, /is not a backup of this shop's embedded database/);

    const restored = await restore([file], env);
    assert.equal(restored.code, 0, restored.output);
    assert.ok((await readdir(dataDir)).some((name) => name.startsWith('pglite.before-restore-')), 'the replaced files are kept');
    const reopened = await openPGlite(pgliteDir);
    try {
      const names = (await reopened.db.selectFrom('users').select('username').execute()).map((row) => row.username);
      assert.ok(names.includes(kept.username), 'what the backup held is back');
      assert.ok(!names.includes(later.username), 'what was written after the backup is not');
    } finally {
      await reopened.close();
    }

    // With nothing running, the command opens the files itself.
    const offline = await backup([join(dataDir, 'offline.tar.gz')], env);
    assert.equal(offline.code, 0, offline.output);
    assert.match(offline.output, /^backed up the embedded database/);
  });

  it('refuses with DATABASE_URL, pointing at pg_dump', async () => {
    const result = await backup(['x.tar.gz'], { DATABASE_URL: 'postgres://app@db/shop' });
    assert.equal(result.code, 1);
    assert.match(result.output, /pg_dump/);
  });
});
