// The money page's figures against a ledger built here row by row: top-ups, sales, renewals, automatic
// refunds (dead within 2 hours, blacklist credits), manual ones (the desk) and operators' adjustments, per day
// and per month; the
// liability; the ledger check catching a balance that left its ledger; the CSV export of a range (an audited
// action). Operators only.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import type { MoneyReport } from 'contract/operator-console';
import type { App } from '../../../../app.ts';
import { blacklistCreditReference } from '../../../../inventory/blacklist-credits.ts';
import { refundReference } from '../../../../support/refunds.ts';
import { buy, listingsForSale } from '../../../../test/history-kit.ts';
import { backends, injectWithLogin } from '../../../../test/helpers.ts';
import { buildMarket, customer, type Customer } from '../../../../test/market-kit.ts';

/** A ledger row at a chosen moment, with the balance moved in the same transaction (as postLedgerEntry does). */
async function post(app: App, userId: string, kind: string, cents: number, reference: string, at: string): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await sql`update users set balance_cents = balance_cents + ${cents} where id = ${userId}`.execute(trx);
    await sql`insert into ledger (user_id, kind, amount_cents, reference, created_at) values (${userId}, ${kind}, ${cents}, ${reference}, ${at})`.execute(trx);
  });
}

async function operator(app: App): Promise<Customer> {
  const who = await customer(app, 0);
  const { username } = await app.db.selectFrom('users').select('username').where('id', '=', who.id).executeTakeFirstOrThrow();
  assert.ok((await app.operatorRoles.grant(username)).ok);
  return who;
}

const get = (app: App, who: Customer, url: string) => injectWithLogin(app, who.token, { method: 'GET', url });

