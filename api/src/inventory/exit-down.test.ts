// An exit killed while leased, with the scheduled checker running in the process as `npm start` runs it:
// within the checker's window its lease shows ONLINE 'Dead' (0) in History and the listing is off the
// market; the customer gets a `down` lease event and a mail, once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startUpstream, waitFor } from 'checker/test-kit';
import { sql } from 'kysely';
import type { HistoryItem } from 'contract/history';
import type { ProxyListing, PurchaseItem } from 'contract/marketplace';
import { backends } from '../test/helpers.ts';
import { outbox, recordNotifications } from '../test/history-kit.ts';
import { buildInventoryApp, importText } from '../test/inventory-kit.ts';
import { call, customer } from '../test/market-kit.ts';

for (const backend of backends) {
  describe(`an exit that dies while leased (${backend})`, () => {
    it("shows 'Dead' in History within the checker's window, and its customer gets the event and a mail once", async (t) => {
      const intervalMs = 300;
      const { app } = await buildInventoryApp(t, backend, {
        schedule: { intervalMs, pollMs: 20, environment: { CHECKER_DEAD_AFTER_FAILURES: '2' } },
      });
      const upstream = await startUpstream({ localAddress: '127.0.0.7' });
      let closed = false;
      t.after(async () => {
        if (!closed) await upstream.close();
      });
      assert.equal((await importText(app, `127.0.0.1:${upstream.port}\n`, 'source=dies')).status, 200);
      const buyer = await customer(app, 10_000);
      // The schedule checks the new exit: on the market once it passes.
      const [listing] = await waitFor(
        'the exit on the market',
        async () => {
          const found = (await call(app, buyer, 'POST', '/api/proxy/find', { q: '127.0.0.7' })).json<ProxyListing[]>();
          return found.length === 1 && found;
        },
        10_000,
      );
      const bought = await call(app, buyer, 'POST', '/api/proxy/buy', { ID: [listing!.id] });
      assert.equal(bought.statusCode, 200, bought.body);
      const [item] = bought.json<PurchaseItem[]>();
      const told = recordNotifications(app);
      assert.deepEqual((await app.exitDownNotices.run()).transitions, 0);
      const history = () => call(app, buyer, 'GET', '/api/proxy/history').then((response) => response.json<HistoryItem[]>());
      assert.equal((await history())[0]?.online, 1);

      await upstream.close();
      closed = true;
      const killedAt = Date.now();
      // Two failures in a row at one check per interval: dead within about two intervals (and the checks' time).
      await waitFor('the lease shown dead', async () => (await history())[0]?.online === 0, 10_000);
      const tookMs = Date.now() - killedAt;
      assert.ok(tookMs < 10 * intervalMs + 2000, `dead after ${tookMs} ms`);

      const notices = await app.exitDownNotices.run();
      assert.deepEqual(notices, { transitions: 1, told: 1, up: 0 });
      assert.equal(told.leases.length, 1);
      const { userId, event } = told.leases[0]!;
      assert.equal(userId, buyer.id);
      assert.equal(event.kind, 'down');
      assert.equal(event.real_ip, '127.0.0.7');
      assert.equal(event.check_interval_s, 1, "its interval, in whole seconds");
      assert.ok(event.down_since && Date.parse(event.down_since) >= killedAt - 1000);
      const mails = (await outbox(app)).filter((mail) => mail.includes('is down'));
      assert.equal(mails.length, 1);
      assert.ok(mails[0]!.includes(`Subject: Your proxy ${item!.PROXY} is down`), mails[0]);
      assert.match(mails[0]!, /is down since \d{4}-\d\d-\d\d \d\d:\d\d UTC; we are checking it every 1 s\./);
      // The mail went out through the outbox, written with the claim (not sent beside it).
      const { rows: mailJobs } = await sql<{ state: string }>`select state from jobs where kind = 'mail' order by id`.execute(app.db);
      assert.equal(mailJobs.at(-1)?.state, 'done');
      assert.equal(mailJobs.length, (await outbox(app)).length, 'every mail of the test went through the outbox');
      // Told once: a second pass (or another instance) finds nothing left.
      assert.deepEqual(await app.exitDownNotices.run(), { transitions: 0, told: 0, up: 0 });
    });
  });
}

for (const backend of backends) {
  describe(`an exit's health before it is bought (${backend})`, () => {
    it('unknown until measured; then the details carry uptime, the median ping and the last check, and the listing its uptime and speed', async (t) => {
      const { app } = await buildInventoryApp(t, backend, {
        schedule: { intervalMs: 200, pollMs: 20, uptimeRefreshMs: 100, environment: { CHECKER_SPEED_EVERY: '3', CHECKER_SPEED_BYTES: '200000' } },
      });
      const upstream = await startUpstream({ localAddress: '127.0.0.8' });
      t.after(() => upstream.close());
      const buyer = await customer(app, 10_000);
      assert.equal((await importText(app, `127.0.0.1:${upstream.port}\n`, 'source=healthy')).status, 200);
      const find = async () => (await call(app, buyer, 'POST', '/api/proxy/find', { q: '127.0.0.8' })).json<ProxyListing[]>()[0];
      const listing = await waitFor('measured and on the market', async () => {
        const found = await find();
        return found !== undefined && found.uptime !== null && found.speed !== null && found;
      }, 10_000);
      assert.equal(listing.uptime, 100);
      assert.ok(listing.speed! >= 0 && listing.ping! >= 0);
      const [info] = (await call(app, buyer, 'POST', '/api/proxy/info', { METHOD: 'proxy', ID: listing.id })).json<ProxyListing[]>();
      assert.equal(info!.health!.uptime_7d, 100);
      assert.equal(info!.health!.uptime_24h, 100);
      assert.ok(info!.health!.ping_p50 !== null && info!.health!.ping_p50 >= 0);
      assert.ok(info!.health!.checked_seconds_ago !== null && info!.health!.checked_seconds_ago <= 5);
    });

    it('an imported exit nobody measured yet shows no speed, ping or uptime (never 0)', async (t) => {
      const { app } = await buildInventoryApp(t, backend);
      const upstream = await startUpstream({ localAddress: '127.0.0.9' });
      t.after(() => upstream.close());
      assert.equal((await importText(app, `127.0.0.1:${upstream.port}\n`, 'source=fresh')).status, 200);
      const { rows } = await sql<{ speed: number | null; ping: number | null; uptime_7d: number | null }>`
        select li.speed, li.ping, li.uptime_7d from proxy_listings li join exits ex on ex.id = li.exit_id
        where ex.source = 'fresh'`.execute(app.db);
      assert.deepEqual(rows, [{ speed: null, ping: null, uptime_7d: null }]);
    });
  });
}
