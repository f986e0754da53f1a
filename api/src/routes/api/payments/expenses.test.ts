import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { ExpenseRecord } from 'contract/payments';
import { postLedgerEntry } from '../../../ledger/ledger.ts';
import { DemoProxySource } from '../../../marketplace/demo-catalogue.ts';
import { marketDb } from '../../../marketplace/market-schema.ts';
import { assertMoneyInvariant, buildWithBtcpay, openInvoice, signedInUser } from '../../../test/payments-kit.ts';
import { backends, injectWithLogin } from '../../../test/helpers.ts';

for (const backend of backends) {
  describe(`expenses on ${backend}`, () => {
    afterEach(assertMoneyInvariant);

    it('lists own purchases and renewals, each named by its kind, with the positive price, newest first; never top-ups or others', async (t) => {
      const { app, btcpay } = await buildWithBtcpay(t, backend);
      await app.inventory.seedIfEmpty(new DemoProxySource({ seed: 7, size: 40, now: new Date() }));
      const alice = await signedInUser(app);
      const bob = await signedInUser(app);
      for (const user of [alice, bob]) await btcpay.deliver(await openInvoice(app, user, 50), 'InvoiceSettled');

      const forSale = await marketDb(app.db)
        .selectFrom('proxy_listings')
        .select(['id', 'real_ip'])
        .where('online', '=', true)
        .orderBy('id')
        .limit(3)
        .execute();
      const [first, second, third] = forSale;
      assert.ok(first && second && third);
      assert.ok((await app.repositories.purchases.buy(alice.id, [String(first.id)])).ok);
      assert.ok((await app.repositories.purchases.buy(alice.id, [String(second.id)])).ok);
      assert.ok((await app.repositories.purchases.buy(bob.id, [String(third.id)])).ok);
      // A renewal of Alice's first lease, as the renewal sweep books it.
      const lease = await marketDb(app.db).selectFrom('proxy_leases').select(['id', 'price_cents']).where('listing_id', '=', first.id).executeTakeFirstOrThrow();
      await app.db.transaction().execute((trx) => postLedgerEntry(trx, { userId: alice.id, kind: 'renewal', amountCents: -lease.price_cents, reference: `lease:${lease.id}` }));

      const response = await injectWithLogin(app, alice.token, { method: 'GET', url: '/api/payments/expenses' });
      assert.equal(response.statusCode, 200);
      const expenses = response.json<ExpenseRecord[]>();
      const debits = await app.db.selectFrom('ledger').select(['id', 'amount_cents']).where('user_id', '=', alice.id).where('kind', '!=', 'topup').orderBy('id', 'desc').execute();
      assert.deepEqual(
        expenses.map(({ id, proxy, buy_price, kind }) => ({ id, proxy, buy_price, kind })),
        [
          { id: String(debits[0]?.id), proxy: first.real_ip, buy_price: lease.price_cents / 100, kind: 'renewal' },
          { id: String(debits[1]?.id), proxy: second.real_ip, buy_price: -(debits[1]?.amount_cents ?? 0) / 100, kind: 'purchase' },
          { id: String(debits[2]?.id), proxy: first.real_ip, buy_price: lease.price_cents / 100, kind: 'purchase' },
        ],
      );
      assert.ok(expenses.every((expense) => expense.buy_price > 0 && !Number.isNaN(Date.parse(expense.added_timestamp))));
      assert.ok(!expenses.some((expense) => expense.proxy === third.real_ip));

      const bobs = (await injectWithLogin(app, bob.token, { method: 'GET', url: '/api/payments/expenses' })).json<ExpenseRecord[]>();
      assert.deepEqual(bobs.map((expense) => expense.proxy), [third.real_ip]);
      assert.equal((await app.inject({ method: 'GET', url: '/api/payments/expenses' })).statusCode, 401);
    });
  });
}
