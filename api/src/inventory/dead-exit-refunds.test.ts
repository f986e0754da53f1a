// SPEC's "refund if a proxy dies within 2 hours", without a ticket: a real exit killed under the scheduled
// checker refunds its purchase once (ledger row, lease ended, event and mail); the checker's confirmation
// and a desk approval at the same moment on two instances make one refund; a purchase older than 2 hours,
// or one refunded on the desk first, is not refunded again. Balances equal the ledger after every test.
// These apps refund with no wait for a replacement (replaceDeadAfterSeconds 0): the wait and the order with
// replacements are dead-exit-replacements.test.ts's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { startUpstream, waitFor } from 'checker/test-kit';
import type { ProxyListing, PurchaseItem } from 'contract/marketplace';
import type { Ticket } from 'contract/support';
import type { App } from '../app.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import { refundReference } from '../support/refunds.ts';
import { backends } from '../test/helpers.ts';
import { exitConfirmedDead, outbox, recordNotifications, twoInstances } from '../test/history-kit.ts';
import { buildInventoryApp, importText } from '../test/inventory-kit.ts';
import { assertBalancesEqualLedger, balanceOf, call, customer, type Customer } from '../test/market-kit.ts';
import { agePurchase, buyProxy, supportMember } from '../test/support-kit.ts';


async function openRefundTicket(app: App, who: Customer, historyId: number): Promise<Ticket> {
  const response = await call(app, who, 'POST', '/api/support/ticket', { category: 'Refundpolicy', text: 'It died', historyId });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<Ticket>();
}

const refundRows = (app: App, leaseId: number) => app.db.selectFrom('refunds').selectAll().where('lease_id', '=', leaseId).execute();
const refundLedgerRows = (app: App, leaseId: number) =>
  app.db.selectFrom('ledger').selectAll().where('kind', '=', 'refund').where('reference', '=', refundReference(leaseId)).execute();

