// `pnpm bench`: the marketplace under load on PostgreSQL with 200,000 listings, next to a bare Fastify
// hello-world measured in the same run on the same machine, plus the client's filter cost on 10,000 rows;
// then the history of a customer with 1,000 leases and one keystroke of its column filter.
// BENCH_DATABASE_URL (default: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test) names the
// server; the run works in a fresh schema and drops it afterwards. BENCH_INVENTORY_SIZE and BENCH_SECONDS
// change the size and the length of each timed run.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import type { ProxyListing } from 'contract/marketplace';
import type { HistoryItem } from 'contract/history';
import { EMPTY_HISTORY_FILTERS, filterHistoryRows, HISTORY_COLUMNS, historyRows } from 'shared/history/history-columns';
import { EMPTY_FILTERS, filterProxies } from 'contract/proxy-filters';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrator.ts';
import { postLedgerEntry } from '../src/ledger/ledger.ts';
import { forSale as forSaleCondition } from '../src/marketplace/listing-sql.ts';
import { marketDb } from '../src/marketplace/market-schema.ts';

const run = promisify(execFile);
const env = process.env;
const databaseUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const inventorySize = Number(env.BENCH_INVENTORY_SIZE ?? 200_000);
const seconds = Number(env.BENCH_SECONDS ?? 10);
const BUYERS = 100;
const PURCHASES = 5000;
/** The history scenario: one customer with this many leases. */
const HISTORY_LEASES = 1000;

interface Result {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, { count: number }>;
}

