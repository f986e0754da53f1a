// The SqlAdapter over real PostgreSQL: a small pool for queries and one dedicated connection that LISTENs,
// re-established with back-off when it drops (a restarted database, a failover), after which the caller
// is told to re-read, since notifications sent meanwhile are lost.
import pg from 'pg';
import type { SqlAdapter } from './sql-adapter.ts';

export interface PgAdapterOptions {
  url: string;
  /** Pins search_path (tests run each suite in its own schema). */
  schema?: string | null;
  poolSize?: number;
  onError?: (error: unknown) => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const bigintAsNumber = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export function createPgAdapter(options: PgAdapterOptions): SqlAdapter {
  const schema = options.schema ?? null;
  if (schema !== null && !SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  const clientConfig = {
    connectionString: options.url,
    types: bigintAsNumber,
    ...(schema === null ? {} : { options: `-c search_path=${schema}` }),
  };
  const pool = new pg.Pool({ ...clientConfig, max: options.poolSize ?? 4 });
  const onError = options.onError ?? (() => {});
  pool.on('error', onError);
  const listeners = new Set<{ stop(): Promise<void> }>();
  let closed = false;

  return {
    async query<R>(text: string, params: readonly unknown[] = []) {
      const result = await pool.query(text, params as unknown[]);
      return result.rows as R[];
    },

    async listen(channel, onPayload, onGap) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name "${channel}"`);
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | null = null;
      let backoffMs = 100;

      const connect = async (): Promise<void> => {
        const next = new pg.Client(clientConfig);
        next.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        next.on('error', (error) => {
          onError(error);
          reconnect(next);
        });
        next.on('end', () => reconnect(next));
        await next.connect();
        await next.query(`LISTEN ${channel}`);
        if (stopped) {
          await next.end().catch(() => {});
          return;
        }
        client = next;
        backoffMs = 100;
      };

      const reconnect = (lost: pg.Client) => {
        if (client !== lost || stopped || closed) return;
        client = null;
        lost.end().catch(() => {});
        const attempt = () => {
          retry = null;
          if (stopped || closed) return;
          connect().then(
            () => onGap?.(),
            (error: unknown) => {
              onError(error);
              backoffMs = Math.min(backoffMs * 2, 5000);
              retry = setTimeout(attempt, backoffMs);
            },
          );
        };
        retry = setTimeout(attempt, backoffMs);
      };

      await connect();
      const handle = {
        async stop() {
          stopped = true;
          listeners.delete(handle);
          if (retry) clearTimeout(retry);
          const current = client;
          client = null;
          await current?.end().catch(() => {});
        },
      };
      listeners.add(handle);
      return () => handle.stop();
    },

    async close() {
      closed = true;
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}
