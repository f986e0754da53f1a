// Our gateway for the benchmark, in a process of its own, exactly as in production: leases read from the
// database, authentication from memory, one listener on the lease's port, the per-lease limits in the
// store the deployment would use. Reports the lease's port and credentials to the parent.
// Arguments: the lease port, then where the limits live: `memory` (the embedded default: PGlite, limits in
// this process), `redis` (leases in PGlite, limits in Redis at the given URL) or `postgres` (leases and
// limits in PostgreSQL at the given URL, in a schema of its own, dropped at exit), or `workers` (the
// standalone gateway, `node gateway/src/main.ts` with GATEWAY_WORKERS: leases in PostgreSQL at the given URL,
// limits in Redis at the URL after it, as many workers as the last argument; this process only prepares the
// schema, reports the pids of the primary and its workers, and has them all collect garbage when asked).
import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadGatewayConfig } from '../src/config.ts';
import { startGateway } from '../src/gateway.ts';
import { createPgAdapter } from '../src/pg-adapter.ts';
import { createPGliteAdapter } from '../src/pglite-adapter.ts';
import type { SqlAdapter } from '../src/sql-adapter.ts';

const leasePort = Number(process.argv[2]);
const store = process.argv[3] ?? 'memory';
const storeUrl = process.argv[4] ?? '';
const workerRedisUrl = process.argv[5] ?? '';
const workerCount = process.argv[6] ?? '2';
const migrations = fileURLToPath(new URL('../../api/migrations/', import.meta.url));

