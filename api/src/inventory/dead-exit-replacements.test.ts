// Free replacement of a dead proxy: a click in History swaps the dead exit for another of the same type, and
// the customer's next connection on the same port with the same login:pass leaves through the new upstream
// (the new upstream sees it); concurrent clicks on two instances replace once; the automatic pass replaces
// after the delay for accounts that asked, once across two instances; a replaced purchase is not refunded
// (automatically or on the desk) and a refunded one is not replaced; the automatic refund waits for the
// replacement's chance. Balances equal the ledger after every test.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, type TestContext } from 'node:test';
import { sql } from 'kysely';
import { startUpstream } from 'checker/test-kit';
import type { HistoryItem, ReplaceResponse } from 'contract/history';
import type { ProxyListing, PurchaseItem } from 'contract/marketplace';
import { supportMessages } from 'contract/support-rules';
import type { App } from '../app.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import { backends, injectWithLogin } from '../test/helpers.ts';
import { exitConfirmedDead, outbox, recordNotifications, twoInstances } from '../test/history-kit.ts';
import { buildInventoryApp, checkNow, importText } from '../test/inventory-kit.ts';
import { assertBalancesEqualLedger, balanceOf, call, customer, type Customer } from '../test/market-kit.ts';
import { fetchThroughSoon } from '../test/socks-client.ts';
import { buyProxy, supportMember } from '../test/support-kit.ts';

