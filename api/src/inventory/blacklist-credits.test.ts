// SPEC's 50% for a leased proxy that turns up on a blacklist: the credit is half of the period's price, once
// per paid period, even with two instances racing; a period renewed while the exit was already listed (and
// so renewed at half price) gets nothing more; PBL never credits. Balances equal the ledger after each step.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import type { App } from '../app.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import { backends } from '../test/helpers.ts';
import { outbox, recordNotifications, seconds, setRenew, twoInstances } from '../test/history-kit.ts';
import { assertBalancesEqualLedger, balanceOf, customer } from '../test/market-kit.ts';
import { buyProxy } from '../test/support-kit.ts';

/** The lease's exit as the checker's lookup sweep writes a verdict: the flags, and since when it is listed. */
async function verdict(app: App, leaseId: number, flags: { sbl?: 0 | 1; xbl?: 0 | 1; css?: 0 | 1; pbl?: 0 | 1 }, at = new Date()): Promise<void> {
  const listed = flags.sbl === 1 || flags.xbl === 1 || flags.css === 1;
  await sql`
    update proxy_listings set sbl_black = ${flags.sbl ?? 0}, xbl_black = ${flags.xbl ?? 0}, css_black = ${flags.css ?? 0},
      pbl_black = ${flags.pbl ?? 0}, blacklists_checked_at = ${at},
      blacklisted_since = case when ${listed} then coalesce(blacklisted_since, ${at}::timestamptz) else null end
    where id = (select listing_id from proxy_leases where id = ${leaseId})`.execute(app.db);
}

const creditRows = (app: App, leaseId: number) =>
  sql<{ amount_cents: number; lists: string }>`select amount_cents, lists from blacklist_credits where lease_id = ${leaseId} order by period_ends_at`
    .execute(app.db)
    .then((result) => result.rows.map((row) => ({ amount: Number(row.amount_cents), lists: row.lists })));

for (const backend of backends) {
  describe(`50% credit for a leased exit that turns up blacklisted (${backend})`, () => {
    it('credits half the period once, whichever of two instances runs it; PBL alone never', async (t) => {
      const [a, b] = await twoInstances(t, backend);
      const buyer = await customer(a, 10_000);
      const { historyId, priceCents } = await buyProxy(a, buyer);
      const before = await balanceOf(a, buyer.id);
      const told = [recordNotifications(a), recordNotifications(b)];

      await verdict(a, historyId, { pbl: 1 });
      assert.deepEqual(await a.blacklistCredits.run(), { credited: 0 }, 'PBL is shown, not credited');

      await verdict(a, historyId, { xbl: 1, pbl: 1 });
      const passes = await Promise.all([a.blacklistCredits.run(), b.blacklistCredits.run(), a.blacklistCredits.run(), b.blacklistCredits.run()]);
      assert.equal(passes.reduce((sum, pass) => sum + pass.credited, 0), 1);
      const half = Math.round(priceCents / 2);
      assert.equal(await balanceOf(a, buyer.id), before + half);
      assert.deepEqual(await creditRows(a, historyId), [{ amount: half, lists: 'XBL' }]);
      const ledger = await a.db.selectFrom('ledger').select(['amount_cents', 'reference']).where('user_id', '=', buyer.id).where('kind', '=', 'refund').execute();
      assert.equal(ledger.length, 1);
      assert.equal(Number(ledger[0]!.amount_cents), half);
      assert.match(ledger[0]!.reference, new RegExp(`^blacklist-credit:lease:${historyId}:`));
      // Still listed, more lists: the same period is not credited again.
      await verdict(a, historyId, { sbl: 1, xbl: 1 });
      assert.deepEqual(await b.blacklistCredits.run(), { credited: 0 });
      assert.deepEqual(told.flatMap((one) => one.leases.map(({ userId, event }) => [userId, event.kind, event.amount])), [[buyer.id, 'credited', half / 100]]);
      const mails = (await outbox(a)).concat(await outbox(b)).filter((mail) => mail.includes('turned up on a blacklist'));
      assert.equal(mails.length, 1);
      assert.match(mails[0]!, /listed on Spamhaus XBL\./);
      await assertBalancesEqualLedger(a);
    });

    it('a period renewed while listed costs half and is not credited; listed anew in a later period: credited again', async (t) => {
      const [a] = await twoInstances(t, backend);
      const buyer = await customer(a, 10_000);
      const { historyId, priceCents } = await buyProxy(a, buyer);
      await setRenew(a, historyId, true);
      await verdict(a, historyId, { css: 1 });
      assert.deepEqual(await a.blacklistCredits.run(), { credited: 1 });

      const lease = await marketDb(a.db).selectFrom('proxy_leases').select(['expires_at']).where('id', '=', historyId).executeTakeFirstOrThrow();
      const renewAt = seconds(new Date(lease.expires_at), 1);
      await a.renewalSweep.run(renewAt);
      const renewed = await marketDb(a.db).selectFrom('proxy_leases').select(['expires_at', 'price_cents']).where('id', '=', historyId).executeTakeFirstOrThrow();
      assert.ok(new Date(renewed.expires_at) > renewAt, 'renewed');
      assert.ok(Number(renewed.price_cents) <= Math.round(priceCents / 2) + 1, `renewed at half price: ${renewed.price_cents} for ${priceCents}`);
      assert.deepEqual(await a.blacklistCredits.run(seconds(renewAt, 1)), { credited: 0 }, 'listed before this period began');

      // Clean, then listed again during the new period: that period is credited once.
      await verdict(a, historyId, {}, seconds(renewAt, 2));
      await verdict(a, historyId, { sbl: 1 }, seconds(renewAt, 3));
      assert.deepEqual(await a.blacklistCredits.run(seconds(renewAt, 4)), { credited: 1 });
      assert.deepEqual(await a.blacklistCredits.run(seconds(renewAt, 5)), { credited: 0 });
      const rows = await creditRows(a, historyId);
      assert.deepEqual(rows.map((row) => row.lists), ['CSS', 'SBL']);
      assert.equal(rows[1]!.amount, Math.max(1, Math.round(Number(renewed.price_cents) / 2)));
      await assertBalancesEqualLedger(a);
    });
  });
}
