// `pnpm --filter api bench:public-api`: GET /api/v1/proxies for a customer holding 1,000 proxies, over HTTP
// on loopback, one request at a time (p50/p99 of each request's own time), next to GET /api/health/live
// on the same app in the same run (what any request costs here) and to the portal's own list of the same
// proxies (GET /api/proxy/my, a session instead of a key). BENCH_DATABASE_URL (default TEST_DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/test) names the server; the run works in a fresh schema and
// drops it afterwards. BENCH_REQUESTS changes the number of timed requests.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrator.ts';
import { postLedgerEntry } from '../src/ledger/ledger.ts';
import { forSale } from '../src/marketplace/listing-sql.ts';
import { marketDb } from '../src/marketplace/market-schema.ts';
import { ownProxiesJson } from '../src/public-api/own-proxies.ts';

const env = process.env;
const databaseUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUESTS = Number(env.BENCH_REQUESTS ?? 500);
const PROXIES = 1000;
const TARGET_P99_MS = 50;

const schema = `bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(`create schema ${schema}`);
const dataDir = await mkdtemp(join(tmpdir(), 'private-sock5-bench-'));

async function timed(url: string, headers: Record<string, string>): Promise<{ p50: number; p99: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS + 20; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.arrayBuffer();
    const ms = performance.now() - start;
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    // The first 20 warm the JIT, the pool and the caches.
    if (i >= 20) times.push(ms);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), bytes };
}

try {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    INVENTORY_SIZE: String(PROXIES + 500),
    INVENTORY_DEMO: 'true',
    PUBLIC_URL: 'http://bench.localhost',
    API_RATE_LIMIT_MAX: String(1_000_000),
  });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, schema });
  await migrate(database.db);
  const app = await buildApp({ ...config, database: { kind: 'postgres', url: databaseUrl, schema } }, { database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const owner = await app.db
    .insertInto('users')
    .values({ username: 'bench_api', email: 'bench_api@example.com', password_hash: 'bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db.transaction().execute((trx) => postLedgerEntry(trx, { userId: owner.id, kind: 'topup', amountCents: 10_000_00, reference: 'bench-topup-api' }));
  const ids = (await marketDb(app.db).selectFrom('proxy_listings').select('id').where(forSale).orderBy('id').limit(PROXIES).execute()).map((row) => String(row.id));
  for (let i = 0; i < ids.length; i += 100) {
    const bought = await app.repositories.purchases.buy(owner.id, ids.slice(i, i + 100));
    if (!bought.ok) throw new Error(`purchase failed: ${JSON.stringify(bought)}`);
  }
  const created = await app.repositories.apiKeys.create(owner.id, 'bench', ['read']);
  if (!created.ok) throw new Error('no key');
  const { token } = await app.sessions.start(owner.id);

  const sqlTimes: number[] = [];
  for (let i = 0; i < 100; i++) {
    const start = performance.now();
    await ownProxiesJson(app.db, config.gateway.publicHost, owner.id, new Date());
    sqlTimes.push(performance.now() - start);
  }
  sqlTimes.sort((a, b) => a - b);
  const v1 = await timed(`${base}/api/v1/proxies`, { authorization: `Bearer ${created.key}` });
  const portal = await timed(`${base}/api/proxy/my`, { authorization: `Bearer ${token}` });
  const health = await timed(`${base}/api/health/live`, {});
  console.log(`public API bench on PostgreSQL, ${ids.length} proxies, ${REQUESTS} sequential requests each, load average ${loadavg()[0]?.toFixed(2)}`);
  console.log(
    `GET /api/v1/proxies (${ids.length} proxies, ${(v1.bytes / 1024).toFixed(0)} KB): p50 ${v1.p50.toFixed(1)} ms, p99 ${v1.p99.toFixed(1)} ms (target p99 < ${TARGET_P99_MS} ms: ${v1.p99 < TARGET_P99_MS ? 'met' : 'NOT met'})`,
  );
  console.log(`GET /api/proxy/my (portal, same proxies, ${(portal.bytes / 1024).toFixed(0)} KB): p50 ${portal.p50.toFixed(1)} ms, p99 ${portal.p99.toFixed(1)} ms`);
  console.log(`the list's statement alone (100 runs): p50 ${sqlTimes[50]?.toFixed(1)} ms, p99 ${sqlTimes[98]?.toFixed(1)} ms`);
  console.log(`GET /api/health/live (floor): p50 ${health.p50.toFixed(2)} ms, p99 ${health.p99.toFixed(2)} ms`);
  console.log(`ratios: v1/portal p99 ${(v1.p99 / portal.p99).toFixed(2)}x, v1/floor p99 ${(v1.p99 / health.p99).toFixed(1)}x`);
  await app.close();
} finally {
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
