import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { backends, openTestDatabase } from '../test/helpers.ts';
import { openPGlite } from './database.ts';
import { migrate } from './migrator.ts';

describe('embedded database', () => {
  it('persists in its data dir across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pglite-data-'));
    try {
      const first = await openPGlite(join(dataDir, 'pglite'));
      await migrate(first.db);
      await first.db.insertInto('settings').values({ key: 'probe', value: 'kept' }).execute();
      await first.close();

      const second = await openPGlite(join(dataDir, 'pglite'));
      try {
        assert.deepEqual(await migrate(second.db), []);
        const row = await second.db.selectFrom('settings').select('value').where('key', '=', 'probe').executeTakeFirst();
        assert.equal(row?.value, 'kept');
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

for (const backend of backends) {
  describe(`database isolation and transactions (${backend})`, () => {
    it('keeps test databases apart and serialises transactions without losing writes', async () => {
      const a = await openTestDatabase(backend);
      const b = await openTestDatabase(backend);
      try {
        await a.db.insertInto('settings').values({ key: 'only-in-a', value: '1' }).execute();
        assert.equal((await b.db.selectFrom('settings').selectAll().execute()).length, 0);

        // Interleaved transactions on both databases, one of them rolled back.
        await Promise.all([
          a.db.transaction().execute(async (trx) => {
            await trx.insertInto('settings').values({ key: 'a-tx', value: '1' }).execute();
          }),
          b.db
            .transaction()
            .execute(async (trx) => {
              await trx.insertInto('settings').values({ key: 'b-tx', value: '1' }).execute();
              throw new Error('roll back');
            })
            .catch(() => undefined),
          b.db.insertInto('settings').values({ key: 'b-plain', value: '1' }).execute(),
        ]);
        const keys = async (database: typeof a) =>
          (await database.db.selectFrom('settings').select('key').orderBy('key').execute()).map((row) => row.key);
        assert.deepEqual(await keys(a), ['a-tx', 'only-in-a']);
        assert.deepEqual(await keys(b), ['b-plain']);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
}
