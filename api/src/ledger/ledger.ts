// The money ledger: money is integer cents, and every change of a balance is a ledger row. Every credit or debit of a user's
// balance goes through postLedgerEntry, which writes the immutable ledger row and moves users.balance_cents
// in the caller's transaction. So a balance always equals the sum of its ledger rows, and whatever else the
// caller writes in that transaction (a lease, a credited invoice) commits or rolls back together with it.
//
//   await db.transaction().execute(async (trx) => {
//     await postLedgerEntry(trx, { userId, kind: 'purchase', amountCents: -price, reference: `lease:${id}` });
//     ... write the lease with trx ...
//   });
//
// The balance UPDATE takes the user's row lock, so concurrent entries for one user run one after the other
// and a debit can never take the balance below zero (InsufficientFundsError; the database CHECK backs it up).
import type { Transaction } from 'kysely';
import type { LedgerKind, Schema } from '../db/schema.ts';

export interface LedgerEntryInput {
  userId: string;
  kind: LedgerKind;
  /** Signed cents: positive for topup and refund, negative for purchase and renewal, either for adjustment. */
  amountCents: number;
  /** What the movement is about (invoice id, lease id, ...). */
  reference: string;
}

export interface PostedLedgerEntry {
  entryId: number;
  /** The user's balance after this entry, in cents. */
  balanceCents: number;
}

/** The debit is larger than the balance; nothing was written. */
export class InsufficientFundsError extends Error {
  override name = 'InsufficientFundsError';
  readonly balanceCents: number;
  readonly amountCents: number;

  constructor(balanceCents: number, amountCents: number) {
    super(`balance ${balanceCents} cents cannot cover ${-amountCents} cents`);
    this.balanceCents = balanceCents;
    this.amountCents = amountCents;
  }
}

/** A programming error: the entry does not fit the ledger's rules (sign per kind, integer cents, known user). */
export class InvalidLedgerEntryError extends Error {
  override name = 'InvalidLedgerEntryError';
}

const CREDIT_KINDS: ReadonlySet<LedgerKind> = new Set(['topup', 'refund']);

export async function postLedgerEntry(trx: Transaction<Schema>, entry: LedgerEntryInput): Promise<PostedLedgerEntry> {
  const { userId, kind, amountCents, reference } = entry;
  if (!Number.isSafeInteger(amountCents) || amountCents === 0) {
    throw new InvalidLedgerEntryError(`amountCents must be a non-zero integer, got ${amountCents}`);
  }
  // An operator's adjustment goes either way; every other kind has its sign.
  if (kind !== 'adjustment' && CREDIT_KINDS.has(kind) !== amountCents > 0) {
    throw new InvalidLedgerEntryError(`a ${kind} entry must be ${CREDIT_KINDS.has(kind) ? 'positive' : 'negative'}`);
  }

  const updated = await trx
    .updateTable('users')
    .set((eb) => ({ balance_cents: eb('balance_cents', '+', amountCents) }))
    .where('id', '=', userId)
    .where((eb) => eb(eb('balance_cents', '+', amountCents), '>=', 0))
    .returning('balance_cents')
    .executeTakeFirst();

  if (!updated) {
    const user = await trx.selectFrom('users').select('balance_cents').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new InvalidLedgerEntryError(`no user ${userId}`);
    throw new InsufficientFundsError(user.balance_cents, amountCents);
  }

  const row = await trx
    .insertInto('ledger')
    .values({ user_id: userId, kind, amount_cents: amountCents, reference })
    .returning('id')
    .executeTakeFirstOrThrow();

  return { entryId: row.id, balanceCents: updated.balance_cents };
}
