// Work that must be one transaction, whether or not its caller already holds one: inside a transaction it
// joins it (the caller commits or rolls back the whole), on the root database it opens its own. The public
// API uses this to write an idempotent answer in the same transaction as the work it answers for.
import type { Kysely } from 'kysely';
import type { Schema } from './schema.ts';

export function inTransaction<T>(executor: Kysely<Schema>, work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> {
  return executor.isTransaction ? work(executor) : executor.transaction().execute(work);
}