async function load(scenario: Record<string, unknown>): Promise<Result> {
  const { stdout } = await run(process.execPath, [join(import.meta.dirname, 'load.ts'), JSON.stringify(scenario)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Result;
}

async function listen(app: { listen(options: { port: number; host: string }): Promise<string> }): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const schema = `bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(`create schema ${schema}`);
const dataDir = await mkdtemp(join(tmpdir(), 'private-sock5-bench-'));
const apps: App[] = [];

try {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    INVENTORY_SIZE: String(inventorySize),
    // A production-like database gets no demo unless asked: the benchmark's catalogue is the demo's.
    INVENTORY_DEMO: 'true',
    // A loopback name: the bench runs the sandbox provider, which refuses public addresses.
    PUBLIC_URL: 'http://bench.localhost',
  });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, schema });
  await migrate(database.db);
  const seedStart = performance.now();
  const app = await buildApp({ ...config, database: { kind: 'postgres', url: databaseUrl, schema } }, { database });
  apps.push(app);
  const seedMs = performance.now() - seedStart;
  // The same database behind a second instance with the market cache off: what the queries cost alone.
  const uncached = await buildApp(
    { ...config, marketplace: { ...config.marketplace, cacheMs: 0 }, database: { kind: 'postgres', url: databaseUrl, schema } },
    { database },
  );
  apps.push(uncached);
  const base = await listen(app);
  const baseUncached = await listen(uncached);

  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const helloUrl = await listen(hello);

  const buyers: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const user = await app.db
      .insertInto('users')
      .values({ username: `bench${i}`, email: `bench${i}@example.com`, password_hash: 'bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db.transaction().execute((trx) =>
      postLedgerEntry(trx, { userId: user.id, kind: 'topup', amountCents: 1_000_00, reference: `bench-topup-${i}` }),
    );
    buyers.push((await app.sessions.start(user.id)).token);
  }
  const reader = buyers.slice(0, 10);

  const states = await (await fetch(`${base}/api/proxy/states`, { headers: { authorization: `Bearer ${reader[0]}` } })).json() as { state: string; cnt: number }[];
  const largest = states.reduce((best, s) => (s.cnt > best.cnt ? s : best));
  const searchBody = { METHOD: 'search', COUNTRY: 'US', STATE: largest.state };
  const forSale = await marketDb(app.db).selectFrom('proxy_listings').select('id').where('online', '=', true).where('ct', '<>', 'US').orderBy('id').limit(PURCHASES + 2000).execute();
  // autocannon prepares a request per connection ahead of sending it: spare ids keep every purchase distinct.
  const buyIds = forSale.map((row) => String(row.id));

  const results: [string, Result][] = [];
  const measure = async (name: string, scenario: Record<string, unknown>) => {
    await load({ ...scenario, duration: 2, amount: undefined }); // warm-up
    const result = await load(scenario);
    results.push([name, result]);
    console.log(`${name.padEnd(44)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms  non-2xx ${result.non2xx}`);
  };

  // Other work on the machine skews every figure: say how busy it was (1, 5 and 15 minute averages).
  const loadAverage = () => loadavg().map((n) => n.toFixed(2)).join(' ');
  console.log(`load average before the runs: ${loadAverage()}`);
  console.log(`inventory: ${inventorySize} listings seeded in ${(seedMs / 1000).toFixed(1)} s; largest state ${largest.state} (${largest.cnt} for sale); ${seconds} s per run, 10 connections unless noted`);
  await measure('hello-world (bare Fastify)', { url: helloUrl, method: 'GET', connections: 10, duration: seconds });
  await measure('GET /api/proxy/states', { url: `${base}/api/proxy/states`, method: 'GET', connections: 10, duration: seconds, tokens: reader });
  await measure('GET /api/proxy/states (no cache)', { url: `${baseUncached}/api/proxy/states`, method: 'GET', connections: 10, duration: seconds, tokens: reader });
  await measure(`POST /api/proxy/search ${largest.state}`, { url: `${base}/api/proxy/search`, method: 'POST', connections: 10, duration: seconds, tokens: reader, body: searchBody });
  await measure('POST /api/proxy/search (no cache)', { url: `${baseUncached}/api/proxy/search`, method: 'POST', connections: 10, duration: seconds, tokens: reader, body: searchBody });
  // Catalogue search: prefixes customers type (city, ISP, ZIP, domain, IP), each a different request, on the
  // instance without the read cache, so every request reaches the prefix indexes.
  const sample = await marketDb(app.db).selectFrom('proxy_listings').select(['city', 'isp', 'zip', 'domain', 'real_ip']).where('online', '=', true).orderBy('id').limit(40).execute();
  const findBodies = sample.flatMap((row, i) => [row.city.slice(0, 3 + (i % 4)), row.isp.slice(0, 2 + (i % 5)), row.zip.slice(0, 3), row.domain.slice(0, 4), row.real_ip.slice(0, 8)]).map((q) => ({ q }));
  await measure('POST /api/proxy/find (no cache)', { url: `${baseUncached}/api/proxy/find`, method: 'POST', connections: 10, duration: seconds, tokens: reader, bodies: findBodies });
  // The same searches one after another on one connection: what a single customer waits for, queueing aside.
  await measure('POST /api/proxy/find (no cache, 1 conn.)', { url: `${baseUncached}/api/proxy/find`, method: 'POST', connections: 1, duration: seconds, tokens: reader, bodies: findBodies });
  const buy = await load({ url: `${base}/api/proxy/buy`, method: 'POST', connections: BUYERS, amount: PURCHASES, tokens: buyers, buyIds });
  results.push(['POST /api/proxy/buy', buy]);
  console.log(`${'POST /api/proxy/buy (100 buyers)'.padEnd(34)} ${buy.rps.toFixed(0).padStart(7)} req/s  p50 ${String(buy.p50).padStart(4)} ms  p99 ${String(buy.p99).padStart(4)} ms  non-2xx ${buy.non2xx} (${buy.requests} purchases of distinct listings)`);
  console.log(`  buy statuses: ${JSON.stringify(Object.fromEntries(Object.entries(buy.statusCodes).map(([code, { count }]) => [code, count])))}`);

  // History: one customer with 1,000 leases, bought 100 at a time like the cart does.
  const collector = await app.db
    .insertInto('users')
    .values({ username: 'bench_history', email: 'bench_history@example.com', password_hash: 'bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db.transaction().execute((trx) =>
    postLedgerEntry(trx, { userId: collector.id, kind: 'topup', amountCents: 10_000_00, reference: 'bench-topup-history' }),
  );
  const historyIds = (
    await marketDb(app.db).selectFrom('proxy_listings').select('id').where(forSaleCondition).where('ct', '=', 'US').orderBy('id').limit(HISTORY_LEASES).execute()
  ).map((row) => String(row.id));
  for (let i = 0; i < historyIds.length; i += 100) {
    const bought = await app.repositories.purchases.buy(collector.id, historyIds.slice(i, i + 100));
    if (!bought.ok) throw new Error(`history purchase failed: ${JSON.stringify(bought)}`);
  }
  const collectorToken = (await app.sessions.start(collector.id)).token;
  // One customer opening the page (one connection), then ten tabs or clients of that customer at once.
  for (const connections of [1, 10]) {
    await measure(`GET /api/proxy/history (${historyIds.length} leases, ${connections} conn.)`, {
      url: `${base}/api/proxy/history`,
      method: 'GET',
      connections,
      duration: seconds,
      tokens: [collectorToken],
    });
  }

  // What a customer waits for right after something in their history changed (a toggle, a renewal, a
  // purchase): the cache cannot serve it, the list is built and compressed again.
  const toggled = (await marketDb(app.db).selectFrom('proxy_leases').select('id').where('user_id', '=', collector.id).limit(1).executeTakeFirstOrThrow()).id;
  const rebuilds: number[] = [];
  for (let i = 0; i < 40; i++) {
    await app.repositories.history.setRenew(collector.id, String(toggled), i % 2 === 0, new Date());
    const start = performance.now();
    const response = await fetch(`${base}/api/proxy/history`, { headers: { authorization: `Bearer ${collectorToken}`, 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
    if (i >= 5) rebuilds.push(performance.now() - start);
  }
  rebuilds.sort((a, b) => a - b);
  console.log(
    `GET /api/proxy/history right after a change (rebuilt, ${rebuilds.length} times): p50 ${rebuilds[Math.floor(rebuilds.length / 2)]?.toFixed(1)} ms, max ${rebuilds.at(-1)?.toFixed(1)} ms`,
  );

  console.log(`load average after the runs: ${loadAverage()}`);
  const helloRps = results[0]?.[1].rps ?? 1;
  console.log('\nratio to hello-world req/s:');
  for (const [name, result] of results.slice(1)) console.log(`  ${name.padEnd(44)} ${(result.rps / helloRps).toFixed(3)}`);

  const leases = await marketDb(app.db).selectFrom('proxy_leases').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const okBuys = buy.statusCodes['200']?.count ?? 0;
  console.log(`\npurchases answered 200: ${okBuys}; leases written: ${Number(leases.n)}`);
  await hello.close();

  // Client figure: one keystroke in a column filter over 10,000 rows (the table's memoised filter).
  const now = new Date();
  // The listings as the search sends them (the same SQL), from the seeded inventory.
  const rows = (JSON.parse(await app.repositories.market.searchJson('US', null, now)) as ProxyListing[]).slice(0, 10_000);
  const timings: number[] = [];
  for (let i = -50; i < 200; i++) {
    const typed = 'comcast'.slice(0, (Math.abs(i) % 7) + 1);
    const start = performance.now();
    filterProxies(rows, { ...EMPTY_FILTERS, excludeBlacklisted: true, text: { ...EMPTY_FILTERS.text, isp: typed } });
    if (i >= 0) timings.push(performance.now() - start); // the first 50 warm the JIT up
  }
  timings.sort((a, b) => a - b);
  const pct = (p: number) => (timings[Math.min(timings.length - 1, Math.floor(p * timings.length))] ?? 0).toFixed(2);
  console.log(`client filter keystroke on 10,000 rows: p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`);

  // History: one keystroke in a column filter over the customer's 1,000 rows (the cells are worked out once per load).
  const items = JSON.parse((await app.repositories.history.list(collector.id, now, false)).text) as HistoryItem[];
  const prepareStart = performance.now();
  const prepared = historyRows(items, now.getTime());
  const prepareMs = performance.now() - prepareStart;
  const isp = HISTORY_COLUMNS.indexOf('ISP');
  const keystrokes: number[] = [];
  for (let i = -50; i < 200; i++) {
    const typed = 'comcast'.slice(0, (Math.abs(i) % 7) + 1);
    const start = performance.now();
    filterHistoryRows(prepared, EMPTY_HISTORY_FILTERS.map((empty, column) => (column === isp ? typed : empty)));
    if (i >= 0) keystrokes.push(performance.now() - start);
  }
  keystrokes.sort((a, b) => a - b);
  const historyPct = (p: number) => (keystrokes[Math.min(keystrokes.length - 1, Math.floor(p * keystrokes.length))] ?? 0).toFixed(2);
  console.log(
    `history filter keystroke on ${items.length} rows: p50 ${historyPct(0.5)} ms, p99 ${historyPct(0.99)} ms (cells worked out once per load: ${prepareMs.toFixed(1)} ms)`,
  );
} finally {
  for (const app of apps) await app.close();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
