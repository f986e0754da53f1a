// Opens the database the config names: real PostgreSQL through a `pg` pool, or embedded PGlite persisted
// in the data dir. Both speak PostgreSQL, so the same migrations and Kysely queries run on either.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Schema } from './schema.ts';

export interface Database {
  db: Kysely<Schema>;
  kind: DatabaseConfig['kind'];
  /** The embedded instance itself (kind 'pglite' opened here): the in-process gateway listens on it. */
  pglite?: PGlite;
  /** PostgreSQL: the pool's connections now (open, idle, requests waiting for one); PGlite: none. */
  poolStats?(): { total: number; idle: number; waiting: number };
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

export interface OpenOptions {
  /**
   * Told about connection failures no query is waiting for (the server restarted, a connection was killed).
   * The pool drops such connections and opens new ones on demand; without a listener they would crash the
   * process.
   */
  onConnectionError?: (error: Error) => void;
}

/** PostgreSQL's application_name of our connections, so operators (and the fault tests) can find them. */
export function applicationName(schema: string | null): string {
  return schema === null ? 'private-sock5' : `private-sock5/${schema}`;
}

function openPostgres(config: Extract<DatabaseConfig, { kind: 'postgres' }>, options: OpenOptions): Database {
  const { url, schema } = config;
  if (schema !== null && !SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: pgTypes,
    application_name: applicationName(schema),
    // An unreachable server fails requests fast (503) instead of letting them hang.
    connectionTimeoutMillis: config.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // A statement stuck behind locks or a server in trouble is cancelled (57014 -> 503). Server side, so
    // startup work that may legitimately wait (migrations, seeding) lifts it with SET LOCAL.
    ...(config.queryTimeoutMs === undefined ? {} : { statement_timeout: config.queryTimeoutMs }),
    // A peer that vanished without closing the connection is noticed by TCP keepalive.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(schema === null ? {} : { options: `-c search_path=${schema}` }),
  });
  const onConnectionError =
    options.onConnectionError ?? ((error: Error) => process.emitWarning(`database connection lost: ${error.message}`));
  pool.on('error', onConnectionError);
  // The pool listens only while a connection is idle; a checked-out one that loses its server between two
  // queries would emit an unhandled 'error'. This listener stays for the connection's whole life.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** Embedded PostgreSQL persisted in `dataDir` (null: in memory). */
export async function openPGlite(dataDir: string | null): Promise<Database> {
  let lock: DataDirLock | null = null;
  if (dataDir !== null) {
    await mkdir(dataDir, { recursive: true });
    // One process per folder: the lock sits next to the database files, in the data dir.
    lock = await lockDataDir(`${dataDir}.lock`, dirname(dataDir));
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir === null ? {} : { dataDir });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = new Kysely<Schema>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
      await lock?.release();
    },
  };
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config, options) : openPGlite(config.dataDir);
}
