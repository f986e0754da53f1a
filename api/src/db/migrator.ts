// Applies api/migrations/NNNN_name.sql in version order, each file in its own transaction, and records it in
// schema_migrations. Several instances may start at once: every step holds a transaction-scoped advisory
// lock, so exactly one of them applies a given file and the others see it recorded.
// A feature adds its tables by adding the next numbered file (0002_marketplace.sql, ...); applied files are
// never edited.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Schema } from './schema.ts';

export const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Arbitrary constant naming "the migration lock" for pg_advisory_xact_lock. */
const MIGRATION_LOCK_KEY = 7_312_005_001;

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

export async function listMigrations(dir: string = migrationsDir): Promise<MigrationFile[]> {
  const files: MigrationFile[] = [];
  for (const entry of (await readdir(dir)).sort()) {
    const match = FILE_NAME.exec(entry);
    if (!match?.[1] || !match[2]) continue;
    if (files.some((file) => file.version === match[1])) {
      throw new Error(`two migrations share version ${match[1]} in ${dir}`);
    }
    files.push({ version: match[1], name: match[2], path: join(dir, entry) });
  }
  return files;
}

/** Returns the versions this call applied (empty when the database was already up to date). */
export async function migrate(db: Kysely<Schema>, dir: string = migrationsDir): Promise<string[]> {
  const applied: string[] = [];
  for (const file of await listMigrations(dir)) {
    const script = await readFile(file.path, 'utf8');
    const didApply = await db.transaction().execute(async (trx) => {
      // Schema changes and waiting for another instance's may outlast a request's statement limit.
      await sql`set local statement_timeout = 0`.execute(trx);
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
      await sql`
        create table if not exists schema_migrations (
          version    text primary key,
          name       text not null,
          applied_at timestamptz not null default now()
        )`.execute(trx);
      const done = await trx
        .selectFrom('schema_migrations')
        .select('version')
        .where('version', '=', file.version)
        .executeTakeFirst();
      if (done) return false;
      await sql.raw(script).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: file.version, name: file.name }).execute();
      return true;
    });
    if (didApply) applied.push(file.version);
  }
  return applied;
}
