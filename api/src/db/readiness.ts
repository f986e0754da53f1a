// Whether the database answers a trivial query within a short time: the readiness probe's question.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Schema } from './schema.ts';

export async function databaseReachable(db: Kysely<Schema>, timeoutMs: number): Promise<boolean> {
  const controller = new AbortController();
  const probe = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  const timeout = sleep(timeoutMs, false, { signal: controller.signal }).catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    controller.abort();
  }
}
