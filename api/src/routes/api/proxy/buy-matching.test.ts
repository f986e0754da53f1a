import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROXY_KINDS, type ProxyListing, type PurchaseItem, type StateCount } from 'contract/marketplace';
import { marketDb } from '../../../marketplace/market-schema.ts';
import { assertBalancesEqualLedger, balanceOf, buildMarket, call, customer, tableCounts } from '../../../test/market-kit.ts';
import { backends } from '../../../test/helpers.ts';

/** The listings a quantity buy should pick, in its order: lowest ping, then highest speed, then oldest id. */
function best(listings: ProxyListing[], count: number): ProxyListing[] {
  // Never measured: after every measured one.
  const ping = (listing: ProxyListing) => listing.ping ?? Number.MAX_SAFE_INTEGER;
  const speed = (listing: ProxyListing) => listing.speed ?? -1;
  return [...listings].sort((a, b) => ping(a) - ping(b) || speed(b) - speed(a) || Number(a.id) - Number(b.id)).slice(0, count);
}

const residential = (listing: ProxyListing) => (PROXY_KINDS.Residential as readonly string[]).includes(listing.user_type);

for (const backend of backends) {
  describe(`quantity buy on ${backend}`, () => {
    it('buys the best matching listings of a state, all of them, with one lease and ledger row each', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 10_000);
      const states = (await call(app, alice, 'GET', '/api/proxy/states')).json<StateCount[]>();
      const big = states.reduce((a, b) => (b.cnt > a.cnt ? b : a));
      const listings = (await call(app, alice, 'POST', '/api/proxy/search', { METHOD: 'search', COUNTRY: 'US', STATE: big.state })).json<ProxyListing[]>();
      const expected = best(listings.filter(residential), 3);
      assert.equal(expected.length, 3, 'the demo state has residential listings');

      const response = await call(app, alice, 'POST', '/api/proxy/buy-matching', { count: 3, kind: 'Residential', country: 'US', state: big.state });
      assert.equal(response.statusCode, 200, response.body);
      const bought = response.json<PurchaseItem[]>();
      assert.deepEqual(bought.map((item) => item.ID).sort(), expected.map((listing) => listing.id).sort());
      const total = expected.reduce((sum, listing) => sum + Math.round(listing.price * 100), 0);
      assert.equal(await balanceOf(app, alice.id), 10_000 - total);
      const leases = await marketDb(app.db).selectFrom('proxy_leases').select('listing_id').where('user_id', '=', alice.id).execute();
      assert.equal(leases.length, 3);
      const after = (await call(app, alice, 'POST', '/api/proxy/search', { METHOD: 'search', COUNTRY: 'US', STATE: big.state })).json<ProxyListing[]>();
      assert.equal(after.length, listings.length - 3, 'the bought listings left the market');
      await assertBalancesEqualLedger(app);
    });

    it('keeps to the kind, the whole country without a state, and the price limit', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 10_000);
      const listings = (await call(app, alice, 'POST', '/api/proxy/search', { COUNTRY: 'DE' })).json<ProxyListing[]>();
      const cheapest = Math.min(...listings.map((listing) => listing.price));
      const limit = cheapest + 0.3;
      const expected = best(listings.filter((listing) => listing.price <= limit), 2);
      const response = await call(app, alice, 'POST', '/api/proxy/buy-matching', { count: 2, kind: 'any', country: 'DE', maxPrice: limit });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json<PurchaseItem[]>().map((item) => item.ID).sort(), expected.map((listing) => listing.id).sort());
    });

    it('buys nothing when fewer match than asked for, and says how many there are', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 100_000);
      const listings = (await call(app, alice, 'POST', '/api/proxy/search', { COUNTRY: 'DE' })).json<ProxyListing[]>();
      const before = await tableCounts(app);
      const refused = await call(app, alice, 'POST', '/api/proxy/buy-matching', { count: listings.length + 1, kind: 'any', country: 'DE' });
      assert.equal(refused.statusCode, 409, refused.body);
      assert.equal(
        refused.json<{ message: string }>().message,
        `You asked for ${listings.length + 1} proxies in DE, but only ${listings.length} are for sale that matches: nothing was bought`,
      );
      const none = await call(app, alice, 'POST', '/api/proxy/buy-matching', { count: 1, kind: 'Datacenter', country: 'US', state: 'Nowhere' });
      assert.equal(none.statusCode, 409);
      assert.equal(none.json<{ message: string }>().message, 'You asked for 1 Datacenter proxy in Nowhere (US), but none is for sale that matches: nothing was bought');
      assert.deepEqual(await tableCounts(app), before);
      assert.equal(await balanceOf(app, alice.id), 100_000);
    });

    it('refuses a short balance (402) and bad input (400) with a message, writing nothing', async (t) => {
      const app = await buildMarket(t, backend);
      const alice = await customer(app, 60);
      const before = await tableCounts(app);
      const cases: [unknown, number, RegExp][] = [
        [{ count: 5, kind: 'any', country: 'DE' }, 402, /Insufficient funds/],
        [{ count: 0, kind: 'any', country: 'DE' }, 400, /count/],
        [{ count: 101, kind: 'any', country: 'DE' }, 400, /count/],
        [{ count: 1.5, kind: 'any', country: 'DE' }, 400, /count/],
        [{ count: 1, kind: 'Cheap', country: 'DE' }, 400, /kind/],
        [{ count: 1, kind: 'any', country: 'Germany' }, 400, /country/],
        [{ count: 1, kind: 'any', country: 'DE', state: '' }, 400, /state/],
        [{ count: 1, kind: 'any', country: 'DE', maxPrice: 0 }, 400, /maxPrice/],
        [{ kind: 'any', country: 'DE' }, 400, /count/],
      ];
      for (const [payload, status, message] of cases) {
        const response = await call(app, alice, 'POST', '/api/proxy/buy-matching', payload);
        assert.equal(response.statusCode, status, `${JSON.stringify(payload)}: ${response.body}`);
        assert.match(response.json<{ message: string }>().message, message);
      }
      assert.deepEqual(await tableCounts(app), before);
      assert.equal(await balanceOf(app, alice.id), 60);
    });

    it('race: two customers asking for the same best listings never share one', async (t) => {
      const app = await buildMarket(t, backend);
      const [alice, bob] = await Promise.all([customer(app, 10_000), customer(app, 10_000)]);
      const wanted = { count: 4, kind: 'any', country: 'FR' };
      const [a, b] = await Promise.all([alice, bob].map((who) => call(app, who, 'POST', '/api/proxy/buy-matching', wanted)));
      assert.equal(a?.statusCode, 200, a?.body);
      assert.equal(b?.statusCode, 200, b?.body);
      const ids = [...(a?.json<PurchaseItem[]>() ?? []), ...(b?.json<PurchaseItem[]>() ?? [])].map((item) => item.ID);
      assert.equal(new Set(ids).size, 8);
      await assertBalancesEqualLedger(app);
    });
  });
}
