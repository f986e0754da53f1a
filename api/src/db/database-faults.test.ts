// PostgreSQL going away under load (connections killed, then the server unreachable for a while) during a
// burst of purchases and top-up confirmations: every request answers in time (503 meanwhile, never a 500
// or a hang), the process survives, the pool reconnects by itself, and no acknowledged write is lost or
// doubled (balances equal ledger sums; every acknowledged purchase and top-up is there exactly once).
// Runs on PostgreSQL only (TEST_DATABASE_URL), through a proxy this test cuts: the shared server itself is
// never restarted.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { App } from '../app.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import { assertBalancesEqualLedger, call, customer, type Customer } from '../test/market-kit.ts';
import { build, injectWithLogin, testEnvironment } from '../test/helpers.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { applicationName, openDatabase } from './database.ts';
import { migrate } from './migrator.ts';

const databaseUrl = testEnvironment.databaseUrl;
const BURST = 40;

function confirm(app: App, checkoutPath: string) {
  return app.inject({
    method: 'POST',
    url: `${checkoutPath}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'coin=BTC',
  });
}

async function timed(start: number, request: () => Promise<LightMyRequestResponse>) {
  await sleep(start);
  const began = Date.now();
  const response = await request();
  return { response, ms: Date.now() - began };
}

async function topupRows(app: App, invoiceId: string): Promise<number> {
  const row = await app.db
    .selectFrom('ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'topup')
    .where('reference', '=', `invoice:${invoiceId}`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function leaseOwners(app: App, listingId: number): Promise<string[]> {
  const rows = await marketDb(app.db).selectFrom('proxy_leases').select('user_id').where('listing_id', '=', listingId).execute();
  return rows.map((row) => row.user_id);
}

if (databaseUrl) {
  describe('PostgreSQL faults under a burst of purchases and top-ups', () => {
    it('answers 503 meanwhile, reconnects by itself, and keeps every acknowledged write exactly once', async (t) => {
      const target = new URL(databaseUrl);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const schema = `test_${randomBytes(6).toString('hex')}`;
      await admin.query(`create schema ${schema}`);
      const proxied = new URL(databaseUrl);
      proxied.hostname = proxy.address.host;
      proxied.port = String(proxy.address.port);
      const lost: Error[] = [];
      const database = await openDatabase(
        { kind: 'postgres', url: proxied.toString(), schema, connectTimeoutMs: 1000, queryTimeoutMs: 3000 },
        { onConnectionError: (error) => lost.push(error) },
      );
      t.after(async () => {
        await database.close();
        await proxy.close();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      });
      await migrate(database.db);
      const app = await build(t, 'postgres', { database, config: { marketplace: { inventorySize: 300, inventorySeed: 42, cacheMs: 0 } } });

      const buyers: Customer[] = [];
      for (let i = 0; i < BURST; i += 1) buyers.push(await customer(app, 10_000));
      const listings = await marketDb(app.db)
        .selectFrom('proxy_listings')
        .select('id')
        .where('online', '=', true)
        .where('leased_until', 'is', null)
        .orderBy('id')
        .limit(BURST)
        .execute();
      assert.equal(listings.length, BURST);
      const checkouts: string[] = [];
      for (const buyer of buyers) {
        const order = await injectWithLogin(app, buyer.token, { method: 'POST', url: '/api/orders', payload: { amount: 50, currency: 'USD' } });
        assert.equal(order.statusCode, 201, order.body);
        checkouts.push(new URL(order.json<string>()).pathname);
      }
      const invoiceOf = (path: string) => decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));

      // The burst: a purchase and a confirmation every 100 ms for 4 s. Meanwhile the database's connections
      // are killed at 0.5 s and 3 s, and from 1.5 s to 2 s the server cannot be reached at all.
      const purchases = buyers.map((buyer, i) =>
        timed(i * 100, () => call(app, buyer, 'POST', '/api/proxy/buy', { ID: [String(listings[i]?.id)] })),
      );
      const confirmations = checkouts.map((path, i) => timed(i * 100 + 50, () => confirm(app, path)));
      const killConnections = () =>
        admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [applicationName(schema)]);
      const chaos = (async () => {
        await sleep(500);
        await killConnections();
        await sleep(1000);
        proxy.cut();
        const readinessWhileCut = (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode;
        await sleep(500);
        proxy.restore();
        await sleep(1000);
        await killConnections();
        return readinessWhileCut;
      })();
      const [bought, confirmed, readinessWhileCut] = await Promise.all([Promise.all(purchases), Promise.all(confirmations), chaos]);

      assert.equal(readinessWhileCut, 503, 'readiness fails while the database cannot be reached');
      assert.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200, 'liveness stays up');
      const slowest = Math.max(...[...bought, ...confirmed].map((result) => result.ms));
      assert.ok(slowest < 5_000, `every request answered in time (slowest ${slowest} ms)`);
      for (const { response } of bought) {
        assert.ok([200, 503].includes(response.statusCode), `purchase: ${response.statusCode} ${response.body}`);
        if (response.statusCode === 503) assert.ok(Number(response.headers['retry-after']) > 0);
      }
      for (const { response } of confirmed) assert.ok([303, 503].includes(response.statusCode), `confirm: ${response.statusCode} ${response.body}`);
      const statuses = [...bought, ...confirmed].map((result) => result.response.statusCode);
      assert.ok(statuses.includes(503), 'the faults were felt');
      assert.ok(statuses.some((status) => status !== 503), 'and requests between them went through');
      assert.ok(lost.length > 0, 'the pool saw connections die and did not crash the process');

      // Recovery, by itself.
      let ready = 0;
      for (let attempt = 0; attempt < 50 && ready !== 200; attempt += 1) {
        ready = (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode;
        if (ready !== 200) await sleep(200);
      }
      assert.equal(ready, 200, 'ready again once the database is back');

      // Acknowledged writes are there, once.
      for (let i = 0; i < BURST; i += 1) {
        const listing = listings[i]?.id ?? 0;
        const buyer = buyers[i] as Customer;
        if (bought[i]?.response.statusCode === 200) assert.deepEqual(await leaseOwners(app, listing), [buyer.id]);
        if (confirmed[i]?.response.statusCode === 303) assert.equal(await topupRows(app, invoiceOf(checkouts[i] ?? '')), 1);
      }
      await assertBalancesEqualLedger(app);

      // What was not acknowledged may be sent again; it then happens exactly once.
      for (let i = 0; i < BURST; i += 1) {
        const buyer = buyers[i] as Customer;
        const listing = listings[i]?.id ?? 0;
        if (bought[i]?.response.statusCode === 503) {
          const retry = await call(app, buyer, 'POST', '/api/proxy/buy', { ID: [String(listing)] });
          // 409: the first attempt had committed before its answer was lost; the listing is the buyer's.
          assert.ok([200, 409].includes(retry.statusCode), `retried purchase: ${retry.statusCode} ${retry.body}`);
        }
        if (confirmed[i]?.response.statusCode === 503) assert.equal((await confirm(app, checkouts[i] ?? '')).statusCode, 303);
        assert.deepEqual(await leaseOwners(app, listing), [buyer.id]);
        assert.equal(await topupRows(app, invoiceOf(checkouts[i] ?? '')), 1);
      }
      const purchaseRows = await sql<{ n: number }>`select count(*)::int as n from ledger where kind = 'purchase'`.execute(app.db);
      assert.equal(purchaseRows.rows[0]?.n, BURST);
      await assertBalancesEqualLedger(app);
    });
  });
}
