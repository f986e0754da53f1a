// The gateway on every core: `node gateway/src/main.ts` with GATEWAY_WORKERS=2 is a primary and two worker
// processes sharing the lease ports. The fleet-wide limits stay exact across the workers (connections per
// lease, the failed-authentication budget of a source), the status port adds the workers' figures up, and a
// worker killed outright is replaced while the other worker's open connections carry on.
// PostgreSQL only (the standalone gateway needs it): skipped without TEST_DATABASE_URL.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { dropRedisKeys, newRedisPrefix, testRedisUrl } from './test/fleet-kit.ts';
import { backends, createLease, handshake, openTestDatabase, startEchoTarget, TEST_PORT_RANGE, waitUntil, type RawClient, type TestDatabase } from './test/gateway-kit.ts';

const CAP = 12;
const FAILURES = 4;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function sample(page: string, line: string): number {
  const found = page.split('\n').find((each) => each.startsWith(`${line} `));
  return found === undefined ? Number.NaN : Number(found.slice(line.length + 1));
}

describe('gateway workers (GATEWAY_WORKERS=2, limits in Redis)', { skip: backends.includes('postgres') ? false : 'needs TEST_DATABASE_URL' }, () => {
  let database: TestDatabase;
  let echo: Awaited<ReturnType<typeof startEchoTarget>>;
  let primary: ChildProcess;
  let statusPort: number;
  // Only what this test's keys start with: `${REDIS_PREFIX}{gateway}:`.
  const redisPrefix = newRedisPrefix();
  const metrics = async () => (await fetch(`http://127.0.0.1:${statusPort}/metrics`)).text();

  before(async () => {
    database = await openTestDatabase('postgres');
    echo = await startEchoTarget();
    statusPort = await freePort();
    const url = new URL(database.postgres!.url);
    url.searchParams.set('options', `-c search_path=${database.postgres!.schema}`);
    primary = spawn(process.execPath, [new URL('./main.ts', import.meta.url).pathname], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: url.href,
        REDIS_URL: testRedisUrl,
        REDIS_PREFIX: redisPrefix,
        GATEWAY_WORKERS: '2',
        GATEWAY_STATUS_PORT: String(statusPort),
        GATEWAY_PORT_RANGE: `${TEST_PORT_RANGE.first}-${TEST_PORT_RANGE.last}`,
        GATEWAY_ALLOW_LOOPBACK: 'true',
        GATEWAY_MAX_CONNECTIONS_PER_LEASE: String(CAP),
        GATEWAY_AUTH_FAILURE_LIMIT: String(FAILURES),
        LOG_LEVEL: 'warn',
      },
    });
    await waitUntil(async () => {
      const ready = await fetch(`http://127.0.0.1:${statusPort}/ready`).catch(() => null);
      return ready?.status === 200;
    }, 30_000);
  });

  after(async () => {
    if (primary.exitCode === null) {
      const exited = new Promise((resolve) => primary.once('exit', resolve));
      primary.kill('SIGTERM');
      await exited;
    }
    await echo.close();
    await database.close();
    await dropRedisKeys(`${redisPrefix}{gateway}:`);
  });

  test('two workers together hold a lease to its cap and share one failed-authentication budget', async (t) => {
    assert.equal(sample(await metrics(), 'private_sock5_gateway_workers'), 2);
    const lease = await createLease(database);
    await waitUntil(async () => sample(await metrics(), 'private_sock5_gateway_listening_ports') >= 1, 10_000);

    const open: RawClient[] = [];
    t.after(() => open.forEach((client) => client.close()));
    for (let i = 0; i < CAP; i++) {
      const result = await handshake(lease.port, lease.login, lease.password, '127.0.0.1', echo.port);
      assert.equal(result.reply, 0x00, `connection ${i + 1} relayed`);
      open.push(result.client);
    }
    for (let i = 0; i < 4; i++) {
      const extra = await handshake(lease.port, lease.login, lease.password, '127.0.0.1', echo.port);
      assert.equal(extra.reply, 0x02, `past the cap (${i + 1}): not allowed by ruleset`);
      extra.client.close();
    }
    let page = await metrics();
    const perWorker = ['1', '2'].map((worker) => sample(page, `private_sock5_gateway_worker_connections_total{worker="${worker}"}`));
    assert.ok(
      perWorker.every((count) => count > 0),
      `both workers took connections (${perWorker.join(' + ')})`,
    );
    assert.equal(sample(page, 'private_sock5_gateway_admitted_total'), CAP);
    assert.equal(sample(page, 'private_sock5_gateway_lease_full_total'), 4);

    // A source that keeps guessing: FAILURES wrong passwords wherever they land, then even the right one is refused.
    const from = '127.0.0.9';
    for (let i = 0; i < FAILURES; i++) {
      const wrong = await handshake(lease.port, lease.login, 'wrong', '127.0.0.1', echo.port, 0x01, from);
      assert.equal(wrong.auth, 0x01);
      wrong.client.close();
    }
    const blocked = await handshake(lease.port, lease.login, lease.password, '127.0.0.1', echo.port, 0x01, from);
    assert.equal(blocked.auth, 0x01, 'the budget is spent across both workers');
    blocked.client.close();
    page = await metrics();
    assert.equal(sample(page, 'private_sock5_gateway_auth_failures_total{reason="wrong_credentials"}'), FAILURES);
    assert.equal(sample(page, 'private_sock5_gateway_auth_failures_total{reason="source_blocked"}'), 1);

    // The relayed connections still carry bytes both ways.
    for (const client of open.slice(0, 3)) {
      client.write(Buffer.from('ping'));
      assert.equal((await client.read(4))?.toString(), 'ping');
    }
  });
});