async function migrationScripts(): Promise<string[]> {
  const names = (await readdir(migrations)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(names.map((name) => readFile(migrations + name, 'utf8')));
}

/** A database with the API's migrations: an in-process PGlite, or a fresh schema on PostgreSQL. */
async function openDatabase(): Promise<{ adapter: SqlAdapter; sql: (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>; close(): Promise<void> }> {
  if (store !== 'postgres' && store !== 'workers') {
    const pglite = await PGlite.create();
    for (const script of await migrationScripts()) await pglite.exec(script);
    return {
      adapter: createPGliteAdapter(pglite),
      sql: async (text, params = []) => (await pglite.query<Record<string, unknown>>(text, params)).rows,
      close: () => pglite.close(),
    };
  }
  const schema = `gateway_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: storeUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.query(`SET search_path TO ${schema}`);
  for (const script of await migrationScripts()) await admin.query(script);
  const adapter = createPgAdapter({ url: storeUrl, schema });
  return {
    adapter,
    sql: async (text, params = []) => (await admin.query(text, params)).rows as Array<Record<string, unknown>>,
    async close() {
      await adapter.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

const database = await openDatabase();
const [user] = await database.sql(`INSERT INTO users (username, email, password_hash) VALUES ('bench', 'bench@example.com', 'x') RETURNING id`);
const [exit] = await database.sql(
  `INSERT INTO exits (source, endpoint_key, kind, declared_type, state) VALUES ('bench', 'direct:bench:1', 'direct', 'residential', 'online')
   RETURNING id`,
);
const [listing] = await database.sql(
  `INSERT INTO proxy_listings (exit_id, real_ip, dns_ip, domain, region_key, ct, country, state, city, zip,
     latitude, time_zone, isp, user_type, speed, ping, added_at, base_cents, fresh_cents, sbl_black, xbl_black,
     css_black, pbl_black, online)
   VALUES ($1, '198.18.0.1', '198.18.0.1', 'bench.test', 'USA', 'US', 'United States', 'California',
     'Fresno', '93650', 36.8, 'America/Los_Angeles', 'Bench ISP', 'Residential', 10, 20, now(), 200, 0, 0, 0, 0, 0, true)
   RETURNING id`,
  [exit!.id],
);
await database.sql(
  `INSERT INTO proxy_leases (user_id, listing_id, port, socks_auth, price_cents, starts_at, expires_at)
   VALUES ($1, $2, $3, 'bench1:secret1', 200, now(), now() + interval '1 day')`,
  [user!.id, listing!.id, leasePort],
);

const redisPrefix = `${process.env.BENCH_REDIS_PREFIX || 'private-sock5-bench:'}{gateway-${process.pid}}:`;
if (store === 'workers') await serveWithWorkers();

const config = {
  ...loadGatewayConfig({}),
  portRange: { first: leasePort, last: leasePort },
  allowLoopback: true,
  maxConnectionsPerLease: 100_000,
  maxHandshakesPerSource: 100_000,
  redisUrl: store === 'redis' ? storeUrl : null,
};
const gateway = await startGateway({ config, adapter: database.adapter, limits: store === 'memory' ? 'memory' : 'shared', redisPrefix });
while (!gateway.listeningPorts().includes(leasePort)) await new Promise((resolve) => setTimeout(resolve, 10));
process.send?.({ port: leasePort, login: 'bench1', password: 'secret1' });
// The benchmark asks for a full collection before it reads this process's memory (started with --expose-gc).
process.on('message', (message) => {
  if (message !== 'gc') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.('gc-done');
});

// A clean exit on SIGTERM, so a profiler started with --cpu-prof can write its profile, and the benchmark's
// schema and Redis keys go.
process.once('SIGTERM', () => {
  void gateway
    .close()
    .then(() => database.close())
    .then(() => (store === 'redis' ? dropRedisKeys(storeUrl, redisPrefix) : undefined))
    .finally(() => process.exit(0));
});

/** The standalone gateway with its workers, as production runs it; never returns. */
async function serveWithWorkers(): Promise<never> {
  const url = new URL(storeUrl);
  url.searchParams.set('options', `-c search_path=gateway_bench_${process.pid}`);
  const statusPort = leasePort + 1;
  const processes = Number(workerCount) + 1;
  const collector = await startCollector(processes);
  const primary = spawn(
    process.execPath,
    ['--expose-gc', '--import', new URL('./collect-garbage.ts', import.meta.url).href, fileURLToPath(new URL('../src/main.ts', import.meta.url))],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        BENCH_GC_SOCKET: collector.path,
        DATABASE_URL: url.href,
        REDIS_URL: workerRedisUrl,
        REDIS_PREFIX: redisPrefix,
        GATEWAY_WORKERS: workerCount,
        GATEWAY_PORT_RANGE: `${leasePort}-${leasePort}`,
        GATEWAY_STATUS_PORT: String(statusPort),
        GATEWAY_ALLOW_LOOPBACK: 'true',
        GATEWAY_MAX_CONNECTIONS_PER_LEASE: '100000',
        GATEWAY_MAX_HANDSHAKES_PER_SOURCE: '100000',
        LOG_LEVEL: 'warn',
      },
    },
  );
  const served = async () => {
    const page = await fetch(`http://127.0.0.1:${statusPort}/metrics`).then((response) => response.text(), () => '');
    return /^private_sock5_gateway_listening_ports 1$/m.test(page) && new RegExp(`^private_sock5_gateway_workers ${workerCount}$`, 'm').test(page);
  };
  while (!(await served()) || collector.pids().length < processes) await new Promise((resolve) => setTimeout(resolve, 50));
  process.send?.({ port: leasePort, login: 'bench1', password: 'secret1', pids: collector.pids() });
  // Every process collects garbage before the benchmark reads their memory, as the other contenders do.
  process.on('message', (message) => {
    if (message === 'gc') void collector.collect().then(() => process.send?.('gc-done'));
  });
  return new Promise<never>(() => {
    process.once('SIGTERM', () => {
      primary.once('exit', () => {
        void collector
          .close()
          .then(() => database.close())
          .then(() => dropRedisKeys(workerRedisUrl, `${redisPrefix}{gateway}:`))
          .finally(() => process.exit(0));
      });
      primary.kill('SIGTERM');
    });
  });
}

/**
 * The socket the primary and each worker connect to (collect-garbage.ts, loaded into each): their pids as
 * they connect, and a collection in all of them on demand, settled once each has answered.
 */
async function startCollector(processes: number) {
  const path = join(tmpdir(), `gateway-bench-gc-${process.pid}.sock`);
  await rm(path, { force: true });
  const members = new Map<Socket, { pid: number; waiting: (() => void) | null }>();
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.once('close', () => {
      members.get(socket)?.waiting?.();
      members.delete(socket);
    });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      let newline: number;
      while ((newline = text.indexOf('\n')) >= 0) {
        const line = text.slice(0, newline);
        text = text.slice(newline + 1);
        const member = members.get(socket);
        if (!member) members.set(socket, { pid: Number(line), waiting: null });
        else if (line === 'done') {
          const done = member.waiting;
          member.waiting = null;
          done?.();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return {
    path,
    pids: () => [...members.values()].map((member) => member.pid).slice(0, processes),
    collect: () =>
      Promise.all(
        [...members.entries()].map(
          ([socket, member]) =>
            new Promise<void>((resolve) => {
              member.waiting = resolve;
              socket.write('gc\n');
            }),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}
