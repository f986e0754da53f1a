// Opens the database the config names: real PostgreSQL through a `pg` pool, or embedded PGlite persisted
// in the data dir. Both speak PostgreSQL, so the same migrations and Kysely queries run on either.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Schema } from './schema.ts';

export interface Database {
  db: Kysely<Schema>;
  kind: DatabaseConfig['kind'];
  /** The embedded instance itself (kind 'pglite' opened here): the in-process gateway listens on it. */
  pglite?: PGlite;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** bigint columns (cents, counts) as JS numbers on both drivers; amounts stay far below 2^53. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

function openPostgres(url: string, schema: string | null): Database {
  if (schema !== null && !SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: pgTypes,
    ...(schema === null ? {} : { options: `-c search_path=${schema}` }),
  });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** Embedded PostgreSQL persisted in `dataDir` (null: in memory). */
export async function openPGlite(dataDir: string | null): Promise<Database> {
  if (dataDir !== null) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir === null ? {} : { dataDir });
  const db = new Kysely<Schema>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url, config.schema) : openPGlite(config.dataDir);
}