/** A local page that says which address each connection came from. */
async function startPage(t: TestContext) {
  const server = createServer((request, response) => response.end(`hello ${request.socket.remoteAddress}`));
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  t.after(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  return (server.address() as AddressInfo).port;
}

const replaceClick = (app: App, who: Customer, historyId: number) => call(app, who, 'POST', `/api/proxy/replace/${historyId}`);
const replacementRows = (app: App, leaseId: number) => app.db.selectFrom('lease_replacements' as never).selectAll().where('lease_id' as never, '=', leaseId as never).execute();

async function leaseOf(app: App, id: number) {
  return marketDb(app.db).selectFrom('proxy_leases').select(['listing_id', 'port', 'socks_auth', 'expires_at', 'ended_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

for (const backend of backends) {
  describe(`free replacement of a dead proxy (${backend})`, () => {
    it('one click: same port and login:pass, the new upstream carries the next connection, no charge, not refunded after', async (t) => {
      const { app } = await buildInventoryApp(t, backend, { gateway: true });
      const page = await startPage(t);
      const a = await startUpstream({ localAddress: '127.0.0.2' });
      const b = await startUpstream({ localAddress: '127.0.0.3' });
      t.after(async () => {
        await a.close();
        await b.close();
      });
      const file = [`127.0.0.1:${a.port},residential,100,upstream a`, `127.0.0.1:${b.port},residential,100,upstream b`].join('\n');
      assert.equal((await importText(app, file, 'source=replace')).status, 200);
      await checkNow(app, { source: 'replace' });
      const buyer = await customer(app, 10_000);
      const found = (await call(app, buyer, 'POST', '/api/proxy/find', { q: '127.0.0' })).json<ProxyListing[]>();
      const viaA = found.find((listing) => listing.sock_real_ip === '127.0.0.2');
      assert.ok(viaA, JSON.stringify(found));
      const bought = await call(app, buyer, 'POST', '/api/proxy/buy', { ID: [viaA.id] });
      assert.equal(bought.statusCode, 200, bought.body);
      const [item] = bought.json<PurchaseItem[]>();
      assert.equal(await fetchThroughSoon(item!.PROXY, item!.SOCKS_AUTH, page, 'hello 127.0.0.2'), 'hello 127.0.0.2');
      const lease = await marketDb(app.db).selectFrom('proxy_leases').select(['id']).where('user_id', '=', buyer.id).executeTakeFirstOrThrow();
      const leaseId = Number(lease.id);
      const before = await leaseOf(app, leaseId);
      const balance = await balanceOf(app, buyer.id);

      // Not dead: nothing to replace.
      const early = await replaceClick(app, buyer, leaseId);
      assert.equal(early.statusCode, 409, early.body);
      assert.match(early.json<{ message: string }>().message, /is not down/);

      await a.close();
      await exitConfirmedDead(app, leaseId);
      const told = recordNotifications(app);
      const replaced = await replaceClick(app, buyer, leaseId);
      assert.equal(replaced.statusCode, 200, replaced.body);
      const answer = replaced.json<ReplaceResponse>();
      assert.equal(answer.real_ip, '127.0.0.3');
      assert.equal(answer.proxy, item!.PROXY);
      const after = await leaseOf(app, leaseId);
      assert.deepEqual([after.port, after.socks_auth, new Date(after.expires_at).getTime()], [before.port, before.socks_auth, new Date(before.expires_at).getTime()]);
      assert.notEqual(after.listing_id, before.listing_id);
      assert.equal(await balanceOf(app, buyer.id), balance, 'a replacement is free');

      // The same port and login:pass now leave through upstream b, and b saw the connection.
      const connectionsBefore = b.connections;
      assert.equal(await fetchThroughSoon(item!.PROXY, item!.SOCKS_AUTH, page, 'hello 127.0.0.3'), 'hello 127.0.0.3');
      assert.ok(b.connections > connectionsBefore, 'upstream b carried the connection');

      const history = (await call(app, buyer, 'GET', '/api/proxy/history')).json<HistoryItem[]>();
      assert.equal(history[0]?.real_ip, '127.0.0.3');
      assert.equal(history[0]?.proxy, item!.PROXY);
      assert.deepEqual(told.leases.map(({ event }) => [event.kind, event.real_ip]), [['replaced', '127.0.0.3']]);
      const mails = (await outbox(app)).filter((mail) => mail.includes('was replaced'));
      assert.equal(mails.length, 1);
      assert.match(mails[0]!, /Its port and login:pass did not change/);

      // Once per death: a second click finds nothing dead; the refund pass (after the wait) refunds nothing.
      assert.equal((await replaceClick(app, buyer, leaseId)).statusCode, 409);
      assert.equal((await replacementRows(app, leaseId)).length, 1);
      assert.deepEqual(await app.deadExitRefunds.run(new Date(Date.now() + 10 * 60_000)), { transitions: 1, refunded: 0 });
      assert.equal(await balanceOf(app, buyer.id), balance);
      await assertBalancesEqualLedger(app);
    });

    it('concurrent clicks on two instances replace once, onto one listing', async (t) => {
      const [a, b] = await twoInstances(t, backend);
      for (let round = 0; round < 3; round += 1) {
        const buyer = await customer(a, 10_000);
        const { historyId } = await buyProxy(a, buyer);
        await exitConfirmedDead(a, historyId);
        const leasedBefore = await leasedCount(a);
        const answers = await Promise.all([replaceClick(a, buyer, historyId), replaceClick(b, buyer, historyId), replaceClick(a, buyer, historyId), replaceClick(b, buyer, historyId)]);
        const statuses = answers.map((answer) => answer.statusCode).sort();
        assert.deepEqual(statuses, [200, 409, 409, 409], answers.map((answer) => answer.body).join('\n'));
        assert.equal((await replacementRows(a, historyId)).length, 1);
        // The new listing is taken, the dead one given back: as many listings under lease as before.
        assert.equal(await leasedCount(a), leasedBefore);
        await assertBalancesEqualLedger(a);
      }
    });

    it('the automatic refund waits for the replacement: a replaced purchase is not refunded, a refunded one is not replaced', async (t) => {
      const [a] = await twoInstances(t, backend, 200, { replaceDeadAfterSeconds: 300 });
      const buyer = await customer(a, 10_000);
      const kept = await buyProxy(a, buyer);
      const refunded = await buyProxy(a, buyer);
      await exitConfirmedDead(a, kept.historyId);
      await exitConfirmedDead(a, refunded.historyId);
      // Within the 5 minutes: no refund yet; the customer replaces one of the two.
      assert.deepEqual(await a.deadExitRefunds.run(), { transitions: 0, refunded: 0 });
      assert.equal((await replaceClick(a, buyer, kept.historyId)).statusCode, 200);
      const before = await balanceOf(a, buyer.id);
      // After the 5 minutes: the other one is refunded, the replaced one is not.
      const later = new Date(Date.now() + 6 * 60_000);
      assert.deepEqual(await a.deadExitRefunds.run(later), { transitions: 2, refunded: 1 });
      assert.equal(await balanceOf(a, buyer.id), before + refunded.priceCents);
      const late = await replaceClick(a, buyer, refunded.historyId);
      assert.equal(late.statusCode, 409, late.body);
      // A refund ticket for the replaced one is refused up front, with the reason, and writes nothing.
      const tickets = await a.db.selectFrom('tickets').selectAll().execute();
      const ticket = await call(a, buyer, 'POST', '/api/support/ticket', { category: 'Refundpolicy', text: 'It died', historyId: kept.historyId });
      assert.equal(ticket.statusCode, 409, ticket.body);
      assert.deepEqual(ticket.json(), { message: supportMessages.proxyReplaced });
      assert.deepEqual(await a.db.selectFrom('tickets').selectAll().execute(), tickets);
      assert.equal((await a.db.selectFrom('refunds').selectAll().where('lease_id', '=', kept.historyId).execute()).length, 0);
      await assertBalancesEqualLedger(a);
    });

    it('a refund ticket opened before the replacement is refused by the desk after it', async (t) => {
      const [a] = await twoInstances(t, backend, 200, { replaceDeadAfterSeconds: 300 });
      const buyer = await customer(a, 10_000);
      const kept = await buyProxy(a, buyer);
      await exitConfirmedDead(a, kept.historyId);
      const staff = await supportMember(a);
      const ticket = await call(a, buyer, 'POST', '/api/support/ticket', { category: 'Refundpolicy', text: 'It died', historyId: kept.historyId });
      assert.equal(ticket.statusCode, 201, ticket.body);
      assert.equal((await replaceClick(a, buyer, kept.historyId)).statusCode, 200);
      const approved = await call(a, staff, 'POST', `/api/support/desk/ticket/${ticket.json<{ _id: string }>()._id}/refund`);
      assert.equal(approved.statusCode, 409, approved.body);
      assert.deepEqual(approved.json(), { message: supportMessages.replacedNotRefunded });
      assert.equal((await a.db.selectFrom('refunds').selectAll().where('lease_id', '=', kept.historyId).execute()).length, 0);
      await assertBalancesEqualLedger(a);
    });

    it('automatic after the delay for accounts that asked, once across two instances; off by default', async (t) => {
      const [a, b] = await twoInstances(t, backend, 200, { replaceDeadAfterSeconds: 300 });
      const asked = await customer(a, 10_000);
      const silent = await customer(a, 10_000);
      const setting = await injectWithLogin(a, asked.token, { method: 'PUT', url: '/api/proxy/replace/automatic', payload: { enabled: true } });
      assert.equal(setting.statusCode, 200, setting.body);
      assert.deepEqual((await call(a, asked, 'GET', '/api/proxy/replace/automatic')).json(), { enabled: true });
      assert.deepEqual((await call(a, silent, 'GET', '/api/proxy/replace/automatic')).json(), { enabled: false });
      const recent = await buyProxy(a, asked);
      const due = await buyProxy(a, asked);
      const other = await buyProxy(a, silent);
      await exitConfirmedDead(a, recent.historyId, 1);
      await exitConfirmedDead(a, due.historyId, 6);
      await exitConfirmedDead(a, other.historyId, 6);
      const balances = [await balanceOf(a, asked.id), await balanceOf(a, silent.id)];
      const passes = await Promise.all([a.deadExitReplacements.run(), b.deadExitReplacements.run(), a.deadExitReplacements.run()]);
      assert.equal(passes.reduce((sum, pass) => sum + pass.replaced, 0), 1, JSON.stringify(passes));
      assert.equal((await replacementRows(a, due.historyId)).length, 1);
      assert.equal((await replacementRows(a, recent.historyId)).length, 0, 'dead for 1 minute: the customer may still act');
      assert.equal((await replacementRows(a, other.historyId)).length, 0, 'the setting is off');
      assert.deepEqual([await balanceOf(a, asked.id), await balanceOf(a, silent.id)], balances);
      await assertBalancesEqualLedger(a);
    });

    it('through /api/v1: manage scope, problem details, and a retried Idempotency-Key answers the first replacement', async (t) => {
      const [a, b] = await twoInstances(t, backend);
      const buyer = await customer(a, 10_000);
      const { historyId } = await buyProxy(a, buyer);
      const keyOf = async (scopes: ('read' | 'manage')[]) => {
        const created = await a.repositories.apiKeys.create(buyer.id, 'replace', scopes);
        assert.ok(created.ok);
        return created.key;
      };
      const reader = await keyOf(['read']);
      const manager = await keyOf(['manage']);
      const v1 = (app: App, key: string, idempotencyKey?: string) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/proxies/${historyId}/replace`,
          headers: { authorization: `Bearer ${key}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        });
      assert.equal((await v1(a, reader)).statusCode, 403);
      const alive = await v1(a, manager);
      assert.equal(alive.statusCode, 409, alive.body);
      assert.equal(alive.json<{ code: string }>().code, 'proxy_not_dead');
      await exitConfirmedDead(a, historyId);
      const [first, retry] = await Promise.all([v1(a, manager, 'swap-1'), v1(b, manager, 'swap-1')]);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(retry.statusCode, 200, retry.body);
      assert.equal(first.body, retry.body, 'the retry answers the first replacement');
      const answer = first.json<{ proxy: { id: string; port: number }; previousIp: string; ip: string }>();
      assert.equal(answer.proxy.id, String(historyId));
      assert.notEqual(answer.ip, answer.previousIp);
      assert.equal((await replacementRows(a, historyId)).length, 1);
      const missing = await a.inject({ method: 'POST', url: '/api/v1/proxies/999999/replace', headers: { authorization: `Bearer ${manager}` } });
      assert.equal(missing.json<{ code: string }>().code, 'not_found');
      await assertBalancesEqualLedger(a);
    });
  });
}

async function leasedCount(app: App): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from proxy_listings where leased_until > now()`.execute(app.db);
  return Number(rows[0]!.n);
}
