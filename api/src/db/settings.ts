// Secrets the operator did not set are generated once and kept in the `settings` table, so restarts keep
// sessions valid and every instance on the same database signs with the same key.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from './schema.ts';

export async function loadOrCreateSecret(db: Kysely<Schema>, key: string, configured: string | null): Promise<string> {
  if (configured !== null) return configured;
  await db
    .insertInto('settings')
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
