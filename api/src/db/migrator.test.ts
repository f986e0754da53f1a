import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { backends, openTestDatabase } from '../test/helpers.ts';
import { listMigrations, migrate, migrationsDir } from './migrator.ts';

describe('migrations', () => {
  it('are numbered NNNN_name.sql with unique versions, starting with the accounts schema', async () => {
    const files = await listMigrations(migrationsDir);
    assert.equal(files[0]?.version, '0001');
    assert.equal(files[0]?.name, 'accounts');
  });

  it('refuse two files with one version', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    try {
      await writeFile(join(dir, '0001_a.sql'), 'select 1;');
      await writeFile(join(dir, '0001_b.sql'), 'select 1;');
      await assert.rejects(listMigrations(dir), /share version 0001/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

for (const backend of backends) {
  describe(`migrations on ${backend}`, () => {
    it('apply to an empty database once, in order, each recorded', async () => {
      const database = await openTestDatabase(backend, { migrated: false });
      try {
        const all = (await listMigrations()).map((file) => file.version);
        assert.deepEqual(await migrate(database.db), all);
        assert.deepEqual(await migrate(database.db), []);
        const recorded = await database.db.selectFrom('schema_migrations').select('version').orderBy('version').execute();
        assert.deepEqual(
          recorded.map((row) => row.version),
          all,
        );
      } finally {
        await database.close();
      }
    });

    it('roll back a failing file completely and leave it unrecorded', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
      const database = await openTestDatabase(backend, { migrated: false });
      try {
        await writeFile(join(dir, '0001_good.sql'), 'create table good (id int);');
        await writeFile(join(dir, '0002_bad.sql'), 'create table half (id int);\nselect no_such_function();');
        await assert.rejects(migrate(database.db, dir));
        const tables = await sql<{ name: string }>`
          select table_name as name from information_schema.tables where table_schema = current_schema() and table_name in ('good', 'half')`.execute(database.db);
        assert.deepEqual(
          tables.rows.map((row) => row.name),
          ['good'],
        );
        const recorded = await database.db.selectFrom('schema_migrations').select('version').execute();
        assert.deepEqual(
          recorded.map((row) => row.version),
          ['0001'],
        );
      } finally {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('several instances starting at once apply each file exactly once', async () => {
      const database = await openTestDatabase(backend);
      try {
        // The test database is already migrated; a new file must be applied by exactly one of the racers.
        const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
        for (const file of await listMigrations()) {
          await writeFile(join(dir, `${file.version}_${file.name}.sql`), 'select 1;');
        }
        await writeFile(join(dir, '9999_counter.sql'), 'create table race_counter (id int);');
        const results = await Promise.all([migrate(database.db, dir), migrate(database.db, dir), migrate(database.db, dir)]);
        assert.deepEqual(results.flat(), ['9999']);
        await rm(dir, { recursive: true, force: true });
      } finally {
        await database.close();
      }
    });
  });
}
