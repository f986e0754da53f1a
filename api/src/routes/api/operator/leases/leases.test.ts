// The leases page: running leases by type and country, those ending within the hour, the auto-renew share and
// the top by traffic, against leases bought here; and the live event that tells a connected operator (only)
// which figures changed.
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { sql } from 'kysely';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { LeaseOverview } from 'contract/operator-console';
import { OPERATOR_EVENT, type OperatorEvent } from 'contract/realtime';
import type { App } from '../../../../app.ts';
import { buy, listingsForSale } from '../../../../test/history-kit.ts';
import { backends, injectWithLogin } from '../../../../test/helpers.ts';
import { buildMarket, customer, type Customer } from '../../../../test/market-kit.ts';

async function operator(app: App): Promise<Customer> {
  const who = await customer(app, 0);
  const { username } = await app.db.selectFrom('users').select('username').where('id', '=', who.id).executeTakeFirstOrThrow();
  assert.ok((await app.operatorRoles.grant(username)).ok);
  return who;
}

function socket(t: TestContext, url: string, token: string): Socket {
  const client = connectClient(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  t.after(() => {
    client.disconnect();
  });
  return client;
}

for (const backend of backends) {
  describe(`operator leases on ${backend}`, () => {
    it('counts running leases by type and country, the next hour, the renew share and the top traffic', async (t) => {
      const app = await buildMarket(t, backend, 30, 0);
      const boss = await operator(app);
      const empty = (await injectWithLogin(app, boss.token, { method: 'GET', url: '/api/operator/leases' })).json<LeaseOverview>();
      assert.deepEqual(empty, { active: 0, byType: [], byCountry: [], expiringNextHour: 0, autoRenew: { on: 0, share: null }, topByTraffic: [] });

      const alice = await customer(app, 10_000);
      const listings = await listingsForSale(app, 4);
      const leases = await buy(app, alice, listings.map((l) => l.id));
      const [a, b, c, d] = leases.map((l) => l.id) as [number, number, number, number];
      await sql`update proxy_leases set renew = true where id in (${a}, ${b}, ${c})`.execute(app.db);
      await sql`update proxy_leases set expires_at = now() + interval '30 minutes' where id = ${b}`.execute(app.db);
      // One lease has ended: not counted anywhere.
      await sql`update proxy_leases set expires_at = now() - interval '1 minute', starts_at = now() - interval '1 day' where id = ${d}`.execute(app.db);
      await sql`insert into proxy_lease_usage (lease_id, bytes_up, bytes_down) values (${a}, 100, 900), (${c}, 5000, 1), (${d}, 999999, 0)`.execute(app.db);

      const response = await injectWithLogin(app, boss.token, { method: 'GET', url: '/api/operator/leases' });
      assert.equal(response.statusCode, 200, response.body);
      const overview = response.json<LeaseOverview>();
      assert.equal(overview.active, 3);
      assert.equal(overview.expiringNextHour, 1);
      assert.deepEqual(overview.autoRenew, { on: 3, share: 100 });
      const { rows: expected } = await sql<{ type: string; ct: string; n: number }>`
        select e.declared_type as type, li.ct, count(*)::int as n from proxy_leases le
        join proxy_listings li on li.id = le.listing_id join exits e on e.id = li.exit_id
        where le.id in (${a}, ${b}, ${c}) group by 1, 2`.execute(app.db);
      assert.equal(overview.byType.reduce((s, x) => s + x.count, 0), 3);
      assert.equal(overview.byCountry.reduce((s, x) => s + x.count, 0), 3);
      for (const row of expected) assert.ok(overview.byType.some((x) => x.type === row.type));
      assert.deepEqual(overview.topByTraffic.map((x) => [x.historyId, x.bytesUp + x.bytesDown]), [[String(c), 5001], [String(a), 1000], [String(b), 0]]);

      await sql`update proxy_leases set renew = false where id = ${a}`.execute(app.db);
      const after = (await injectWithLogin(app, boss.token, { method: 'GET', url: '/api/operator/leases' })).json<LeaseOverview>();
      assert.deepEqual(after.autoRenew, { on: 2, share: 66.7 });
    });

    it('tells connected operators, and nobody else, which figures changed', async (t) => {
      const app = await buildMarket(t, backend, 5, 0);
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      const boss = await operator(app);
      const someone = await customer(app, 0);
      const bossSocket = socket(t, url, boss.token);
      const customerSocket = socket(t, url, someone.token);
      const heard: OperatorEvent[] = [];
      const overheard: unknown[] = [];
      bossSocket.on(OPERATOR_EVENT, (event: OperatorEvent) => heard.push(event));
      customerSocket.on(OPERATOR_EVENT, (event: unknown) => overheard.push(event));
      await Promise.all([new Promise<void>((resolve) => bossSocket.once('connect', () => resolve())), new Promise<void>((resolve) => customerSocket.once('connect', () => resolve()))]);
      // Wait until the room has the operator (the role is checked after the connection).
      while ((app.io.of('/').adapter.rooms.get('operator')?.size ?? 0) === 0) await new Promise((resolve) => setImmediate(resolve));

      // The once-a-second look runs too: whichever look sees a change first sends the event.
      const heardArea = (area: OperatorEvent['areas'][number]) =>
        new Promise<void>((resolve) => {
          const check = () => (heard.some((e) => e.areas.includes(area)) ? resolve() : setTimeout(check, 10));
          check();
        });
      await app.operatorLive.look();
      const { rows } = await sql<{ id: number }>`select id from exits order by id limit 1`.execute(app.db);
      await injectWithLogin(app, boss.token, { method: 'POST', url: `/api/operator/inventory/exits/${rows[0]!.id}/retire` });
      await app.operatorLive.look();
      await heardArea('inventory');
      assert.ok(heard.every((e) => !e.areas.includes('money')), 'nothing moved money yet');
      await customer(app, 500);
      await app.operatorLive.look();
      await heardArea('money');
      // A stray event to the customer would have arrived with the operator's.
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(overheard, []);
    });
  });
}
