import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AutorenewResponse, HistoryItem } from 'contract/history';
import { HISTORY_WINDOW_DAYS } from 'contract/limits';
import { buy, leaseRow, listingsForSale, onMarketAt, seconds, setOnline } from '../../../../test/history-kit.ts';
import { historyMessages } from '../../../../history/history-messages.ts';
import { marketDb } from '../../../../marketplace/market-schema.ts';
import { assertBalancesEqualLedger, buildMarket, customer, tableCounts, type Customer } from '../../../../test/market-kit.ts';
import type { App } from '../../../../app.ts';
import { backends, injectWithLogin } from '../../../../test/helpers.ts';

const HISTORY_KEYS = [
  'added_timestamp', 'blacklists_checked_at', 'city', 'country', 'css_black', 'ct', 'dns', 'domain', 'expires_at', 'history_id',
  'id', 'img', 'isp', 'location_at', 'location_ip', 'online', 'org', 'paid', 'pbl_black', 'ping', 'price', 'proxy', 'real_ip', 'region', 'renew', 'renewals', 'sbl_black',
  'socks_auth', 'speed', 'time_zone', 'user_type', 'xbl_black', 'zip',
];

function history(app: App, who: Customer, url = '/api/proxy/history') {
  return injectWithLogin(app, who.token, { method: 'GET', url });
}

function autorenew(app: App, who: Customer, payload: unknown) {
  return injectWithLogin(app, who.token, { method: 'PUT', url: '/api/proxy/autorenew', payload: payload as object });
}

