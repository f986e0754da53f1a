// Expenses: what the balance paid for, read from the ledger (the record of every
// debit) joined to the lease it bought or renewed (the marketplace writes `lease:{id}` as the reference).
import { sql, type Kysely } from 'kysely';
import { centsToDollars } from 'contract/money';
import type { ExpenseRecord } from 'contract/payments';
import type { Schema } from '../db/schema.ts';

interface ExpenseRow {
  id: number;
  created_at: Date;
  amount_cents: number;
  reference: string;
  proxy: string | null;
}

/** The user's purchase and renewal debits, newest first; `buy_price` positive dollars (the page negates it). */
async function listExpenses(db: Kysely<Schema>, userId: string): Promise<ExpenseRecord[]> {
  const { rows } = await sql<ExpenseRow>`
    select ledger.id, ledger.created_at, ledger.amount_cents, ledger.reference, proxy_listings.real_ip as proxy
    from ledger
    left join proxy_leases on ledger.reference = 'lease:' || proxy_leases.id::text and proxy_leases.user_id = ledger.user_id
    left join proxy_listings on proxy_listings.id = proxy_leases.listing_id
    where ledger.user_id = ${userId} and ledger.kind in ('purchase', 'renewal')
    order by ledger.created_at desc, ledger.id desc`.execute(db);
  return rows.map((row) => ({
    id: String(row.id),
    added_timestamp: new Date(row.created_at).toISOString(),
    // A debit whose lease is gone still shows, with what it was about.
    proxy: row.proxy ?? row.reference,
    buy_price: centsToDollars(-Number(row.amount_cents)),
  }));
}

export function createExpenseRepository(db: Kysely<Schema>) {
  return { list: (userId: string) => listExpenses(db, userId) };
}

export type ExpenseRepository = ReturnType<typeof createExpenseRepository>;
