// Idempotency-Key for the public API's POSTs. The first answer to a key is stored per API key for 24 hours,
// written in the same transaction as the work: the row's primary key makes a parallel retry (on this
// instance or another) wait for the first transaction, then read its answer instead of doing the work
// again. Only work that commits is remembered; a refusal rolls back and a retry tries afresh (it charged
// nothing). A key reused with a different request is refused rather than answered with another request's
// result.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';

export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** Printable ASCII, as clients generate them (UUIDs, ULIDs, hashes). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export interface Answer {
  status: number;
  /** JSON text. */
  body: string;
}

/** What the work decided: commit its writes and remember the answer, or roll back and answer anyway. */
export type WorkOutcome = { commit: true; answer: Answer } | { commit: false; answer: Answer };

export type IdempotentResult = { kind: 'fresh' | 'replayed'; answer: Answer } | { kind: 'mismatch' };

class RolledBack extends Error {
  readonly answer: Answer;
  constructor(answer: Answer) {
    super('rolled back');
    this.answer = answer;
  }
}

export function requestHash(method: string, path: string, body: unknown): Buffer {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest();
}

export async function runIdempotent(
  db: Kysely<Schema>,
  request: { apiKeyId: string; idempotencyKey: string | null; hash: Buffer },
  work: (trx: Transaction<Schema>) => Promise<WorkOutcome>,
): Promise<IdempotentResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<IdempotentResult> => {
      const { apiKeyId, idempotencyKey, hash } = request;
      if (idempotencyKey !== null) {
        // A stale row (past the window) is taken over as if it were not there.
        const claimed = await sql`
          insert into api_idempotency (key_id, idempotency_key, request_hash, status, body)
          values (${apiKeyId}, ${idempotencyKey}, ${hash}, 0, '')
          on conflict (key_id, idempotency_key) do update
            set request_hash = excluded.request_hash, status = 0, body = '', created_at = now()
            where api_idempotency.created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
          returning 1`.execute(trx);
        if (claimed.rows.length === 0) {
          const first = await trx
            .selectFrom('api_idempotency')
            .select(['request_hash', 'status', 'body'])
            .where('key_id', '=', apiKeyId)
            .where('idempotency_key', '=', idempotencyKey)
            .executeTakeFirstOrThrow();
          if (!Buffer.from(first.request_hash).equals(hash)) return { kind: 'mismatch' };
          return { kind: 'replayed', answer: { status: first.status, body: first.body } };
        }
      }
      const outcome = await work(trx);
      if (!outcome.commit) throw new RolledBack(outcome.answer);
      if (idempotencyKey !== null) {
        await trx
          .updateTable('api_idempotency')
          .set({ status: outcome.answer.status, body: outcome.answer.body })
          .where('key_id', '=', apiKeyId)
          .where('idempotency_key', '=', idempotencyKey)
          .execute();
      }
      return { kind: 'fresh', answer: outcome.answer };
    });
  } catch (error) {
    if (error instanceof RolledBack) return { kind: 'fresh', answer: error.answer };
    throw error;
  }
}

/** Drops answers past the window (called now and then; a stale row is also taken over on reuse). */
export async function forgetOldAnswers(db: Kysely<Schema>): Promise<void> {
  await sql`delete from api_idempotency where created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`.execute(db);
}
