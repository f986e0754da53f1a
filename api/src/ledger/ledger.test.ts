import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { backends, openTestDatabase } from '../test/helpers.ts';
import { InsufficientFundsError, InvalidLedgerEntryError, postLedgerEntry } from './ledger.ts';

async function withDatabase(backend: (typeof backends)[number], run: (database: Database) => Promise<void>) {
  const database = await openTestDatabase(backend);
  try {
    await run(database);
  } finally {
    await database.close();
  }
}

async function createUser(database: Database, name: string): Promise<string> {
  const row = await database.db
    .insertInto('users')
    .values({ username: name, email: `${name}@example.com`, password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function balanceAndLedgerSum(database: Database, userId: string) {
  const user = await database.db.selectFrom('users').select('balance_cents').where('id', '=', userId).executeTakeFirstOrThrow();
  const sum = await database.db
    .selectFrom('ledger')
    .select(sql<number>`coalesce(sum(amount_cents), 0)::bigint`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { balance: user.balance_cents, sum: Number(sum.total) };
}

for (const backend of backends) {
  describe(`ledger (${backend})`, () => {
    it('credits and debits move the balance and leave one row each', async () => {
      await withDatabase(backend, async (database) => {
        const userId = await createUser(database, 'ledger1');
        const topup = await database.db.transaction().execute((trx) =>
          postLedgerEntry(trx, { userId, kind: 'topup', amountCents: 5000, reference: 'invoice:1' }),
        );
        assert.equal(topup.balanceCents, 5000);
        const purchase = await database.db.transaction().execute((trx) =>
          postLedgerEntry(trx, { userId, kind: 'purchase', amountCents: -80, reference: 'lease:1' }),
        );
        assert.equal(purchase.balanceCents, 4920);
        assert.deepEqual(await balanceAndLedgerSum(database, userId), { balance: 4920, sum: 4920 });
        const rows = await database.db.selectFrom('ledger').select(['kind', 'amount_cents', 'reference']).orderBy('id').execute();
        assert.deepEqual(rows, [
          { kind: 'topup', amount_cents: 5000, reference: 'invoice:1' },
          { kind: 'purchase', amount_cents: -80, reference: 'lease:1' },
        ]);
      });
    });

    it('refuses a debit larger than the balance with a typed error and writes nothing', async () => {
      await withDatabase(backend, async (database) => {
        const userId = await createUser(database, 'ledger2');
        await database.db.transaction().execute((trx) =>
          postLedgerEntry(trx, { userId, kind: 'topup', amountCents: 100, reference: 'invoice:2' }),
        );
        const error = await database.db
          .transaction()
          .execute((trx) => postLedgerEntry(trx, { userId, kind: 'purchase', amountCents: -101, reference: 'lease:2' }))
          .then(
            () => null,
            (caught: unknown) => caught,
          );
        assert.ok(error instanceof InsufficientFundsError);
        assert.equal(error.balanceCents, 100);
        assert.deepEqual(await balanceAndLedgerSum(database, userId), { balance: 100, sum: 100 });
      });
    });

    it('rolls the entry back with the rest of the caller transaction', async () => {
      await withDatabase(backend, async (database) => {
        const userId = await createUser(database, 'ledger3');
        await assert.rejects(
          database.db.transaction().execute(async (trx) => {
            await postLedgerEntry(trx, { userId, kind: 'topup', amountCents: 700, reference: 'invoice:3' });
            throw new Error('the caller failed after posting');
          }),
          /caller failed/,
        );
        assert.deepEqual(await balanceAndLedgerSum(database, userId), { balance: 0, sum: 0 });
      });
    });

    it('rejects entries whose sign does not fit their kind, fractional cents and unknown users', async () => {
      await withDatabase(backend, async (database) => {
        const userId = await createUser(database, 'ledger4');
        const bad = [
          { userId, kind: 'topup' as const, amountCents: -5, reference: 'x' },
          { userId, kind: 'purchase' as const, amountCents: 5, reference: 'x' },
          { userId, kind: 'refund' as const, amountCents: 1.5, reference: 'x' },
          { userId, kind: 'renewal' as const, amountCents: 0, reference: 'x' },
          { userId: '00000000-0000-4000-8000-000000000000', kind: 'topup' as const, amountCents: 5, reference: 'x' },
        ];
        for (const entry of bad) {
          await assert.rejects(
            database.db.transaction().execute((trx) => postLedgerEntry(trx, entry)),
            InvalidLedgerEntryError,
          );
        }
        assert.deepEqual(await balanceAndLedgerSum(database, userId), { balance: 0, sum: 0 });
      });
    });

    it('keeps ledger rows immutable', async () => {
      await withDatabase(backend, async (database) => {
        const userId = await createUser(database, 'ledger5');
        await database.db.transaction().execute((trx) =>
          postLedgerEntry(trx, { userId, kind: 'topup', amountCents: 100, reference: 'invoice:5' }),
        );
        await assert.rejects(database.db.updateTable('ledger').set({ amount_cents: 1_000_000 }).execute(), /immutable/);
        await assert.rejects(database.db.deleteFrom('ledger').execute(), /immutable/);
      });
    });

    it('never goes negative under concurrent debits', async () => {
      await withDatabase(backend, async (database) => {
        const userId = await createUser(database, 'ledger6');
        await database.db.transaction().execute((trx) =>
          postLedgerEntry(trx, { userId, kind: 'topup', amountCents: 500, reference: 'invoice:6' }),
        );
        const attempts = await Promise.allSettled(
          Array.from({ length: 8 }, (_, index) =>
            database.db
              .transaction()
              .execute((trx) => postLedgerEntry(trx, { userId, kind: 'purchase', amountCents: -100, reference: `lease:${index}` })),
          ),
        );
        assert.equal(attempts.filter((attempt) => attempt.status === 'fulfilled').length, 5);
        for (const attempt of attempts) {
          if (attempt.status === 'rejected') assert.ok(attempt.reason instanceof InsufficientFundsError);
        }
        assert.deepEqual(await balanceAndLedgerSum(database, userId), { balance: 0, sum: 0 });
      });
    });
  });
}
