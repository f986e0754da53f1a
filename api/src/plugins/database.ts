// Opens the database, brings its schema up to date and exposes it as `app.db`.
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrator.ts';
import type { Schema } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Schema>;
    /** The PostgreSQL pool's connections now; null on PGlite (for /metrics). */
    databasePool(): { total: number; idle: number; waiting: number } | null;
    /** The embedded database's files as a gzipped tarball, consistent while serving; null on PostgreSQL. */
    embeddedBackup(): Promise<Buffer> | null;
  }
}

export interface DatabasePluginOptions {
  config: DatabaseConfig;
  /** An already open database (tests sharing one between instances); its owner closes it. */
  database?: Database | undefined;
}

export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const database =
      options.database ??
      (await openDatabase(options.config, {
        onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost; the pool reconnects on demand'),
      }));
    const owned = options.database === undefined;
    try {
      const applied = await migrate(database.db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    } catch (error) {
      if (owned) await database.close();
      throw error;
    }
    app.decorate('db', database.db);
    app.decorate('databasePool', () => database.poolStats?.() ?? null);
    const { pglite } = database;
    app.decorate('embeddedBackup', () => {
      if (!pglite) return null;
      // On the query builder's one connection: no statement of ours runs while the files are read.
      return database.db.connection().execute(async () => Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
    });
    if (owned) app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