for (const backend of backends) {
  describe(`operator money on ${backend}`, () => {
    it('counts each figure per day and month from the ledger, with the liability and the ledger check', async (t) => {
      const app = await buildMarket(t, backend, 40, 0);
      const boss = await operator(app);
      const alice = await customer(app, 0);
      const bob = await customer(app, 0);
      // October: one top-up and one sale (another month, outside the daily range below).
      await post(app, alice.id, 'topup', 10_000, 'test:oct-topup', '2026-10-20T10:00:00Z');
      await post(app, alice.id, 'purchase', -120, 'test:oct-sale', '2026-10-20T11:00:00Z');
      // 1 November: top-ups of both, a renewal of Alice's; 2 November: a sale of Bob's.
      await post(app, alice.id, 'topup', 5_000, 'test:nov1-a', '2026-11-01T00:00:00Z');
      await post(app, bob.id, 'topup', 2_000, 'test:nov1-b', '2026-11-01T23:59:59Z');
      await post(app, alice.id, 'renewal', -65, 'test:nov1-renewal', '2026-11-01T12:00:00Z');
      await post(app, bob.id, 'purchase', -80, 'test:nov2-sale', '2026-11-02T08:00:00Z');
      // Refunds need real leases: Bob buys three; one refunded by the desk, one by the dead-exit rule, one credited.
      const listings = await listingsForSale(app, 3);
      const leases = await buy(app, bob, listings.map((l) => l.id));
      const [desk, dead, credited] = leases as [(typeof leases)[0], (typeof leases)[0], (typeof leases)[0]];
      const { rows: ticket } = await sql<{ id: string }>`
        insert into tickets (user_id, category, lease_id) values (${bob.id}, 'Refundpolicy', ${desk.id}) returning id`.execute(app.db);
      await sql`insert into refunds (lease_id, ticket_id, user_id, amount_cents, approved_by, reason)
        values (${desk.id}, ${ticket[0]!.id}, ${bob.id}, ${desk.price_cents}, ${boss.id}, 'ticket')`.execute(app.db);
      await post(app, bob.id, 'refund', desk.price_cents, refundReference(desk.id), '2026-11-02T09:00:00Z');
      const { rows: change } = await sql<{ id: number }>`
        insert into exit_state_changes (exit_id, from_state, to_state, reason)
        select li.exit_id, 'online', 'dead', 'test' from proxy_listings li where li.id = ${dead.listing_id} returning id`.execute(app.db);
      await sql`insert into refunds (lease_id, user_id, amount_cents, reason, exit_state_change_id)
        values (${dead.id}, ${bob.id}, ${dead.price_cents}, 'dead-exit', ${change[0]!.id})`.execute(app.db);
      await post(app, bob.id, 'refund', dead.price_cents, refundReference(dead.id), '2026-11-02T10:00:00Z');
      await post(app, alice.id, 'adjustment', -500, 'audit:1', '2026-11-02T12:00:00Z');
      await post(app, bob.id, 'adjustment', 250, 'audit:2', '2026-11-02T13:00:00Z');
      await post(app, bob.id, 'refund', 33, blacklistCreditReference(credited.id, new Date('2026-11-03T00:00:00Z')), '2026-11-02T11:00:00Z');

      const response = await get(app, boss, '/api/operator/money?from=2026-11-01&to=2026-11-02');
      assert.equal(response.statusCode, 200, response.body);
      const report = response.json<MoneyReport>();
      assert.deepEqual(report.days, [
        { period: '2026-11-01', topups: 7_000, sales: 0, renewals: -65, refundsAutomatic: 0, refundsManual: 0, adjustments: 0, net: 6_935, revenue: 65 },
        {
          period: '2026-11-02',
          topups: 0,
          sales: -80,
          renewals: 0,
          refundsAutomatic: dead.price_cents + 33,
          refundsManual: desk.price_cents,
          adjustments: -250,
          net: -80 + dead.price_cents + 33 + desk.price_cents - 250,
          revenue: 80 - dead.price_cents - 33 - desk.price_cents,
        },
      ]);
      // Months cover the whole of November (with today's purchases when today is in it) and nothing of October.
      assert.deepEqual(report.months.map((m) => m.period), ['2026-11']);
      const november = report.months[0];
      const purchasesNow = leases.reduce((sum, lease) => sum + lease.price_cents, 0);
      const today = new Date().toISOString().slice(0, 7);
      assert.ok(november);
      assert.equal(november.topups, 7_000);
      assert.equal(november.sales, -80 - (today === '2026-11' ? purchasesNow : 0));
      const october = await get(app, boss, '/api/operator/money?from=2026-10-01&to=2026-10-31');
      assert.deepEqual(
        october.json<MoneyReport>().months.map((m) => [m.period, m.topups, m.sales, m.net]),
        [['2026-10', 10_000, -120, 9_880]],
      );

      // The liability is every balance; the check finds no account off its ledger.
      const { rows: sum } = await sql<{ total: string }>`select sum(balance_cents)::text as total from users`.execute(app.db);
      assert.equal(report.liabilityCents, Number(sum[0]!.total));
      assert.equal(report.ledgerCheck.mismatched, 0);
      assert.equal(report.ledgerCheck.differenceCents, 0);
      assert.ok(report.ledgerCheck.accounts >= 3);
      // A balance changed outside the ledger is caught, by the amount it is off.
      await sql`update users set balance_cents = balance_cents + 7 where id = ${alice.id}`.execute(app.db);
      const off = (await get(app, boss, '/api/operator/money?from=2026-11-01&to=2026-11-02')).json<MoneyReport>();
      assert.deepEqual(off.ledgerCheck, { accounts: report.ledgerCheck.accounts, mismatched: 1, differenceCents: 7 });
      assert.equal(off.liabilityCents, report.liabilityCents + 7);
    });

    it('exports the ledger of a range of days as CSV, writes an audit row, and refuses backwards ranges and non-operators', async (t) => {
      const app = await buildMarket(t, backend, 0, 0);
      const boss = await operator(app);
      const carol = await customer(app, 0);
      await post(app, carol.id, 'topup', 2_500, '=HYPERLINK("x")', '2026-11-05T10:00:00Z');
      await post(app, carol.id, 'purchase', -75, 'lease:1', '2026-11-06T10:00:00Z');
      await post(app, carol.id, 'purchase', -50, 'lease:2', '2026-11-07T00:00:00Z');
      const csv = await get(app, boss, '/api/operator/money/ledger.csv?from=2026-11-05&to=2026-11-06');
      assert.equal(csv.statusCode, 200, csv.body);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      assert.match(String(csv.headers['content-disposition']), /ledger-2026-11-05-to-2026-11-06\.csv/);
      const lines = csv.body.trim().split('\r\n');
      assert.equal(lines[0], 'id,created_at,user_id,username,kind,figure,amount_usd,reference');
      assert.equal(lines.length, 3, csv.body);
      assert.match(lines[1]!, /,topup,topups,25\.00,"'=HYPERLINK\(""x""\)"$/);
      assert.match(lines[2]!, /2026-11-06T10:00:00\.000Z,.*,purchase,sales,-0\.75,lease:1$/);
      const audit = await sql<{ action: string; target: string; actor_id: string }>`select action, target, actor_id from operator_audit`.execute(app.db);
      assert.deepEqual(audit.rows, [{ action: 'ledger.export', target: 'ledger:2026-11-05..2026-11-06', actor_id: boss.id }]);

      const backwards = await get(app, boss, '/api/operator/money/ledger.csv?from=2026-11-06&to=2026-11-05');
      assert.equal(backwards.statusCode, 400);
      assert.match(backwards.json<{ message: string }>().message, /ends before it starts/);
      assert.equal((await get(app, boss, '/api/operator/money/ledger.csv?from=2024-01-01&to=2026-11-05')).statusCode, 400);
      assert.equal((await get(app, carol, '/api/operator/money/ledger.csv?from=2026-11-05&to=2026-11-06')).statusCode, 403);
      assert.equal((await get(app, carol, '/api/operator/money')).statusCode, 403);
      assert.equal((await app.inject({ method: 'GET', url: '/api/operator/money' })).statusCode, 401);
      const after = await sql<{ n: number }>`select count(*)::int as n from operator_audit`.execute(app.db);
      assert.equal(after.rows[0]!.n, 1, 'refused calls write nothing');
    });
  });
}