for (const backend of backends) {
  describe(`history and auto-renewal on ${backend}`, () => {
    it('answers 401 without a session', async (t) => {
      const app = await buildMarket(t, backend, 20);
      for (const [method, url] of [['GET', '/api/proxy/history'], ['GET', '/api/proxy/history/all'], ['PUT', '/api/proxy/autorenew']] as const) {
        const response = await app.inject({ method, url, ...(method === 'PUT' ? { payload: { HISTORY_ID: '1', ENABLE: 1 } } : {}) });
        assert.equal(response.statusCode, 401, url);
      }
    });

    it("lists the caller's leases newest first as history items, never another customer's", async (t) => {
      const app = await buildMarket(t, backend, 100);
      const alice = await customer(app, 5000);
      const bob = await customer(app, 5000);
      assert.deepEqual((await history(app, alice)).json(), []);
      const [first, second, third] = await listingsForSale(app, 3);
      assert.ok(first && second && third);
      const [older] = await buy(app, alice, [first.id]);
      const [newer] = await buy(app, alice, [second.id]);
      await buy(app, bob, [third.id]);
      assert.ok(older && newer);

      const response = await history(app, alice);
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      const items = response.json<HistoryItem[]>();
      assert.deepEqual(items.map((item) => item.history_id), [String(newer.id), String(older.id)]);
      const item = items[1];
      assert.ok(item);
      assert.deepEqual(Object.keys(item).sort(), HISTORY_KEYS);

      const listing = await marketDb(app.db).selectFrom('proxy_listings').selectAll().where('id', '=', Number(first.id)).executeTakeFirstOrThrow();
      const lease = await marketDb(app.db).selectFrom('proxy_leases').selectAll().where('id', '=', older.id).executeTakeFirstOrThrow();
      assert.deepEqual(item, {
        history_id: String(older.id),
        id: first.id,
        real_ip: listing.real_ip,
        proxy: `${app.config.gateway.publicHost}:${lease.port}`,
        socks_auth: lease.socks_auth,
        img: listing.ct.toLowerCase(),
        country: listing.country,
        ct: listing.ct,
        region: listing.state,
        city: listing.city,
        zip: listing.zip,
        time_zone: listing.time_zone,
        domain: listing.domain,
        org: listing.isp,
        isp: listing.isp,
        user_type: listing.user_type,
        ping: listing.ping,
        speed: listing.speed,
        dns: listing.dns_ip,
        online: 1,
        paid: 1,
        renew: 0,
        price: lease.price_cents / 100,
        added_timestamp: new Date(lease.starts_at).toISOString(),
        expires_at: new Date(lease.expires_at).toISOString(),
        renewals: 0,
        sbl_black: listing.sbl_black,
        xbl_black: listing.xbl_black,
        css_black: listing.css_black,
        pbl_black: listing.pbl_black,
        location_ip: null,
        location_at: null,
        blacklists_checked_at: null,
      });
      assert.deepEqual((await history(app, bob)).json<HistoryItem[]>().map((i) => i.real_ip), [third.real_ip]);

      // An offline exit shows online 0; a lease whose period is over shows paid 0.
      await setOnline(app, older.listing_id, false);
      await marketDb(app.db).updateTable('proxy_leases').set({ expires_at: seconds(new Date(), -5), starts_at: seconds(new Date(), -100) }).where('id', '=', older.id).execute();
      const after = (await history(app, alice)).json<HistoryItem[]>().find((i) => i.history_id === String(older.id));
      assert.equal(after?.online, 0);
      assert.equal(after?.paid, 0);
    });

    it(`keeps leases that ended more than ${HISTORY_WINDOW_DAYS} days ago for /history/all`, async (t) => {
      const app = await buildMarket(t, backend, 100);
      const alice = await customer(app, 5000);
      const [first, second] = await listingsForSale(app, 2);
      assert.ok(first && second);
      const [old, recent] = await buy(app, alice, [first.id, second.id]);
      assert.ok(old && recent);
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
      await marketDb(app.db)
        .updateTable('proxy_leases')
        .set({ starts_at: daysAgo(HISTORY_WINDOW_DAYS + 2), expires_at: daysAgo(HISTORY_WINDOW_DAYS + 1), ended_at: daysAgo(HISTORY_WINDOW_DAYS + 1) })
        .where('id', '=', old.id)
        .execute();
      await marketDb(app.db)
        .updateTable('proxy_leases')
        .set({ starts_at: daysAgo(HISTORY_WINDOW_DAYS), expires_at: daysAgo(HISTORY_WINDOW_DAYS - 1), ended_at: daysAgo(HISTORY_WINDOW_DAYS - 1) })
        .where('id', '=', recent.id)
        .execute();
      assert.deepEqual((await history(app, alice)).json<HistoryItem[]>().map((i) => i.history_id), [String(recent.id)]);
      assert.deepEqual(
        (await history(app, alice, '/api/proxy/history/all')).json<HistoryItem[]>().map((i) => i.history_id).sort(),
        [String(old.id), String(recent.id)].sort(),
      );
    });

    it('switches auto-renewal of own leases on and off', async (t) => {
      const app = await buildMarket(t, backend, 100);
      const alice = await customer(app, 5000);
      const [listing] = await listingsForSale(app, 1);
      assert.ok(listing);
      const [lease] = await buy(app, alice, [listing.id]);
      assert.ok(lease);

      for (const enable of [1, 1, 0, 0, 1] as const) {
        const response = await autorenew(app, alice, { HISTORY_ID: String(lease.id), ENABLE: enable });
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(response.json<AutorenewResponse>(), { history_id: String(lease.id), renew: enable, expires_at: lease.expires_at.toISOString() });
        assert.equal((await leaseRow(app, lease.id)).renew, enable === 1);
        assert.equal((await history(app, alice)).json<HistoryItem[]>()[0]?.renew, enable);
      }
    });

    it("answers 404 for another customer's or an unknown lease, 400 for bad input, 409 to renew an ended lease, writing nothing", async (t) => {
      const app = await buildMarket(t, backend, 100);
      const alice = await customer(app, 5000);
      const bob = await customer(app, 5000);
      const [mine, ended] = await listingsForSale(app, 2);
      assert.ok(mine && ended);
      const [lease, endedLease] = await buy(app, alice, [mine.id, ended.id]);
      assert.ok(lease && endedLease);
      await marketDb(app.db).updateTable('proxy_leases').set({ expires_at: seconds(new Date(), -5), starts_at: seconds(new Date(), -100), ended_at: seconds(new Date(), -5) }).where('id', '=', endedLease.id).execute();
      const before = await tableCounts(app);

      const bobs = await autorenew(app, bob, { HISTORY_ID: String(lease.id), ENABLE: 1 });
      assert.equal(bobs.statusCode, 404);
      assert.equal(bobs.json<{ message: string }>().message, historyMessages.notFound(String(lease.id)));
      assert.equal((await autorenew(app, alice, { HISTORY_ID: '999999999', ENABLE: 1 })).statusCode, 404);
      for (const payload of [
        {},
        { HISTORY_ID: String(lease.id) },
        { HISTORY_ID: String(lease.id), ENABLE: 2 },
        { HISTORY_ID: String(lease.id), ENABLE: '1' },
        { HISTORY_ID: String(lease.id), ENABLE: true },
        { HISTORY_ID: lease.id, ENABLE: 1 },
        { HISTORY_ID: 'abc', ENABLE: 1 },
        { HISTORY_ID: '0', ENABLE: 1 },
        { HISTORY_ID: '1'.repeat(40), ENABLE: 1 },
      ]) {
        const response = await autorenew(app, alice, payload);
        assert.equal(response.statusCode, 400, JSON.stringify(payload));
        assert.equal(typeof response.json<{ message: string }>().message, 'string');
      }
      const late = await autorenew(app, alice, { HISTORY_ID: String(endedLease.id), ENABLE: 1 });
      assert.equal(late.statusCode, 409);
      assert.equal(late.json<{ message: string }>().message, historyMessages.ended(String(endedLease.id)));
      // Switching off an ended lease is harmless.
      assert.equal((await autorenew(app, alice, { HISTORY_ID: String(endedLease.id), ENABLE: 0 })).statusCode, 200);

      assert.equal((await leaseRow(app, lease.id)).renew, false);
      assert.equal((await leaseRow(app, endedLease.id)).renew, false);
      assert.deepEqual(await tableCounts(app), before);
      await assertBalancesEqualLedger(app);
    });

    it('switching off a lease that waits for its offline exit ends it and returns its listing to the market', async (t) => {
      const app = await buildMarket(t, backend, 100);
      const alice = await customer(app, 5000);
      const [listing] = await listingsForSale(app, 1);
      assert.ok(listing);
      const [lease] = await buy(app, alice, [listing.id]);
      assert.ok(lease);
      assert.equal((await autorenew(app, alice, { HISTORY_ID: String(lease.id), ENABLE: 1 })).statusCode, 200);
      await setOnline(app, lease.listing_id, false);
      // Its period ended a minute ago; the sweep saw the exit offline and holds the listing.
      const ended = seconds(new Date(), -60);
      await marketDb(app.db).updateTable('proxy_leases').set({ expires_at: ended, starts_at: seconds(ended, -100) }).where('id', '=', lease.id).execute();
      await marketDb(app.db).updateTable('proxy_listings').set({ leased_until: ended }).where('id', '=', lease.listing_id).execute();
      assert.equal((await app.renewalSweep.run(new Date())).waiting, 1);
      await setOnline(app, lease.listing_id, true);
      assert.equal(await onMarketAt(app, lease.listing_id, new Date()), false, 'held for Alice');
      const waiting = (await history(app, alice)).json<HistoryItem[]>()[0];
      assert.deepEqual([waiting?.paid, waiting?.renew], [0, 1]);

      assert.equal((await autorenew(app, alice, { HISTORY_ID: String(lease.id), ENABLE: 0 })).statusCode, 200);
      const row = await leaseRow(app, lease.id);
      assert.equal(row.renew, false);
      assert.ok(row.ended_at);
      assert.equal(await onMarketAt(app, lease.listing_id, new Date()), true);
      assert.equal((await app.renewalSweep.run(new Date())).renewed, 0);
      await assertBalancesEqualLedger(app);
    });
  });
}
