// The whole path of an operator's exits, on loopback, with the gateway and the checker in the process as
// `npm start` runs them: upstream SOCKS5 servers (each leaving from its own 127.0.0.x address) imported from a
// file, checked (one dead), bought, and a customer's page fetched through the gateway leaves through the
// upstream it was bought on. No API answer and no log line of all this carries an exit's credentials. A sync
// that drops a leased exit leaves its lease working until the period ends, then it stops and is not renewed.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, type TestContext } from 'node:test';
import { closedPort, startUpstream } from 'checker/test-kit';
import type { CheckRunSummary, InventorySummary } from 'contract/inventory';
import type { HistoryItem } from 'contract/history';
import type { ProxyListing, PurchaseItem } from 'contract/marketplace';
import { call, customer, type Customer } from '../test/market-kit.ts';
import { backends, injectWithLogin } from '../test/helpers.ts';
import { fetchThrough, fetchThroughSoon } from '../test/socks-client.ts';
import { buildInventoryApp, checkNow, importText, operatorCall } from '../test/inventory-kit.ts';
import { inventoryDb } from './inventory-schema.ts';

/** A local page that says which address each connection came from. */
async function startPage(t: TestContext) {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.socket.remoteAddress ?? '');
    response.end(`hello ${request.socket.remoteAddress}`);
  });
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  t.after(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  return { port: (server.address() as AddressInfo).port, seen };
}

