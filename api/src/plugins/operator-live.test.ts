// The operator console's live signal: triggers bump one counter per area in the writing transaction (once,
// at commit, never for a rolled-back one), the instance reads that one row, so a change written through
// another instance on the same database reaches an operator connected here, and the look does not wait on
// (or read) the shop's tables.
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { io as connectClient, type Socket } from 'socket.io-client';
import { OPERATOR_EVENT, type OperatorEvent } from 'contract/realtime';
import type { App } from '../app.ts';
import { postLedgerEntry } from '../ledger/ledger.ts';
import { buy, listingsForSale } from '../test/history-kit.ts';
import { backends, build, injectWithLogin, openTestDatabase, testEnvironment, type Backend } from '../test/helpers.ts';
import { customer, type Customer } from '../test/market-kit.ts';

const market = { marketplace: { inventorySize: 5, inventorySeed: 42 } };

async function operator(app: App): Promise<Customer> {
  const who = await customer(app, 0);
  const { username } = await app.db.selectFrom('users').select('username').where('id', '=', who.id).executeTakeFirstOrThrow();
  assert.ok((await app.operatorRoles.grant(username)).ok);
  return who;
}

async function counters(app: App): Promise<{ inventory: number; money: number; leases: number }> {
  const { rows } = await sql<{ area: 'inventory' | 'money' | 'leases'; changes: number }>`
    select area, sum(changes)::int as changes from operator_changes group by area`.execute(app.db);
  const sums = { inventory: 0, money: 0, leases: 0 };
  for (const row of rows) sums[row.area] = Number(row.changes);
  return sums;
}

function operatorSocket(t: TestContext, url: string, token: string): Socket {
  const client = connectClient(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  t.after(() => {
    client.disconnect();
  });
  return client;
}

/** Resolves with the first `operator` event naming the area, or fails after the deadline. */
function heard(socket: Socket, area: OperatorEvent['areas'][number], withinMs: number): Promise<OperatorEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${area}" event within ${withinMs} ms`)), withinMs);
    const onEvent = (event: OperatorEvent) => {
      if (!event.areas.includes(area)) return;
      clearTimeout(timer);
      socket.off(OPERATOR_EVENT, onEvent);
      resolve(event);
    };
    socket.on(OPERATOR_EVENT, onEvent);
  });
}

/** A connection of its own to the test server, beside the app's pool. */
async function connect(t: TestContext): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: testEnvironment.databaseUrl! });
  await client.connect();
  t.after(() => client.end());
  return client;
}

/** What the promise gives, or `late` when it takes longer than the limit. */
function within<T>(promise: Promise<T>, limitMs: number, late: string): Promise<T | string> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(late), limitMs);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

async function sharedDatabase(t: TestContext, backend: Backend) {
  const database = await openTestDatabase(backend);
  t.after(() => database.close());
  return database;
}

