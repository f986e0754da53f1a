// A proxy bought through the API works: the endpoint and credentials exactly as the purchase answered them
// carry a request through the SOCKS5 gateway (started here as `npm start` starts it) to a local page, and
// the traffic shows up in the lease's usage.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LeaseUsage, OwnProxy, ProxyListing, PurchaseItem } from 'contract/marketplace';
import { marketDb } from '../../../marketplace/market-schema.ts';
import { call, customer } from '../../../test/market-kit.ts';
import { appWithGateway, servePage } from '../../../test/gateway-behind-api.ts';
import { backends, build } from '../../../test/helpers.ts';
import { testLeasePorts } from '../../../test/lease-ports.ts';
import { fetchThrough, fetchThroughSoon } from '../../../test/socks-client.ts';

const PAGE = 'fetched through the gateway';

for (const backend of backends) {
  describe(`SOCKS5 gateway behind the API on ${backend}`, () => {
    it('a proxy bought through the API fetches a page at the endpoint it returned; its usage is reported', async (t) => {
      const pagePort = await servePage(t, PAGE);
      const portRange = testLeasePorts(50);
      const { app, gateway } = await appWithGateway(t, backend, { portRange, inventorySize: 50 });

      const alice = await customer(app, 10_000);
      const bob = await customer(app, 10_000);
      const [listing] = (await call(app, alice, 'POST', '/api/proxy/search', { COUNTRY: 'US' })).json<ProxyListing[]>();
      assert.ok(listing);
      const bought = await call(app, alice, 'POST', '/api/proxy/buy', { ID: [listing.id] });
      assert.equal(bought.statusCode, 200, bought.body);
      const [item] = bought.json<PurchaseItem[]>();
      assert.ok(item);
      assert.equal(item.PROXY, `127.0.0.1:${item.PORT}`);
      assert.ok(item.PORT >= portRange.first && item.PORT <= portRange.last);
      const [own] = (await call(app, alice, 'GET', '/api/proxy/my')).json<OwnProxy[]>();
      assert.deepEqual(own, { proxy: item.PROXY, socks_auth: item.SOCKS_AUTH });

      // The gateway hears of the purchase (NOTIFY) and opens the lease's port within moments.
      assert.equal(await fetchThroughSoon(own.proxy, own.socks_auth, pagePort), PAGE);
      const [login] = own.socks_auth.split(':');
      assert.equal(await fetchThrough(own.proxy, `${login}:wrong1`, pagePort), null, 'a wrong password is refused');

      await gateway.flushUsage();
      const lease = await marketDb(app.db).selectFrom('proxy_leases').select('id').where('user_id', '=', alice.id).executeTakeFirstOrThrow();
      const usage = await call(app, alice, 'GET', `/api/proxy/usage/${lease.id}`);
      assert.equal(usage.statusCode, 200, usage.body);
      const counted = usage.json<LeaseUsage>();
      assert.equal(counted.history_id, String(lease.id));
      assert.equal(counted.connections, 1);
      assert.ok(counted.bytes_up > 0 && counted.bytes_down > PAGE.length, JSON.stringify(counted));
      assert.equal(typeof counted.updated_at, 'string');

      assert.equal((await call(app, bob, 'GET', `/api/proxy/usage/${lease.id}`)).statusCode, 404, "another user's lease");
      assert.equal((await call(app, alice, 'GET', '/api/proxy/usage/abc')).statusCode, 400);
    });

    it('gives each active lease its own port from the range; a full range answers 503 and writes nothing', async (t) => {
      const app = await build(t, backend, {
        config: {
          marketplace: { inventorySize: 50, inventorySeed: 7, cacheMs: 0 },
          gateway: { publicHost: 'gw.example', portRange: { first: 40_010, last: 40_012 }, environment: {} },
        },
      });
      const buyers = await Promise.all([0, 1, 2, 3].map(() => customer(app, 10_000)));
      const listings = (await call(app, buyers[0]!, 'POST', '/api/proxy/search', { COUNTRY: 'US' })).json<ProxyListing[]>();
      // Three buyers at once take the three ports of the range, one each.
      const answers = await Promise.all(
        buyers.slice(0, 3).map((buyer, i) => call(app, buyer, 'POST', '/api/proxy/buy', { ID: [listings[i]!.id] })),
      );
      const ports = answers.map((answer) => {
        assert.equal(answer.statusCode, 200, answer.body);
        const [item] = answer.json<PurchaseItem[]>();
        assert.equal(item?.PROXY, `gw.example:${item?.PORT}`);
        return item!.PORT;
      });
      assert.deepEqual([...ports].sort(), [40_010, 40_011, 40_012]);

      const leases = marketDb(app.db).selectFrom('proxy_leases');
      const before = await leases.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const full = await call(app, buyers[3]!, 'POST', '/api/proxy/buy', { ID: [listings[3]!.id] });
      assert.equal(full.statusCode, 503);
      assert.match(full.json<{ message: string }>().message, /No proxy port is free/);
      const after = await leases.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      assert.equal(Number(after.n), Number(before.n));

      // A lease that ended (without auto-renewal) frees its port for the next purchase.
      await marketDb(app.db)
        .updateTable('proxy_leases')
        .set({ expires_at: new Date(Date.now() - 1000), starts_at: new Date(Date.now() - 86_400_000) })
        .where('port', '=', 40_011)
        .execute();
      const next = await call(app, buyers[3]!, 'POST', '/api/proxy/buy', { ID: [listings[3]!.id] });
      assert.equal(next.statusCode, 200, next.body);
      assert.equal(next.json<PurchaseItem[]>()[0]?.PORT, 40_011);
    });
  });
}
