// The SqlAdapter over embedded PGlite, for the gateway running inside the API process. PGlite is a single
// session: whoever else uses it (the API's query builder) may have a transaction open on it, and a query
// slipped in between would run inside that transaction. So the owner passes `exclusive`, which runs a
// function while it holds the session (outside any transaction, search_path set); alone, the adapter uses
// the session directly.
import type { SqlAdapter } from './sql-adapter.ts';

/** The part of PGlite the adapter uses, so this package does not need PGlite itself at runtime. */
export interface PGliteSession {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  onNotification(callback: (channel: string, payload: string) => void): () => void;
}

export interface PGliteAdapterOptions {
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function createPGliteAdapter(pglite: PGliteSession, options: PGliteAdapterOptions = {}): SqlAdapter {
  const exclusive = options.exclusive ?? (<T>(fn: () => Promise<T>) => fn());
  const stops = new Set<() => Promise<void>>();
  return {
    query<R>(text: string, params: readonly unknown[] = []) {
      return exclusive(async () => (await pglite.query<R>(text, [...params])).rows);
    },

    async listen(channel, onPayload) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name "${channel}"`);
      const unsubscribe = pglite.onNotification((name, payload) => {
        if (name === channel) onPayload(payload);
      });
      await exclusive(() => pglite.query(`LISTEN ${channel}`));
      // In-process notifications cannot be lost, so there is never a gap to report.
      const stop = async () => {
        stops.delete(stop);
        unsubscribe();
      };
      stops.add(stop);
      return stop;
    },

    async close() {
      await Promise.all([...stops].map((stop) => stop()));
    },
  };
}
