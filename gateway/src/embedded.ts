// The gateway's one entry for a host process. The API starts it in-process on embedded defaults, where the
// database is an in-process PGlite only the API can reach; the API's tests also start it over PostgreSQL.
// Everything else (config parsing, sessions, the lease directory) is the same as in a gateway process.
import { loadGatewayConfig } from './config.ts';
import { startGateway } from './gateway.ts';
import type { Logger } from './logger.ts';
import { createPgAdapter } from './pg-adapter.ts';
import { createPGliteAdapter, type PGliteSession } from './pglite-adapter.ts';

export type EmbeddedDatabase =
  | {
      kind: 'pglite';
      pglite: PGliteSession;
      /** Runs a function while the host holds the PGlite session outside any transaction. */
      exclusive<T>(fn: () => Promise<T>): Promise<T>;
    }
  | { kind: 'postgres'; url: string; schema: string | null };

export interface EmbeddedGatewayOptions {
  database: EmbeddedDatabase;
  /** The GATEWAY_* variables, parsed exactly as a gateway process parses its environment. */
  environment: Record<string, string>;
  log: Logger;
}

export interface EmbeddedGateway {
  /** Writes the usage gathered so far (otherwise written every GATEWAY_USAGE_FLUSH_MS). */
  flushUsage(): Promise<void>;
  close(): Promise<void>;
}

export async function startEmbeddedGateway(options: EmbeddedGatewayOptions): Promise<EmbeddedGateway> {
  const config = loadGatewayConfig(options.environment);
  const { database } = options;
  const adapter =
    database.kind === 'pglite'
      ? createPGliteAdapter(database.pglite, { exclusive: database.exclusive })
      : createPgAdapter({ url: database.url, schema: database.schema, onError: (error) => options.log.warn({ err: error }, 'gateway: database error') });
  // Embedded PGlite means one process: the limits live in its memory. Over PostgreSQL (the API's tests) the
  // gateway counts in the database, as a gateway process would.
  const gateway = await startGateway({ config, adapter, log: options.log, limits: database.kind === 'pglite' ? 'memory' : 'shared' });
  return {
    flushUsage: () => gateway.flushUsage(),
    async close() {
      await gateway.close();
      await adapter.close();
    },
  };
}