for (const backend of backends) {
  describe(`an operator's exits end to end on ${backend}`, () => {
    it('imported, checked, bought: the page is fetched through the exit it was bought on, and no answer or log holds a credential', async (t) => {
      const { app, log } = await buildInventoryApp(t, backend, { gateway: true, logLevel: 'debug' });
      const page = await startPage(t);
      const secrets = ['Exit-Pass-A1', 'Exit-Pass-B2', 'Exit-Pass-D4', 'exit-login-a', 'exit-login-b', 'exit-login-d'];
      const a = await startUpstream({ login: 'exit-login-a', password: 'Exit-Pass-A1', localAddress: '127.0.0.2' });
      const b = await startUpstream({ login: 'exit-login-b', password: 'Exit-Pass-B2', localAddress: '127.0.0.3' });
      const c = await startUpstream({ localAddress: '127.0.0.4' });
      t.after(async () => {
        await a.close();
        await b.close();
        await c.close();
      });
      const dead = await closedPort();
      const answers: string[] = [];
      const keep = <T extends { body: string }>(response: T) => {
        answers.push(response.body);
        return response;
      };

      const file = [
        `127.0.0.1:${a.port}:exit-login-a:Exit-Pass-A1,residential,120,upstream a`,
        `socks5://exit-login-b:Exit-Pass-B2@127.0.0.1:${b.port},mobile,,upstream b`,
        `127.0.0.1:${c.port},datacenter`,
        `exit-login-d:Exit-Pass-D4@127.0.0.1:${dead}`,
      ].join('\n');
      const imported = keep(await operatorCall(app, 'POST', '/api/operator/inventory/import?source=loopback', { text: file }));
      assert.equal(imported.statusCode, 200, imported.body);

      const checked = keep(await operatorCall(app, 'POST', '/api/operator/inventory/check', { json: { source: 'loopback' } }));
      const summary = checked.json<CheckRunSummary>();
      assert.deepEqual([summary.checked, summary.online, summary.failed, summary.failedAt], [4, 3, 1, { connect: 1 }]);
      // The same on /metrics: the checks by outcome, the exits by state.
      const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body.split('\n');
      for (const line of [
        'private_sock5_checker_checks_total{outcome="online"} 3',
        'private_sock5_checker_checks_total{outcome="connect"} 1',
        'private_sock5_checker_check_duration_seconds_count 4',
        'private_sock5_api_exits{state="online"} 3',
        'private_sock5_api_exits{state="dead"} 1',
      ]) {
        assert.ok(metrics.includes(line), line);
      }
      assert.deepEqual(
        summary.results.map((r) => [r.endpoint, r.ok, r.state, r.exitIp ?? r.failure]),
        [
          [`127.0.0.1:${a.port}`, true, 'online', '127.0.0.2'],
          [`127.0.0.1:${b.port}`, true, 'online', '127.0.0.3'],
          [`127.0.0.1:${c.port}`, true, 'online', '127.0.0.4'],
          [`127.0.0.1:${dead}`, false, 'dead', 'refused'],
        ],
      );
      const changes = await inventoryDb(app.db).selectFrom('exit_state_changes').select(['exit_id', 'from_state', 'to_state', 'reason']).orderBy('exit_id').execute();
      assert.deepEqual(changes.map((row) => `${row.from_state}>${row.to_state}: ${row.reason}`), [
        'unchecked>online: check passed',
        'unchecked>online: check passed',
        'unchecked>online: check passed',
        'unchecked>dead: check failed at connect: refused',
      ]);

      // On the market: the three that passed, under the address the judge saw, with the measured ping.
      const buyer: Customer = await customer(app, 10_000);
      const found = keep(await call(app, buyer, 'POST', '/api/proxy/find', { q: '127.0.0' })).json<ProxyListing[]>();
      assert.deepEqual(found.map((l) => l.sock_real_ip).sort(), ['127.0.0.2', '127.0.0.3', '127.0.0.4']);
      const viaB = found.find((l) => l.sock_real_ip === '127.0.0.3')!;
      assert.equal(viaB.user_type, 'MOB');
      keep(await call(app, buyer, 'POST', '/api/proxy/info', { ID: viaB.id }));
      keep(await operatorCall(app, 'GET', '/api/operator/inventory'));

      const bought = keep(await call(app, buyer, 'POST', '/api/proxy/buy', { ID: [viaB.id] }));
      assert.equal(bought.statusCode, 200, bought.body);
      const [item] = bought.json<PurchaseItem[]>();
      const before = b.connections;
      const body = await fetchThroughSoon(item!.PROXY, item!.SOCKS_AUTH, page.port);
      assert.equal(body, 'hello 127.0.0.3', 'the page saw the upstream the proxy was bought on');
      assert.ok(b.connections > before, 'upstream b carried the connection');
      assert.deepEqual(page.seen, ['127.0.0.3']);
      keep(await call(app, buyer, 'GET', '/api/proxy/my'));
      const history = keep(await call(app, buyer, 'GET', '/api/proxy/history')).json<HistoryItem[]>();
      assert.equal(history[0]?.online, 1);

      const everything = `${answers.join('\n')}\n${log.join('')}`;
      assert.ok(log.some((line) => line.includes('operator: inventory import')), 'the import is logged');
      for (const secret of secrets) assert.ok(!everything.includes(secret), `${secret} appears in an answer or a log line`);
    });

    it('a sync drops a leased exit and an idle one: the idle one leaves the market at once, the lease works to its end and is not renewed', async (t) => {
      // Long enough that the steps before the lease's end (buy, sync, the fetch that must still work) fit in it
      // on a loaded machine; the test waits for the end, so each extra second costs one.
      const { app } = await buildInventoryApp(t, backend, { gateway: true, periodSeconds: 10 });
      const page = await startPage(t);
      const leasedExit = await startUpstream({ login: 'keep', password: 'keep-pw', localAddress: '127.0.0.5' });
      const idleExit = await startUpstream({ localAddress: '127.0.0.6' });
      t.after(async () => {
        await leasedExit.close();
        await idleExit.close();
      });
      const file = `127.0.0.1:${leasedExit.port}:keep:keep-pw\n127.0.0.1:${idleExit.port}\n`;
      assert.equal((await importText(app, file, 'sync=rotating')).status, 200);
      assert.equal((await checkNow(app, { source: 'rotating' })).online, 2);

      const buyer = await customer(app, 10_000);
      const listings = (await call(app, buyer, 'POST', '/api/proxy/find', { q: '127.0.0' })).json<ProxyListing[]>();
      const leased = listings.find((l) => l.sock_real_ip === '127.0.0.5')!;
      const [item] = (await call(app, buyer, 'POST', '/api/proxy/buy', { ID: [leased.id] })).json<PurchaseItem[]>();
      const [lease] = (await call(app, buyer, 'GET', '/api/proxy/history')).json<HistoryItem[]>();
      const renew = await injectWithLogin(app, buyer.token, { method: 'PUT', url: '/api/proxy/autorenew', payload: { HISTORY_ID: lease!.history_id, ENABLE: 1 } });
      assert.equal(renew.statusCode, 200, renew.body);
      assert.equal(await fetchThroughSoon(item!.PROXY, item!.SOCKS_AUTH, page.port), 'hello 127.0.0.5');

      // The provider's new list has neither.
      const sync = await importText(app, '', 'sync=rotating');
      assert.equal(sync.report.retired, 2);
      assert.deepEqual((await call(app, buyer, 'POST', '/api/proxy/find', { q: '127.0.0' })).json(), [], 'off the market at once');
      const summary = (await operatorCall(app, 'GET', '/api/operator/inventory')).json<InventorySummary>();
      assert.deepEqual(summary.sources, [{ source: 'rotating', unchecked: 0, online: 0, dead: 0, retired: 2 }]);

      // The lease still works, and its customer sees it working.
      assert.equal(await fetchThrough(item!.PROXY, item!.SOCKS_AUTH, page.port), 'hello 127.0.0.5');
      assert.equal((await call(app, buyer, 'GET', '/api/proxy/history')).json<HistoryItem[]>()[0]?.online, 1);

      // At its end the sweep does not renew it, and the gateway refuses it.
      const expiresAt = new Date(lease!.expires_at);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt.getTime() - Date.now() + 200)));
      const swept = await app.renewalSweep.run(new Date());
      assert.deepEqual([swept.renewed, swept.ended], [0, 1]);
      const [ended] = (await call(app, buyer, 'GET', '/api/proxy/history')).json<HistoryItem[]>();
      assert.deepEqual([ended?.paid, ended?.renew, ended?.online], [0, 0, 0]);
      assert.equal(await fetchThrough(item!.PROXY, item!.SOCKS_AUTH, page.port), null, 'refused after the end');
      assert.deepEqual((await call(app, buyer, 'POST', '/api/proxy/find', { q: '127.0.0' })).json(), [], 'and never back on sale');
    });
  });
}
