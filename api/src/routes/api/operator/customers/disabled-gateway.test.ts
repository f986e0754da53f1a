// Disabling an account stops its leases at the real SOCKS5 gateway at once (the gateway hears of it through
// NOTIFY, as of a lease change), and enabling it again brings them back.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { waitFor } from 'checker/test-kit';
import type { OwnProxy, ProxyListing } from 'contract/marketplace';
import { call, customer } from '../../../../test/market-kit.ts';
import { appWithGateway, servePage } from '../../../../test/gateway-behind-api.ts';
import { backends, injectWithLogin, register } from '../../../../test/helpers.ts';
import { testLeasePorts } from '../../../../test/lease-ports.ts';
import { fetchThrough } from '../../../../test/socks-client.ts';

const PAGE = 'through the gateway';

for (const backend of backends) {
  describe(`a disabled account at the gateway on ${backend}`, () => {
    it('its leases are refused at once; enabled again, they work', async (t) => {
      const pagePort = await servePage(t, PAGE);
      const { app } = await appWithGateway(t, backend, { portRange: testLeasePorts(20), inventorySize: 20 });

      const op = await register(app);
      await app.operatorRoles.grant(op.username);
      const opToken = (await app.sessions.start(op.id)).token;
      const alice = await customer(app, 10_000);
      const bob = await customer(app, 10_000);
      const own: OwnProxy[] = [];
      for (const buyer of [alice, bob]) {
        const listings = (await call(app, buyer, 'POST', '/api/proxy/search', { COUNTRY: 'US' })).json<ProxyListing[]>();
        const bought = await call(app, buyer, 'POST', '/api/proxy/buy', { ID: [listings[0]!.id] });
        assert.equal(bought.statusCode, 200, bought.body);
        const [mine] = (await call(app, buyer, 'GET', '/api/proxy/my')).json<OwnProxy[]>();
        own.push(mine!);
      }
      const [aliceProxy, bobProxy] = own as [OwnProxy, OwnProxy];
      const works = async (proxy: OwnProxy) => (await fetchThrough(proxy.proxy, proxy.socks_auth, pagePort)) === PAGE;
      await waitFor("alice's lease to work", () => works(aliceProxy));
      await waitFor("bob's lease to work", () => works(bobProxy));

      const disable = (disabled: boolean) =>
        injectWithLogin(app, opToken, { method: 'POST', url: `/api/operator/customers/${alice.id}/disabled`, payload: { disabled, reason: 'abuse report' } });
      assert.equal((await disable(true)).statusCode, 200);
      await waitFor("the disabled account's lease to stop carrying traffic", async () => !(await works(aliceProxy)));
      assert.equal(await works(bobProxy), true, "another customer's lease is untouched");

      assert.equal((await disable(false)).statusCode, 200);
      await waitFor('the lease to work again once the account is enabled', () => works(aliceProxy));
    });
  });
}
