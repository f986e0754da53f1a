import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HistoryItem } from 'contract/history';
import { customer } from '../test/market-kit.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import { backends } from '../test/helpers.ts';
import { buy, listingsForSale, setOnline, twoInstances } from '../test/history-kit.ts';

const items = (body: { text: string }) => JSON.parse(body.text) as HistoryItem[];

for (const backend of backends) {
  describe(`history cache on ${backend}`, () => {
    it('serves a history again only while nothing it shows has changed, whichever instance changed it', async (t) => {
      const [one, two] = await twoInstances(t, backend, 100);
      const alice = await customer(one, 5000);
      const [first, second] = await listingsForSale(one, 2);
      assert.ok(first && second);
      const [lease] = await buy(one, alice, [first.id]);
      assert.ok(lease);
      const now = new Date();

      const built = await one.repositories.history.list(alice.id, now, false);
      assert.equal(await one.repositories.history.list(alice.id, new Date(now.getTime() + 1000), false), built, 'nothing changed: the same body');
      assert.deepEqual(items(built).map((item) => [item.history_id, item.renew, item.online, item.paid]), [[String(lease.id), 0, 1, 1]]);

      // Auto-renewal switched through the other instance.
      assert.equal((await two.repositories.history.setRenew(alice.id, String(lease.id), true, now)).ok, true);
      const renewed = await one.repositories.history.list(alice.id, now, false);
      assert.notEqual(renewed, built);
      assert.equal(items(renewed)[0]?.renew, 1);

      // A shown field of the listing, written by a tool outside the API.
      await setOnline(two, lease.listing_id, false);
      assert.equal(items(await one.repositories.history.list(alice.id, now, false))[0]?.online, 0);
      // A field nobody sees does not throw the answer away.
      const offline = await one.repositories.history.list(alice.id, now, false);
      await marketDb(two.db).updateTable('proxy_listings').set({ leased_until: new Date(now.getTime() + 5000) }).where('id', '=', lease.listing_id).execute();
      assert.equal(await one.repositories.history.list(alice.id, now, false), offline);

      // A purchase through the other instance.
      await buy(two, alice, [second.id]);
      assert.equal(items(await one.repositories.history.list(alice.id, now, false)).length, 2);

      // Time alone: once the period is over the lease is no longer paid, with nothing written; an earlier
      // moment is not answered from a later one's body.
      const later = new Date(lease.expires_at.getTime() + 1);
      assert.equal(items(await one.repositories.history.list(alice.id, later, false)).find((item) => item.history_id === String(lease.id))?.paid, 0);
      assert.equal(items(await one.repositories.history.list(alice.id, now, false)).find((item) => item.history_id === String(lease.id))?.paid, 1);

      // Another customer's history is their own entry.
      const bob = await customer(one, 5000);
      assert.deepEqual(items(await one.repositories.history.list(bob.id, now, false)), []);
    });
  });
}
