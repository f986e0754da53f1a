import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import type { CountryItem, OwnProxy, ProxyListing, PurchaseItem, RegionCount, StateCount } from 'contract/marketplace';
import { REGIONS } from '../../../marketplace/demo-geography.ts';
import { marketDb } from '../../../marketplace/market-schema.ts';
import {
  assertBalancesEqualLedger,
  balanceOf,
  buildMarket,
  call,
  customer,
  tableCounts,
} from '../../../test/market-kit.ts';
import { backends } from '../../../test/helpers.ts';

const LISTING_KEYS = [
  'added_days_ago', 'blacklists_checked_at', 'city', 'country', 'css_black', 'ct', 'dns_ip', 'domain', 'id', 'img', 'isp',
  'latitude', 'location_at', 'location_ip', 'longitude', 'pbl_black',
  'ping', 'price', 'region', 'sbl_black', 'sock_real_ip', 'speed', 'state_placeholder', 'time_zone', 'uptime', 'user_type', 'xbl_black', 'zip',
].filter((key) => key !== 'state_placeholder');

function largestState(states: StateCount[]): StateCount {
  return states.reduce((best, state) => (state.cnt > best.cnt ? state : best));
}

for (const backend of backends) {
  describe(`marketplace on ${backend}`, () => {
    it('answers 401 without a session', async (t) => {
      const app = await buildMarket(t, backend, 50);
      for (const [method, url] of [['GET', '/api/proxy/region'], ['GET', '/api/proxy/states'], ['POST', '/api/proxy/buy'], ['GET', '/api/proxy/my']] as const) {
        const response = await app.inject({ method, url, ...(method === 'POST' ? { payload: { ID: ['1'] } } : {}) });
        assert.equal(response.statusCode, 401, url);
        assert.equal(typeof response.json<{ message: string }>().message, 'string');
      }
    });

    it('serves the six tabs, states, countries and searches in the contract shapes, with counts equal to the listings', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 0);

      const regions = (await call(app, alice, 'GET', '/api/proxy/region')).json<RegionCount[]>();
      assert.deepEqual(regions.map((r) => r.name), ['USA', 'America', 'Europe', 'AU,Oceania', 'Asia', 'Africa']);
      const forSale = await marketDb(app.db)
        .selectFrom('proxy_listings')
        .select(['region_key', (eb) => eb.fn.countAll<number>().as('n')])
        .where('online', '=', true)
        .groupBy('region_key')
        .execute();
      for (const region of REGIONS) {
        const expected = Number(forSale.find((row) => row.region_key === region.key)?.n ?? 0);
        assert.equal(regions.find((r) => r.name === region.name)?.count, expected, region.name);
        assert.ok(expected > 0, `${region.name} has listings`);
      }

      const states = (await call(app, alice, 'GET', '/api/proxy/states')).json<StateCount[]>();
      assert.ok(states.length > 20);
      assert.deepEqual(Object.keys(states[0] ?? {}).sort(), ['cnt', 'state']);
      assert.equal(states.reduce((sum, s) => sum + s.cnt, 0), regions[0]?.count);
      for (const state of [largestState(states), states[0], states.at(-1)]) {
        assert.ok(state);
        const found = await call(app, alice, 'POST', '/api/proxy/search', { METHOD: 'search', COUNTRY: 'US', STATE: state.state });
        assert.equal(found.statusCode, 200, found.body);
        const listings = found.json<ProxyListing[]>();
        assert.equal(listings.length, state.cnt, state.state);
        assert.ok(listings.every((l) => l.region === state.state && l.ct === 'US' && l.img === 'us'));
      }

      for (const region of ['USA', 'America', 'Europe', 'Oceania', 'Asia', 'Africa']) {
        const response = await call(app, alice, 'POST', '/api/proxy/region', { region });
        assert.equal(response.statusCode, 200, response.body);
        const countries = response.json<CountryItem[]>();
        assert.ok(countries.length > 0, region);
        assert.deepEqual(Object.keys(countries[0] ?? {}).sort(), ['country', 'ct', 'img', 'online']);
        const tab = REGIONS.find((r) => r.key === region);
        assert.equal(countries.reduce((sum, c) => sum + c.online, 0), regions.find((r) => r.name === tab?.name)?.count);
        const first = countries[0];
        assert.ok(first);
        assert.equal(first.img, first.ct.toLowerCase());
        const listings = (await call(app, alice, 'POST', '/api/proxy/search', { COUNTRY: first.ct })).json<ProxyListing[]>();
        assert.equal(listings.length, first.online, `${region} ${first.ct}`);
        for (const listing of listings.slice(0, 20)) assert.deepEqual(Object.keys(listing).sort(), LISTING_KEYS);
      }
      assert.deepEqual(
        (await call(app, alice, 'POST', '/api/proxy/region', { region: 'USA' })).json<CountryItem[]>().map((c) => c.ct),
        ['US'],
      );
      assert.ok(
        !(await call(app, alice, 'POST', '/api/proxy/region', { region: 'America' })).json<CountryItem[]>().some((c) => c.ct === 'US'),
        'America is the rest of the Americas',
      );
    });

    it('prices every listing by the price guide and only ever hands out 198.18.0.0/15 addresses', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 0);
      const rows = await marketDb(app.db).selectFrom('proxy_listings').selectAll().where('online', '=', true).execute();
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      const countries = new Set(rows.map((row) => row.ct));
      let fresh = 0;
      let discounted = 0;
      for (const ct of countries) {
        const listings = (await call(app, alice, 'POST', '/api/proxy/search', { COUNTRY: ct })).json<ProxyListing[]>();
        for (const listing of listings) {
          const row = byId.get(listing.id);
          assert.ok(row, listing.id);
          assert.match(listing.sock_real_ip, /^198\.(18|19)\.\d{1,3}\.\d{1,3}$/);
          const now = new Date();
          // The price guide, restated as the oracle: base, plus the premium under 12 hours, then half off when
          // listed on SBL, XBL or CSS (PBL is not discounted).
          const fresh12h = now.getTime() - new Date(row.added_at).getTime() < 12 * 3600_000;
          const gross = row.base_cents + (fresh12h ? row.fresh_cents : 0);
          const listed = row.sbl_black === 1 || row.xbl_black === 1 || row.css_black === 1;
          const expected = Math.round((gross * (listed ? 50 : 100)) / 100);
          assert.equal(Math.round(listing.price * 100), expected, `price of ${listing.id}`);
          assert.ok(listing.price >= 0.2 && listing.price <= 1.8, `${listing.price} within the guide`);
          if (now.getTime() - new Date(row.added_at).getTime() < 12 * 3600_000) {
            fresh += 1;
            assert.equal(listing.added_days_ago, 0);
          }
          if (listed) discounted += 1;
        }
      }
      assert.ok(fresh > 0 && discounted > 0, 'the catalogue exercises the fresh premium and the discounts');
    });

    it('offers no offline listing', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 0);
      const offline = await marketDb(app.db).selectFrom('proxy_listings').select(['id', 'ct']).where('online', '=', false).executeTakeFirstOrThrow();
      const listings = (await call(app, alice, 'POST', '/api/proxy/search', { COUNTRY: offline.ct })).json<ProxyListing[]>();
      assert.ok(!listings.some((l) => l.id === String(offline.id)));
      const info = await call(app, alice, 'POST', '/api/proxy/info', { METHOD: 'proxy', ID: String(offline.id) });
      assert.equal(info.statusCode, 404);
    });

    it('buys: one lease per proxy with port and 5-7 character login:pass, one purchase ledger row each, listing gone for others', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 10_000);
      const bob = await customer(app, 10_000);
      const states = (await call(app, bob, 'GET', '/api/proxy/states')).json<StateCount[]>();
      const big = largestState(states);
      const searchBody = { METHOD: 'search', COUNTRY: 'US', STATE: big.state };
      const before = (await call(app, bob, 'POST', '/api/proxy/search', searchBody)).json<ProxyListing[]>();
      const [first, second] = before;
      assert.ok(first && second);

      const response = await call(app, alice, 'POST', '/api/proxy/buy', { ID: [first.id, second.id] });
      assert.equal(response.statusCode, 200, response.body);
      const bought = response.json<PurchaseItem[]>();
      assert.deepEqual(bought.map((b) => b.ID), [first.id, second.id]);
      for (const item of bought) {
        assert.deepEqual(Object.keys(item).sort(), ['ID', 'PORT', 'PROXY', 'SOCKS_AUTH']);
        // Served by the gateway: its public host and a port from its range, not the exit's address.
        assert.ok(Number.isInteger(item.PORT) && item.PORT >= 20_000 && item.PORT <= 29_999);
        assert.equal(item.PROXY, `127.0.0.1:${item.PORT}`);
        assert.match(item.SOCKS_AUTH, /^[A-Za-z0-9]{5,7}:[A-Za-z0-9]{5,7}$/);
      }
      const total = Math.round(first.price * 100) + Math.round(second.price * 100);
      assert.equal(await balanceOf(app, alice.id), 10_000 - total);
      assert.deepEqual((await call(app, alice, 'GET', '/api/proxy/balance')).json(), { balance: (10_000 - total) / 100 });
      const ledger = await app.db.selectFrom('ledger').select(['kind', 'amount_cents']).where('user_id', '=', alice.id).where('kind', '=', 'purchase').execute();
      assert.deepEqual(ledger.map((row) => Number(row.amount_cents)).sort((a, b) => a - b), [-Math.round(first.price * 100), -Math.round(second.price * 100)].sort((a, b) => a - b));

      const leases = await marketDb(app.db).selectFrom('proxy_leases').selectAll().where('user_id', '=', alice.id).execute();
      assert.equal(leases.length, 2);
      for (const lease of leases) {
        const hours = (new Date(lease.expires_at).getTime() - new Date(lease.starts_at).getTime()) / 3600_000;
        assert.equal(hours, 24);
        assert.equal(lease.renew, false);
      }

      const mine = (await call(app, alice, 'GET', '/api/proxy/my')).json<OwnProxy[]>();
      assert.deepEqual(
        mine,
        bought.map((b) => ({ proxy: b.PROXY, socks_auth: b.SOCKS_AUTH })),
      );
      // The purchase answer carries the very address the own-proxies list shows.
      assert.deepEqual(bought.map((b) => b.PROXY), mine.map((own) => own.proxy));
      assert.deepEqual((await call(app, bob, 'GET', '/api/proxy/my')).json(), []);

      const after = (await call(app, bob, 'POST', '/api/proxy/search', searchBody)).json<ProxyListing[]>();
      assert.equal(after.length, before.length - 2);
      assert.ok(!after.some((l) => l.id === first.id || l.id === second.id));
      const states2 = (await call(app, bob, 'GET', '/api/proxy/states')).json<StateCount[]>();
      assert.equal(states2.find((s) => s.state === big.state)?.cnt, big.cnt - 2);

      const own = (await call(app, alice, 'POST', '/api/proxy/info', { METHOD: 'proxy', ID: first.id })).json<ProxyListing[]>();
      assert.equal(own[0]?.sold, true);
      assert.equal(own[0]?.socks_auth, bought[0]?.SOCKS_AUTH);
      assert.equal(own[0]?.port, bought[0]?.PORT);
      assert.equal(own[0]?.proxy, bought[0]?.PROXY);
      assert.equal(own[0]?.sock_real_ip, first.sock_real_ip, 'the exit address stays what the destination sees');
      assert.notEqual(bought[0]?.PORT, bought[1]?.PORT);
      const theirs = await call(app, bob, 'POST', '/api/proxy/info', { METHOD: 'proxy', ID: first.id });
      assert.equal(theirs.statusCode, 404);
      const again = await call(app, bob, 'POST', '/api/proxy/buy', { ID: [first.id] });
      assert.equal(again.statusCode, 409);
      assert.match(again.json<{ message: string }>().message, /no longer available/);
      await assertBalancesEqualLedger(app);
    });

    it('refuses a bad purchase with a clear 4xx and writes nothing', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 100);
      const bob = await customer(app, 10_000);
      const listings = (await call(app, alice, 'POST', '/api/proxy/search', { COUNTRY: 'DE' })).json<ProxyListing[]>();
      const cheap = listings.filter((l) => l.price <= 0.5);
      const [taken, free] = listings;
      assert.ok(taken && free && cheap.length > 0);
      assert.equal((await call(app, bob, 'POST', '/api/proxy/buy', { ID: [taken.id] })).statusCode, 200);
      const expensive = [...listings].sort((a, b) => b.price - a.price).filter((l) => l.id !== taken.id).slice(0, 3);

      const before = await tableCounts(app);
      const balance = await balanceOf(app, alice.id);
      const cases: [unknown, number, RegExp][] = [
        [{ ID: [] }, 400, /ID/],
        [{ ID: Array.from({ length: 101 }, (_, i) => String(i + 1)) }, 400, /ID/],
        [{ ID: [free.id, free.id] }, 400, /ID/],
        [{ ID: ['abc'] }, 400, /ID/],
        [{ ID: [Number(free.id)] }, 400, /ID/],
        [{}, 400, /ID/],
        [{ ID: ['999999999'] }, 404, /does not exist/],
        [{ ID: [free.id, '999999999'] }, 404, /does not exist/],
        [{ ID: [free.id, taken.id] }, 409, /no longer available/],
        [{ ID: expensive.map((l) => l.id) }, 402, /Insufficient funds/],
      ];
      for (const [payload, status, message] of cases) {
        const response = await call(app, alice, 'POST', '/api/proxy/buy', payload);
        assert.equal(response.statusCode, status, `${JSON.stringify(payload).slice(0, 80)}: ${response.body}`);
        assert.match(response.json<{ message: string }>().message, message);
      }
      assert.deepEqual(await tableCounts(app), before);
      assert.equal(await balanceOf(app, alice.id), balance);
      await assertBalancesEqualLedger(app);
    });

    it('a purchase with taken listings buys nothing and names every taken one by id; the rest then buys', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 10_000);
      const bob = await customer(app, 10_000);
      const [a, b, c, d] = (await call(app, alice, 'POST', '/api/proxy/search', { COUNTRY: 'DE' })).json<ProxyListing[]>();
      assert.ok(a && b && c && d);
      assert.equal((await call(app, bob, 'POST', '/api/proxy/buy', { ID: [b.id, d.id] })).statusCode, 200);
      const before = await tableCounts(app);

      const refused = await call(app, alice, 'POST', '/api/proxy/buy', { ID: [a.id, b.id, c.id, d.id] });
      assert.equal(refused.statusCode, 409);
      assert.deepEqual(refused.json(), {
        message: `Proxies ${b.sock_real_ip}, ${d.sock_real_ip} are no longer available`,
        unavailable: [b.id, d.id],
      });
      assert.deepEqual(await tableCounts(app), before);
      assert.equal(await balanceOf(app, alice.id), 10_000);

      const availability = await call(app, alice, 'POST', '/api/proxy/availability', { ID: [a.id, b.id, c.id, d.id, '999999999'] });
      assert.deepEqual(availability.json(), { unavailable: [b.id, d.id, '999999999'] });
      const rest = await call(app, alice, 'POST', '/api/proxy/buy', { ID: [a.id, c.id] });
      assert.equal(rest.statusCode, 200, rest.body);
      assert.deepEqual(rest.json<PurchaseItem[]>().map((item) => item.ID), [a.id, c.id]);
      await assertBalancesEqualLedger(app);
    });

    it('finds listings for sale anywhere by the start of city, ISP, ZIP, domain or IP, case-insensitive', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 10_000);
      const bob = await customer(app, 10_000);
      const [sample] = (await call(app, alice, 'POST', '/api/proxy/search', { COUNTRY: 'FR' })).json<ProxyListing[]>();
      assert.ok(sample);
      const find = (q: string) => call(app, alice, 'POST', '/api/proxy/find', { q });
      const cases: [string, (l: ProxyListing) => string][] = [
        [sample.city.slice(0, 4).toUpperCase(), (l) => l.city],
        [sample.isp.slice(0, 5).toLowerCase(), (l) => l.isp],
        [sample.zip.slice(0, 3), (l) => l.zip],
        [sample.domain.slice(0, 6), (l) => l.domain],
        [sample.sock_real_ip.split('.').slice(0, 3).join('.'), (l) => l.sock_real_ip],
      ];
      for (const [q, field] of cases) {
        const response = await find(q);
        assert.equal(response.statusCode, 200, `${q}: ${response.body}`);
        const found = response.json<ProxyListing[]>();
        assert.ok(found.length > 0 && found.length <= 200, q);
        assert.ok(found.some((l) => l.id === sample.id || field(l).toLowerCase().startsWith(q.toLowerCase())), q);
        const all = [l => l.city, l => l.isp, l => l.zip, l => l.domain, l => l.sock_real_ip] as ((l: ProxyListing) => string)[];
        for (const listing of found) {
          assert.ok(all.some((f) => f(listing).toLowerCase().startsWith(q.toLowerCase())), `${q} matched ${listing.city}/${listing.isp}`);
        }
        assert.deepEqual(Object.keys(found[0] ?? {}).sort(), LISTING_KEYS.slice().sort());
      }
      // Wildcards are literal, a single character is refused, and a sold listing is not found.
      assert.deepEqual((await find('%%')).json(), []);
      const short = await find(' a ');
      assert.equal(short.statusCode, 400);
      assert.match(short.json<{ message: string }>().message, /at least 2 characters/);
      assert.equal((await call(app, bob, 'POST', '/api/proxy/buy', { ID: [sample.id] })).statusCode, 200);
      app.marketCache.clear();
      assert.ok(!(await find(sample.sock_real_ip)).json<ProxyListing[]>().some((l) => l.id === sample.id));
    });

    it('race: 50 buyers for one listing give exactly one lease and 49 clean refusals', async (t) => {
      const app = await buildMarket(t, backend);
      const buyers = await Promise.all(Array.from({ length: 50 }, () => customer(app, 1_000)));
      const [target] = (await call(app, buyers[0] as never, 'POST', '/api/proxy/search', { COUNTRY: 'FR' })).json<ProxyListing[]>();
      assert.ok(target);
      const responses = await Promise.all(buyers.map((buyer) => call(app, buyer, 'POST', '/api/proxy/buy', { ID: [target.id] })));
      const statuses = responses.map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','));
      assert.equal(statuses.filter((s) => s === 409).length, 49, statuses.join(','));
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        assert.match(response.json<{ message: string }>().message, /no longer available/);
      }
      const leases = await marketDb(app.db).selectFrom('proxy_leases').select('user_id').where('listing_id', '=', Number(target.id)).execute();
      assert.equal(leases.length, 1);
      const winner = buyers[statuses.indexOf(200)];
      assert.equal(leases[0]?.user_id, winner?.id);
      const purchases = await app.db.selectFrom('ledger').select('user_id').where('kind', '=', 'purchase').execute();
      assert.deepEqual(purchases.map((row) => row.user_id), [winner?.id]);
      await assertBalancesEqualLedger(app);
    });

    it('race: 20 purchases from one user whose balance covers 5 give exactly 5', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 250);
      const market = marketDb(app.db);
      const picked = await market.selectFrom('proxy_listings').select('id').where('online', '=', true).orderBy('id').limit(20).execute();
      // Same price for all 20 (50 cents: base only, old, on no list that halves it), so the balance covers exactly five.
      await market
        .updateTable('proxy_listings')
        .set({ base_cents: 50, fresh_cents: 70, sbl_black: 0, xbl_black: 0, css_black: 0, pbl_black: 0, added_at: sql<Date>`now() - interval '2 days'` })
        .where('id', 'in', picked.map((row) => row.id))
        .execute();
      const responses = await Promise.all(picked.map((row) => call(app, alice, 'POST', '/api/proxy/buy', { ID: [String(row.id)] })));
      const statuses = responses.map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s === 200).length, 5, statuses.join(','));
      assert.equal(statuses.filter((s) => s === 402).length, 15, statuses.join(','));
      assert.equal(await balanceOf(app, alice.id), 0);
      const leases = await market.selectFrom('proxy_leases').select('id').where('user_id', '=', alice.id).execute();
      assert.equal(leases.length, 5);
      assert.equal((await call(app, alice, 'GET', '/api/proxy/my')).json<OwnProxy[]>().length, 5);
      await assertBalancesEqualLedger(app);
    });

    it('validates the other calls with 400 and a message', async (t) => {
      const app = await buildMarket(t, backend, 50);
      const alice = await customer(app, 0);
      const cases: [string, unknown][] = [
        ['/api/proxy/region', { region: 'Atlantis' }],
        ['/api/proxy/region', {}],
        ['/api/proxy/search', {}],
        ['/api/proxy/search', { COUNTRY: 'USA' }],
        ['/api/proxy/search', { METHOD: 'search', COUNTRY: 'US' }],
        ['/api/proxy/info', { METHOD: 'proxy', ID: 'x' }],
        ['/api/proxy/info', { ID: '1' }],
        ['/api/proxy/search', { COUNTRY: 'US', STATE: 'California\u0000' }],
        ['/api/proxy/search', { COUNTRY: 'US', STATE: '\uD800' }],
        ['/api/proxy/region', { region: 'Europe\u0000' }],
        ['/api/proxy/buy', { ID: ['1\u0000'] }],
      ];
      for (const [url, payload] of cases) {
        const response = await call(app, alice, 'POST', url, payload);
        assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(payload)}: ${response.body}`);
        assert.equal(typeof response.json<{ message: string }>().message, 'string');
      }
    });

    it('seeds an empty inventory once, deterministically, and not again on restart', async (t) => {
      const app = await buildMarket(t, backend, 300);
      const market = marketDb(app.db);
      const count = await market.selectFrom('proxy_listings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      assert.equal(Number(count.n), 300);
      const { DemoProxySource } = await import('../../../marketplace/demo-catalogue.ts');
      assert.equal(await app.inventory.seedIfEmpty(new DemoProxySource({ seed: 42, size: 300, now: new Date() })), 0);
    });
  });
}