for (const backend of backends) {
  describe(`automatic refund of a proxy dead within 2 hours (${backend})`, () => {
    it('an exit killed under the scheduled checker refunds its purchase once: ledger row, lease ended, event and mail', async (t) => {
      const { app } = await buildInventoryApp(t, backend, {
        schedule: { intervalMs: 300, pollMs: 20, environment: { CHECKER_DEAD_AFTER_FAILURES: '2' } },
        replaceWaitSeconds: 0,
      });
      const upstream = await startUpstream({ localAddress: '127.0.0.8' });
      let closed = false;
      t.after(async () => {
        if (!closed) await upstream.close();
      });
      assert.equal((await importText(app, `127.0.0.1:${upstream.port}\n`, 'source=refund')).status, 200);
      const buyer = await customer(app, 10_000);
      const [listing] = await waitFor(
        'the exit on the market',
        async () => {
          const found = (await call(app, buyer, 'POST', '/api/proxy/find', { q: '127.0.0.8' })).json<ProxyListing[]>();
          return found.length === 1 && found;
        },
        10_000,
      );
      const bought = await call(app, buyer, 'POST', '/api/proxy/buy', { ID: [listing!.id] });
      assert.equal(bought.statusCode, 200, bought.body);
      const [item] = bought.json<PurchaseItem[]>();
      const lease = await marketDb(app.db).selectFrom('proxy_leases').select(['id', 'price_cents']).where('user_id', '=', buyer.id).executeTakeFirstOrThrow();
      const leaseId = Number(lease.id);
      const afterPurchase = await balanceOf(app, buyer.id);
      assert.deepEqual(await app.deadExitRefunds.run(), { transitions: 0, refunded: 0 });
      const told = recordNotifications(app);

      await upstream.close();
      closed = true;
      await waitFor(
        'the exit confirmed dead',
        async () => {
          const { rows } = await sql<{ id: string }>`select id from exit_state_changes where to_state = 'dead'`.execute(app.db);
          return rows.length > 0;
        },
        10_000,
      );
      assert.deepEqual(await app.deadExitRefunds.run(), { transitions: 1, refunded: 1 });
      assert.equal(await balanceOf(app, buyer.id), afterPurchase + Number(lease.price_cents));
      const [refund] = await refundRows(app, leaseId);
      assert.equal(refund?.reason, 'dead-exit');
      assert.equal(refund?.ticket_id, null);
      assert.equal((await refundLedgerRows(app, leaseId)).length, 1);
      const ended = await marketDb(app.db).selectFrom('proxy_leases').select(['expires_at', 'renew']).where('id', '=', leaseId).executeTakeFirstOrThrow();
      assert.ok(new Date(ended.expires_at).getTime() <= Date.now(), 'the refunded proxy has ended');
      assert.equal(ended.renew, false);
      assert.deepEqual(
        told.leases.map(({ userId, event }) => [userId, event.kind, event.real_ip, event.amount]),
        [[buyer.id, 'refunded', '127.0.0.8', Number(lease.price_cents) / 100]],
      );
      assert.deepEqual(told.balances, [buyer.id]);
      const mails = (await outbox(app)).filter((mail) => mail.includes('was refunded'));
      assert.equal(mails.length, 1);
      assert.ok(mails[0]!.includes(`Subject: Your proxy ${item!.PROXY} was refunded`), mails[0]);
      assert.match(mails[0]!, /went down within 2 hours of purchase\./);

      // Once: another pass finds nothing; a ticket for it cannot be refunded on the desk any more.
      assert.deepEqual(await app.deadExitRefunds.run(), { transitions: 0, refunded: 0 });
      const staff = await supportMember(app);
      const ticket = await openRefundTicket(app, buyer, leaseId);
      const approved = await call(app, staff, 'POST', `/api/support/desk/ticket/${ticket._id}/refund`);
      assert.equal(approved.statusCode, 409, approved.body);
      assert.equal((await refundLedgerRows(app, leaseId)).length, 1);
      await assertBalancesEqualLedger(app);
    });

    it("the checker's confirmation and a desk approval at the same moment, on two instances: one refund", async (t) => {
      const [a, b] = await twoInstances(t, backend, 200, { replaceDeadAfterSeconds: 0 });
      const staff = await supportMember(a);
      for (let round = 0; round < 3; round += 1) {
        const buyer = await customer(a, 10_000);
        const { historyId, priceCents } = await buyProxy(a, buyer);
        const before = await balanceOf(a, buyer.id);
        const ticket = await openRefundTicket(a, buyer, historyId);
        await exitConfirmedDead(a, historyId);
        const [desk, ...passes] = await Promise.all([
          call(b, staff, 'POST', `/api/support/desk/ticket/${ticket._id}/refund`),
          a.deadExitRefunds.run(),
          b.deadExitRefunds.run(),
        ]);
        const automatic = passes.reduce((sum, pass) => sum + pass.refunded, 0);
        assert.equal(automatic + (desk.statusCode === 200 ? 1 : 0), 1, `round ${round}: desk ${desk.statusCode}, automatic ${automatic}`);
        if (desk.statusCode !== 200) assert.equal(desk.statusCode, 409, desk.body);
        assert.equal((await refundRows(a, historyId)).length, 1);
        assert.equal((await refundLedgerRows(a, historyId)).length, 1);
        assert.equal(await balanceOf(a, buyer.id), before + priceCents);
        await assertBalancesEqualLedger(a);
      }
    });

    it('a purchase older than 2 hours when its exit died, or refunded on the desk first, is not refunded again', async (t) => {
      const [a] = await twoInstances(t, backend, 200, { replaceDeadAfterSeconds: 0 });
      const staff = await supportMember(a);
      const buyer = await customer(a, 10_000);
      const old = await buyProxy(a, buyer);
      await agePurchase(a, old.historyId, 2.5);
      const desk = await buyProxy(a, buyer);
      const ticket = await openRefundTicket(a, buyer, desk.historyId);
      assert.equal((await call(a, staff, 'POST', `/api/support/desk/ticket/${ticket._id}/refund`)).statusCode, 200);
      const before = await balanceOf(a, buyer.id);
      await exitConfirmedDead(a, old.historyId);
      await exitConfirmedDead(a, desk.historyId);
      assert.deepEqual(await a.deadExitRefunds.run(), { transitions: 2, refunded: 0 });
      assert.equal(await balanceOf(a, buyer.id), before);
      assert.equal((await refundRows(a, old.historyId)).length, 0);
      assert.equal((await refundLedgerRows(a, desk.historyId)).length, 1);
      await assertBalancesEqualLedger(a);
    });
  });
}