for (const backend of backends) {
  describe(`operator live signal on ${backend}`, () => {
    it('bumps an area once per committed transaction that wrote its tables, and never for a rolled-back one', async (t) => {
      const app = await build(t, backend, { config: market });
      const alice = await customer(app, 0);
      const start = await counters(app);

      // Two ledger rows (and two balance updates) in one transaction: one bump.
      await app.db.transaction().execute(async (trx) => {
        await postLedgerEntry(trx, { userId: alice.id, kind: 'topup', amountCents: 700, reference: 'live-test:1' });
        await postLedgerEntry(trx, { userId: alice.id, kind: 'topup', amountCents: 300, reference: 'live-test:2' });
      });
      assert.deepEqual(await counters(app), { ...start, money: start.money + 1 });

      await assert.rejects(
        app.db.transaction().execute(async (trx) => {
          await postLedgerEntry(trx, { userId: alice.id, kind: 'topup', amountCents: 100, reference: 'live-test:3' });
          await sql`update exits set checked_at = now()`.execute(trx);
          throw new Error('changed my mind');
        }),
        /changed my mind/,
      );
      assert.deepEqual(await counters(app), { ...start, money: start.money + 1 }, 'a rolled-back transaction bumps nothing');

      // An account change that is not money (a new e-mail) moves nothing.
      await sql`update users set email = 'elsewhere@example.com' where id = ${alice.id}`.execute(app.db);
      assert.deepEqual(await counters(app), { ...start, money: start.money + 1 });

      // A purchase moves the balance, takes a listing off sale and starts a lease: each area once.
      const [listing] = await listingsForSale(app, 1);
      await buy(app, alice, [listing!.id]);
      assert.deepEqual(await counters(app), { inventory: start.inventory + 1, money: start.money + 2, leases: start.leases + 1 });
    });

    it('a change written through another instance reaches an operator connected to this one', async (t) => {
      const database = await sharedDatabase(t, backend);
      const here = await build(t, backend, { database, config: market });
      const there = await build(t, backend, { database, config: market });
      const url = await here.listen({ host: '127.0.0.1', port: 0 });
      const boss = await operator(here);
      const someone = await customer(here, 0);
      const socket = operatorSocket(t, url, boss.token);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      while ((here.io.of('/').adapter.rooms.get('operator')?.size ?? 0) === 0) await new Promise((resolve) => setImmediate(resolve));
      await here.operatorLive.look();

      // No Redis between the two: only the database carries the news. This instance's own once-a-second look
      // (not a call from the test) has to notice.
      const money = heard(socket, 'money', 10_000);
      const credited = await injectWithLogin(there, boss.token, {
        method: 'POST',
        url: `/api/operator/customers/${someone.id}/adjustment`,
        payload: { amount: 4, reason: 'goodwill after an outage' },
      });
      assert.equal(credited.statusCode, 200, credited.body);
      assert.ok(!(await money).areas.includes('inventory'), 'only the areas that changed');

      const inventory = heard(socket, 'inventory', 10_000);
      const { rows } = await sql<{ id: number }>`select id from exits order by id limit 1`.execute(there.db);
      const retired = await injectWithLogin(there, boss.token, { method: 'POST', url: `/api/operator/inventory/exits/${rows[0]!.id}/retire` });
      assert.equal(retired.statusCode, 200, retired.body);
      await inventory;
    });

    it('the inventory and lease figures count as changed each minute, since a lease ends by time with no write', async (t) => {
      const app = await build(t, backend, { config: market });
      const start = new Date('2026-03-01T12:00:05Z');
      await app.operatorLive.look(start);
      const before = await counters(app);
      assert.deepEqual(await app.operatorLive.look(new Date(start.getTime() + 50_000)), [], 'nothing written, the same minute');
      // The next minute: a lease may have run out, putting its listing back on sale, and nothing wrote.
      assert.deepEqual(await app.operatorLive.look(new Date(start.getTime() + 60_000)), ['inventory', 'leases']);
      assert.deepEqual(await counters(app), before, 'no counter moved: the minute alone changed the areas');
    });

    it('looks without reading the shop’s tables: a writer holding them locked does not delay it', { skip: backend !== 'postgres' }, async (t) => {
      const database = await sharedDatabase(t, backend);
      const app = await build(t, backend, { database, config: market });
      await app.operatorLive.look();
      const writer = await connect(t);
      await writer.query('begin');
      await writer.query(`lock table ${['exits', 'exit_state_changes', 'price_classes', 'proxy_listings', 'ledger', 'users', 'proxy_leases', 'proxy_lease_usage'].map((table) => `${database.schema}.${table}`).join(', ')} in access exclusive mode`);
      try {
        assert.equal(await within(app.operatorLive.look().then(() => 'looked'), 3000, 'waited on the locked tables'), 'looked');
      } finally {
        await writer.query('rollback');
      }
    });

    it('a writer never waits for another one’s bump, and each commit is seen', { skip: backend !== 'postgres' }, async (t) => {
      const database = await sharedDatabase(t, backend);
      const app = await build(t, backend, { database, config: market });
      const [alice, bob] = [await customer(app, 0), await customer(app, 0)];
      // One minute for every look: the areas that also change each minute stay out of the answers.
      const at = new Date();
      await app.operatorLive.look(at);
      const slow = await connect(t);
      await slow.query(`set search_path = ${database.schema}`);
      await slow.query('begin');
      await slow.query(`insert into ledger (user_id, kind, amount_cents, reference) values ($1, 'topup', 100, 'live-test:slow')`, [alice.id]);
      await slow.query(`update users set balance_cents = balance_cents + 100 where id = $1`, [alice.id]);
      try {
        // The open transaction holds the money counter it bumped; another top-up takes another row at once.
        const topUp = app.db.transaction().execute((trx) => postLedgerEntry(trx, { userId: bob.id, kind: 'topup', amountCents: 200, reference: 'live-test:fast' }));
        assert.equal(await within(topUp.then(() => 'committed'), 3000, 'waited for the open transaction'), 'committed');
        assert.deepEqual(await app.operatorLive.look(at), ['money']);
        await slow.query('commit');
      } catch (error) {
        await slow.query('rollback');
        throw error;
      }
      assert.deepEqual(await app.operatorLive.look(at), ['money'], 'the slower commit is seen too');
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from operator_changes where area = 'money'`.execute(app.db);
      assert.equal(rows[0]!.n, 2, 'one row per writer that ran at once');
    });
  });
}
