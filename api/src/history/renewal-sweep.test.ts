import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { App } from '../app.ts';
import { assertBalancesEqualLedger, balanceOf, buildMarket, customer } from '../test/market-kit.ts';
import { postLedgerEntry } from '../ledger/ledger.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import { listingPriceCents } from '../marketplace/pricing.ts';
import { backends, build } from '../test/helpers.ts';
import {
  buy,
  twoInstances,
  leaseRow,
  ledgerRows,
  listingsForSale,
  onMarketAt,
  outbox,
  recordNotifications,
  renewalCount,
  seconds,
  setOnline,
  setRenew,
} from '../test/history-kit.ts';
import { smtpCatcher } from '../test/smtp-kit.ts';
import { RenewalSweep } from './renewal-sweep.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

for (const backend of backends) {
  describe(`renewal sweep on ${backend}`, () => {
    it('renews an online lease with renew on at its end: one period more at the current price, a renewal ledger row, the customer told', async (t) => {
      const app = await buildMarket(t, backend, 100);
      const told = recordNotifications(app);
      const { alice, listing, lease } = await leaseOne(app);
      assert.equal(lease.expires_at.getTime() - Date.now() <= DAY_MS, true);
      await setRenew(app, lease.id, true);
      const afterPurchase = await balanceOf(app, alice.id);

      // A moment before the end nothing happens.
      assert.deepEqual(await app.renewalSweep.run(seconds(lease.expires_at, -1)), { renewed: 0, failed: 0, waiting: 0, ended: 0, notices: 0 });
      const end = seconds(lease.expires_at, 1);
      assert.equal((await app.renewalSweep.run(end)).renewed, 1);

      const renewed = await leaseRow(app, lease.id);
      const charges = await ledgerRows(app, alice.id, 'renewal');
      assert.equal(charges.length, 1);
      assert.deepEqual(charges[0], { amount_cents: -renewed.price_cents, reference: `lease:${lease.id}` });
      assert.equal(await balanceOf(app, alice.id), afterPurchase - renewed.price_cents);
      // Bought again right after the period ended: the next period runs from the moment of renewal.
      assert.equal(renewed.expires_at.getTime(), end.getTime() + DAY_MS);
      assert.equal(renewed.renew, true);
      assert.equal(renewed.ended_at, null);
      assert.equal(await onMarketAt(app, lease.listing_id, seconds(end, 3600)), false, 'still leased to Alice');
      assert.deepEqual(told.leases, [
        { userId: alice.id, event: { history_id: String(lease.id), real_ip: listing.real_ip, kind: 'renewed', expires_at: renewed.expires_at.toISOString() } },
      ]);
      assert.deepEqual(told.balances, [alice.id]);

      // The same period is not renewed twice, however often the sweep runs.
      assert.equal((await app.renewalSweep.run(seconds(end, 5))).renewed, 0);
      assert.equal(await renewalCount(app, lease.id), 1);
      // The next period is.
      assert.equal((await app.renewalSweep.run(seconds(renewed.expires_at, 1))).renewed, 1);
      assert.equal(await renewalCount(app, lease.id), 2);
      await assertBalancesEqualLedger(app);
    });

    it('renews ahead by the look-ahead, so the next period follows the last without a gap', async (t) => {
      const app = await buildMarket(t, backend, 100);
      const { lease } = await leaseOne(app);
      await setRenew(app, lease.id, true);
      const sweep = new RenewalSweep({
        db: app.db,
        periodMs: DAY_MS,
        leadMs: 30_000,
        offlineWaitMs: DAY_MS,
        noticeMs: 0,
        publicUrl: 'http://portal.test',
        publicHost: '127.0.0.1',
        mailQueued: () => Promise.reject(new Error('no mail expected')),
        notify: () => {},
        onError: (error) => assert.fail(String(error)),
      });
      assert.equal((await sweep.run(seconds(lease.expires_at, -31))).renewed, 0);
      assert.equal((await sweep.run(seconds(lease.expires_at, -20))).renewed, 1);
      assert.equal((await leaseRow(app, lease.id)).expires_at.getTime(), lease.expires_at.getTime() + DAY_MS);
      await assertBalancesEqualLedger(app);
    });

    it('ends a lease with renew off at its end and puts its listing back on the market, telling the customer', async (t) => {
      const app = await buildMarket(t, backend, 100);
      const told = recordNotifications(app);
      const { alice, lease } = await leaseOne(app);
      const balance = await balanceOf(app, alice.id);
      assert.equal(await onMarketAt(app, lease.listing_id, seconds(lease.expires_at, -1)), false);

      const end = seconds(lease.expires_at, 2);
      assert.deepEqual(await app.renewalSweep.run(end), { renewed: 0, failed: 0, waiting: 0, ended: 1, notices: 0 });
      const ended = await leaseRow(app, lease.id);
      assert.equal(ended.ended_at?.getTime(), lease.expires_at.getTime());
      assert.equal(await balanceOf(app, alice.id), balance);
      assert.equal(await onMarketAt(app, lease.listing_id, end), true);
      assert.deepEqual(told.leases.map((told) => told.event.kind), ['ended']);
      // Told once.
      assert.equal((await app.renewalSweep.run(seconds(end, 60))).ended, 0);
      await assertBalancesEqualLedger(app);
    });

    it('does not renew the lease of an account an operator disabled: it ends with its period, uncharged', async (t) => {
      const app = await buildMarket(t, backend, 100);
      const { alice, lease } = await leaseOne(app);
      await setRenew(app, lease.id, true);
      const balance = await balanceOf(app, alice.id);
      await app.db.updateTable('users').set({ disabled_at: new Date(), disabled_reason: 'test' }).where('id', '=', alice.id).execute();
      assert.deepEqual(await app.renewalSweep.run(seconds(lease.expires_at, 1)), { renewed: 0, failed: 0, waiting: 0, ended: 1, notices: 0 });
      assert.equal(await balanceOf(app, alice.id), balance);
      assert.equal((await leaseRow(app, lease.id)).ended_at?.getTime(), lease.expires_at.getTime());
      await assertBalancesEqualLedger(app);
    });

    it('switches renew off and ends the lease when the balance cannot pay, without touching the balance', async (t) => {
      const app = await buildMarket(t, backend, 100);
      const told = recordNotifications(app);
      // Exactly enough for the purchase, nothing left for a renewal.
      const { alice, lease } = await leaseOne(app, 'exact');
      await setRenew(app, lease.id, true);
      assert.equal(await balanceOf(app, alice.id), 0);

      const end = seconds(lease.expires_at, 1);
      assert.deepEqual(await app.renewalSweep.run(end), { renewed: 0, failed: 1, waiting: 0, ended: 0, notices: 0 });
      const failed = await leaseRow(app, lease.id);
      assert.equal(failed.renew, false);
      assert.equal(failed.ended_at?.getTime(), lease.expires_at.getTime());
      assert.deepEqual(await ledgerRows(app, alice.id, 'renewal'), []);
      assert.equal(await onMarketAt(app, lease.listing_id, end), true);
      assert.deepEqual(told.leases.map((told) => told.event.kind), ['renewal-failed']);
      assert.deepEqual(told.balances, [alice.id]);
      await assertBalancesEqualLedger(app);
    });

    it('waits, uncharged and holding the listing, while the exit is offline; renews once it is back; ends after the wait', async (t) => {
      const app = await buildMarket(t, backend, 100);
      const told = recordNotifications(app);
      const alice = await customer(app, 1000);
      const [first, second] = await listingsForSale(app, 2);
      assert.ok(first && second);
      const [lease, other] = await buy(app, alice, [first.id, second.id]);
      assert.ok(lease && other);
      await setRenew(app, lease.id, true);
      await setRenew(app, other.id, true);
      await setOnline(app, lease.listing_id, false);
      await setOnline(app, other.listing_id, false);
      const balance = await balanceOf(app, alice.id);

      const end = seconds(lease.expires_at, 1);
      assert.equal((await app.renewalSweep.run(end)).waiting, 2);
      assert.equal(await balanceOf(app, alice.id), balance, 'not charged while waiting');
      // The exit comes back: nobody else can take the listing before the next sweep renews it for Alice.
      await setOnline(app, lease.listing_id, true);
      const back = seconds(end, 3 * 3600);
      assert.equal(await onMarketAt(app, lease.listing_id, back), false);
      assert.equal((await app.renewalSweep.run(back)).renewed, 1);
      const renewed = await leaseRow(app, lease.id);
      // Renewed when back online: the new period starts then.
      assert.equal(renewed.expires_at.getTime(), back.getTime() + DAY_MS);
      assert.equal(await balanceOf(app, alice.id), balance - renewed.price_cents);

      // The other exit stays offline past the wait (24 hours by default): its lease ends.
      const late = seconds(other.expires_at, 24 * 3600 + 1);
      const summary = await app.renewalSweep.run(late);
      assert.equal(summary.ended, 1);
      const ended = await leaseRow(app, other.id);
      assert.equal(ended.renew, false);
      assert.ok(ended.ended_at);
      await setOnline(app, other.listing_id, true);
      assert.equal(await onMarketAt(app, other.listing_id, late), true);
      assert.deepEqual(
        told.leases.filter((told) => told.event.history_id === String(other.id)).map((told) => told.event.kind),
        ['waiting', 'ended'],
      );
      await assertBalancesEqualLedger(app);
    });

    it('two instances sweeping one database at the same moments renew each lease exactly once per period', async (t) => {
      const [one, two] = await twoInstances(t, backend);
      const customers = await Promise.all([customer(one, 5000), customer(one, 5000), customer(one, 5000)]);
      const listings = await listingsForSale(one, 12);
      const leases = (
        await Promise.all(customers.map((who, index) => buy(one, who, listings.slice(index * 4, index * 4 + 4).map((l) => l.id))))
      ).flat();
      for (const lease of leases) await setRenew(one, lease.id, true);
      const end = new Date(Math.max(...leases.map((lease) => lease.expires_at.getTime())) + 1000);

      for (const [period, at] of [end, seconds(end, DAY_MS / 1000 + 1)].entries()) {
        const [a, b] = await Promise.all([one.renewalSweep.run(at), two.renewalSweep.run(at)]);
        assert.equal(a.renewed + b.renewed, leases.length, `period ${period}: every lease renewed by one of the two`);
        for (const lease of leases) assert.equal(await renewalCount(one, lease.id), period + 1);
        for (const who of customers) {
          assert.equal((await ledgerRows(one, who.id, 'renewal')).length, 4 * (period + 1));
        }
        await assertBalancesEqualLedger(one);
      }
    });

    it('a customer switching renew off while the sweep runs is charged at most once and ends switched off', async (t) => {
      const [one, two] = await twoInstances(t, backend);
      const alice = await customer(one, 10_000);
      const listings = await listingsForSale(one, 10);
      const leases = await buy(one, alice, listings.map((l) => l.id));
      for (const lease of leases) await setRenew(one, lease.id, true);
      const balance = await balanceOf(one, alice.id);
      const at = new Date(Math.max(...leases.map((lease) => lease.expires_at.getTime())) + 1000);

      // The customer's switch uses the real clock, before the lease's end.
      await Promise.all([
        one.renewalSweep.run(at),
        two.renewalSweep.run(at),
        ...leases.map((lease) => two.repositories.history.setRenew(alice.id, String(lease.id), false, new Date())),
      ]);
      let charged = 0;
      for (const lease of leases) {
        const row = await leaseRow(one, lease.id);
        const renewals = await renewalCount(one, lease.id);
        assert.ok(renewals <= 1, `lease ${lease.id} renewed ${renewals} times`);
        assert.equal(row.renew, false, 'the switch wins in the end');
        if (renewals === 1) charged += row.price_cents;
        else assert.equal(row.expires_at.getTime(), lease.expires_at.getTime());
      }
      assert.equal(await balanceOf(one, alice.id), balance - charged);
      assert.equal((await ledgerRows(one, alice.id, 'renewal')).length, leases.length - (await notRenewed(one, leases)));
      // Whatever the interleaving, another sweep later renews nothing: renew is off everywhere.
      const later = await one.renewalSweep.run(seconds(at, 2 * DAY_MS / 1000));
      assert.equal(later.renewed, 0);
      await assertBalancesEqualLedger(one);
    });

    it('mails once per period when the balance will not cover the coming renewals, from one instance only', async (t) => {
      const [one, two] = await twoInstances(t, backend);
      const [first, second] = await listingsForSale(one, 2);
      assert.ok(first && second);
      const alice = await customer(one, (await priceAt(one, first.id, new Date())) + (await priceAt(one, second.id, new Date())));
      const leases = await buy(one, alice, [first.id, second.id]);
      for (const lease of leases) await setRenew(one, lease.id, true);
      const end = new Date(Math.min(...leases.map((lease) => lease.expires_at.getTime())));
      // Left after the purchases: enough for either renewal alone, not for both.
      const renewalPrices = [await priceAt(one, first.id, seconds(end, -3500)), await priceAt(one, second.id, seconds(end, -3500))];
      await topUp(one, alice.id, Math.max(...renewalPrices) + 1);
      assert.ok(Math.min(...renewalPrices) > 1);

      // More than an hour ahead: no mail yet.
      await Promise.all([one.renewalSweep.run(seconds(end, -3700)), two.renewalSweep.run(seconds(end, -3700))]);
      assert.equal((await outbox(one)).length + (await outbox(two)).length, 0);
      const [a, b] = await Promise.all([one.renewalSweep.run(seconds(end, -3500)), two.renewalSweep.run(seconds(end, -3500))]);
      assert.equal(a.notices + b.notices, 1, 'one of the two leases cannot be covered, mailed by one instance');
      await one.renewalSweep.run(seconds(end, -600));
      const mails = [...(await outbox(one)), ...(await outbox(two))];
      assert.equal(mails.length, 1);
      assert.match(mails[0] ?? '', /cannot be renewed: top up your balance/);
      assert.match(mails[0] ?? '', /http:\/\/portal\.test\/payments/);
      await assertBalancesEqualLedger(one);
    });

    it('a notice queued while the mail server is down for an hour arrives once it is back, once, with one Message-ID', async (t) => {
      const smtp = await smtpCatcher(t);
      const app = await build(t, backend, {
        config: { marketplace: { inventorySize: 50, inventorySeed: 42, cacheMs: 1000 }, mail: { smtpUrl: smtp.url, from: 'Private Sock5 <no-reply@portal.test>' } },
      });
      const { lease } = await leaseOne(app, 'exact');
      await setRenew(app, lease.id, true);
      await smtp.stop();

      // The sweep an hour before the end claims the notice and queues its mail; the attempt at once fails.
      const noticeAt = seconds(lease.expires_at, -3500);
      assert.equal((await app.renewalSweep.run(noticeAt)).notices, 1);
      const [queued] = await app.db.selectFrom('jobs').selectAll().where('kind', '=', 'mail').execute();
      assert.ok(queued);
      assert.equal(queued.state, 'pending');
      assert.equal(queued.attempts, 1);
      assert.match(queued.last_error ?? '', /ECONNREFUSED/);
      const { messageKey } = queued.payload as { messageKey: string };

      // An hour of sweeps and outbox runs, a minute apart, with the server down: the notice is not queued
      // again, and the retries back off (30 s doubling to 15 min: a handful of attempts, not sixty).
      let at = noticeAt;
      for (let minute = 1; minute <= 60; minute += 1) {
        at = seconds(noticeAt, minute * 60);
        await app.renewalSweep.run(at);
        await app.jobs.runDue(at);
      }
      const waiting = await app.db.selectFrom('jobs').selectAll().where('kind', '=', 'mail').execute();
      assert.equal(waiting.length, 1, 'one notice queued in the hour');
      assert.equal(waiting[0]?.state, 'pending');
      assert.ok(waiting[0]!.attempts >= 5 && waiting[0]!.attempts <= 10, `${waiting[0]!.attempts} attempts in the hour`);
      assert.deepEqual((await app.jobs.stuck()).map((job) => [job.id, job.state]), [[queued.id, 'pending']]);
      assert.equal(smtp.received.length, 0);

      // Back up: the next due run delivers it, once.
      await smtp.start();
      for (let minute = 1; minute <= 20; minute += 1) await app.jobs.runDue(seconds(at, minute * 60));
      assert.equal(smtp.received.length, 1);
      const mail = smtp.received[0] ?? '';
      assert.match(mail, /cannot be renewed: top up your balance/);
      assert.match(mail, new RegExp(`^Message-ID: <${messageKey}@portal\\.test>`, 'm'));
      const [delivered] = await app.db.selectFrom('jobs').selectAll().where('id', '=', queued.id).execute();
      assert.equal(delivered?.state, 'done');
      assert.deepEqual(delivered?.payload, {}, 'the text (links) is not kept once sent');
      assert.deepEqual(await app.jobs.stuck(), []);
      assert.equal((await app.renewalSweep.run(seconds(at, 25 * 60))).notices, 0);
      await app.jobs.runDue(seconds(at, 30 * 60));
      assert.equal(smtp.received.length, 1);
    });

    it('the interval job sweeps by itself with the configured lease period', async (t) => {
      const app = await build(t, backend, {
        config: { marketplace: { inventorySize: 50, inventorySeed: 42, cacheMs: 1000 }, leases: { periodSeconds: 10, sweepMs: 100, offlineWaitSeconds: 60, noticeSeconds: 0 } },
      });
      const { alice, lease } = await leaseOne(app);
      assert.ok(Math.abs(lease.expires_at.getTime() - Date.now() - 10_000) < 2000, 'a ten-second lease');
      await setRenew(app, lease.id, true);
      // Backdate the lease so its period is over now; the next tick renews it.
      await marketDb(app.db).updateTable('proxy_leases').set({ expires_at: new Date(Date.now() - 1000), starts_at: new Date(Date.now() - 11_000) }).where('id', '=', lease.id).execute();
      const deadline = Date.now() + 10_000;
      while ((await renewalCount(app, lease.id)) === 0) {
        assert.ok(Date.now() < deadline, 'renewed within ten seconds');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.equal((await ledgerRows(app, alice.id, 'renewal')).length, 1);
      await assertBalancesEqualLedger(app);
    });
  });
}

/** Alice buys one listing for sale: the three the tests start from. She starts with 1000 cents, or the exact price. */
async function leaseOne(app: App, funds: number | 'exact' = 1000) {
  const [listing] = await listingsForSale(app, 1);
  assert.ok(listing);
  const alice = await customer(app, funds === 'exact' ? await priceAt(app, listing.id, new Date()) : funds);
  const [lease] = await buy(app, alice, [listing.id]);
  assert.ok(lease);
  return { alice, listing, lease };
}

/** What the listing costs at that moment, in cents (the price rule purchases and renewals charge). */
async function priceAt(app: App, listingId: string, at: Date): Promise<number> {
  const row = await marketDb(app.db)
    .selectFrom('proxy_listings')
    .select(listingPriceCents(at).as('cents'))
    .where('id', '=', Number(listingId))
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

async function topUp(app: App, userId: string, cents: number): Promise<void> {
  await app.db.transaction().execute((trx) => postLedgerEntry(trx, { userId, kind: 'topup', amountCents: cents, reference: `test-topup:${cents}` }));
}

async function notRenewed(app: App, leases: { id: number }[]): Promise<number> {
  let count = 0;
  for (const lease of leases) if ((await renewalCount(app, lease.id)) === 0) count += 1;
  return count;
}
