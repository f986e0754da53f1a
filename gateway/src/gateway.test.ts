// The gateway over real sockets on loopback, with leases in a real database (PGlite; also PostgreSQL when
// TEST_DATABASE_URL is set): what a customer's client sees, byte for byte where the RFCs prescribe it.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { SocksClient } from 'socks';
import { createExitCredentialSealer } from './exit-credentials.ts';
import { startGateway, type Gateway } from './gateway.ts';
import type { SqlAdapter } from './sql-adapter.ts';
import { startStaticSocksServer } from './static-server.ts';
import {
  backends,
  createLease,
  handshake,
  OTHER_PORT_RANGE,
  httpGet,
  openTestDatabase,
  PAGE,
  startEchoTarget,
  startHttpTarget,
  startTestGateway,
  testConfig,
  waitForPort,
  waitUntil,
  type TestDatabase,
} from './test/gateway-kit.ts';

const execFileAsync = promisify(execFile);
const curlAvailable = spawnSync('curl', ['--version']).status === 0;

for (const backend of backends) {
  describe(`gateway on ${backend}`, () => {
    let database: TestDatabase;
    let gateway: Gateway;
    let http: Awaited<ReturnType<typeof startHttpTarget>>;
    let echo: Awaited<ReturnType<typeof startEchoTarget>>;

    before(async () => {
      database = await openTestDatabase(backend);
      gateway = await startTestGateway(database);
      http = await startHttpTarget();
      echo = await startEchoTarget();
    });

    after(async () => {
      await gateway.close();
      await http.close();
      await echo.close();
      await database.close();
    });

    test('a lease fetches a page with its own login:pass (Node SOCKS client, then curl), and its usage is counted', async () => {
      const lease = await createLease(database);
      await waitForPort([gateway], lease.port);
      const { socket } = await SocksClient.createConnection({
        proxy: { host: '127.0.0.1', port: lease.port, type: 5, userId: lease.login, password: lease.password },
        command: 'connect',
        destination: { host: '127.0.0.1', port: http.port },
      });
      assert.equal(await httpGet(socket), PAGE);

      if (curlAvailable) {
        // Asynchronously: the gateway under test runs in this very process.
        const curl = await execFileAsync('curl', [
          '--silent',
          '--max-time',
          '5',
          '--socks5-hostname',
          `${lease.login}:${lease.password}@127.0.0.1:${lease.port}`,
          `http://localhost:${http.port}/curl`,
        ]);
        assert.equal(curl.stdout, `${PAGE} /curl`);
      }

      await gateway.flushUsage();
      const [usage] = await database.sql<{ bytes_up: number; bytes_down: number; connections: number }>(
        'SELECT bytes_up::float8 AS bytes_up, bytes_down::float8 AS bytes_down, connections::float8 AS connections FROM proxy_lease_usage WHERE lease_id = $1',
        [lease.id],
      );
      assert.ok(usage, 'a usage row is written');
      assert.equal(usage.connections, curlAvailable ? 2 : 1);
      assert.ok(usage.bytes_up >= 40, `bytes up counted (${usage.bytes_up})`);
      assert.ok(usage.bytes_down > PAGE.length, `bytes down counted (${usage.bytes_down})`);
    });

    test('a wrong password, another lease\'s password and an expired lease get the RFC 1929 failure', async () => {
      const lease = await createLease(database);
      const other = await createLease(database);
      const expired = await createLease(database, { expiresInMs: 300 });
      await waitForPort([gateway], lease.port);
      await waitForPort([gateway], other.port);

      const wrong = await handshake(lease.port, lease.login, `${lease.password}x`, '127.0.0.1', http.port);
      assert.equal(wrong.auth, 0x01);
      assert.ok(await wrong.client.waitClosed(), 'the server closes after a failed authentication');

      const borrowed = await handshake(lease.port, other.login, other.password, '127.0.0.1', http.port);
      assert.equal(borrowed.auth, 0x01);

      await waitUntil(() => !gateway.directory.get(expired.id));
      await waitUntil(() => !gateway.listeningPorts().includes(expired.port));
      const late = await handshake(expired.port, expired.login, expired.password, '127.0.0.1', http.port).catch(
        (error: NodeJS.ErrnoException) => error.code,
      );
      assert.equal(late, 'ECONNREFUSED', 'an ended lease has no listener');

      const good = await handshake(lease.port, lease.login, lease.password, '127.0.0.1', http.port);
      assert.equal(good.reply, 0x00);
      good.client.close();
    });

    test('at expiry an open connection is closed within a second; a renewed lease keeps its connection', async () => {
      const ending = await createLease(database, { expiresInMs: 1500 });
      const renewed = await createLease(database, { expiresInMs: 1500 });
      await waitForPort([gateway], ending.port);
      await waitForPort([gateway], renewed.port);
      const a = await handshake(ending.port, ending.login, ending.password, '127.0.0.1', echo.port);
      const b = await handshake(renewed.port, renewed.login, renewed.password, '127.0.0.1', echo.port);
      assert.equal(a.reply, 0x00);
      assert.equal(b.reply, 0x00);

      await database.sql(`UPDATE proxy_leases SET expires_at = expires_at + interval '1 hour' WHERE id = $1`, [renewed.id]);
      const [row] = await database.sql<{ ms: number }>(
        'SELECT (extract(epoch from expires_at) * 1000)::float8 AS ms FROM proxy_leases WHERE id = $1',
        [ending.id],
      );
      const expiresAt = row!.ms;
      assert.ok(await a.client.waitClosed(expiresAt - Date.now() + 1000), 'closed within a second of expiry');
      const closedAfter = Date.now() - expiresAt;
      assert.ok(closedAfter < 1000, `closed ${closedAfter} ms after expiry`);

      b.client.write(Buffer.from('still here'));
      assert.equal((await b.client.read(10))?.toString(), 'still here');
      assert.equal(b.client.closed, false);
      const again = await handshake(renewed.port, renewed.login, renewed.password, '127.0.0.1', echo.port);
      assert.equal(again.reply, 0x00);
      again.client.close();
      b.client.close();
    });

    test('private destinations and SMTP ports are refused under the default configuration', async () => {
      const strict = await startTestGateway(database, { allowLoopback: false, portRange: OTHER_PORT_RANGE });
      try {
        const lease = await createLease(database, { port: OTHER_PORT_RANGE.first + Math.floor(Math.random() * 100) });
        await waitForPort([strict], lease.port);
        for (const [host, port] of [
          ['127.0.0.1', http.port],
          ['10.1.2.3', 80],
          ['169.254.169.254', 80],
          ['192.168.1.1', 80],
          ['100.64.0.1', 80],
          ['224.0.0.1', 80],
          ['localhost', http.port],
          ['93.184.215.14', 25],
          ['93.184.215.14', 465],
          ['93.184.215.14', 587],
        ] as const) {
          const result = await handshake(lease.port, lease.login, lease.password, host, port);
          assert.equal(result.reply, 0x02, `${host}:${port} refused with "not allowed by ruleset"`);
          result.client.close();
        }
      } finally {
        await strict.close();
      }
    });

    test('BIND and UDP ASSOCIATE are answered "command not supported"', async () => {
      const lease = await createLease(database);
      await waitForPort([gateway], lease.port);
      for (const command of [0x02, 0x03]) {
        const result = await handshake(lease.port, lease.login, lease.password, '127.0.0.1', http.port, command);
        assert.equal(result.reply, 0x07);
      }
    });

    test('an upstream exit chains through the provider\'s SOCKS5 with its credentials', async () => {
      const upstream = await startStaticSocksServer({ login: 'provider', password: 'secret1', config: { allowLoopback: true } });
      try {
        const lease = await createLease(database, {
          exit: { kind: 'socks5', host: '127.0.0.1', port: upstream.port, login: 'provider', password: 'secret1' },
        });
        const badExit = await createLease(database, {
          exit: { kind: 'socks5', host: '127.0.0.1', port: upstream.port, login: 'provider', password: 'wrong' },
        });
        await waitForPort([gateway], lease.port);
        await waitForPort([gateway], badExit.port);
        const { socket } = await SocksClient.createConnection({
          proxy: { host: '127.0.0.1', port: lease.port, type: 5, userId: lease.login, password: lease.password },
          command: 'connect',
          destination: { host: 'localhost', port: http.port },
        });
        assert.equal(await httpGet(socket, '/chained'), `${PAGE} /chained`);

        const refused = await handshake(badExit.port, badExit.login, badExit.password, '127.0.0.1', http.port);
        assert.equal(refused.reply, 0x01, 'an upstream that refuses us is a general failure');
      } finally {
        await upstream.close();
      }
    });

    test('exit credentials are sealed at rest; a box that does not open is not used, a new one is picked up at once', async () => {
      const upstream = await startStaticSocksServer({ login: 'provider', password: 'Sealed-Pass-7', config: { allowLoopback: true } });
      try {
        const lease = await createLease(database, {
          exit: { kind: 'socks5', host: '127.0.0.1', port: upstream.port, login: 'provider', password: 'Sealed-Pass-7' },
        });
        await waitForPort([gateway], lease.port);
        const [exit] = await database.sql<{ id: number; endpoint_key: string; credentials_box: string }>(
          `SELECT e.* FROM exits e JOIN proxy_listings s ON s.exit_id = e.id JOIN proxy_leases l ON l.listing_id = s.id WHERE l.id = $1`,
          [lease.id],
        );
        assert.ok(exit && !JSON.stringify(exit).includes('Sealed-Pass-7'), 'no plain password in the exit row');
        assert.equal((await handshake(lease.port, lease.login, lease.password, '127.0.0.1', http.port)).reply, 0x00);

        // Sealed under another key (an operator who changed EXIT_CREDENTIALS_KEY): the lease is not served.
        const foreign = createExitCredentialSealer('another key').seal(exit.endpoint_key, { login: 'provider', password: 'Sealed-Pass-7' });
        await database.sql('UPDATE exits SET credentials_box = $1 WHERE id = $2', [foreign, exit.id]);
        await waitUntil(() => gateway.directory.get(lease.id) === undefined);
        // The right box again (a notification names the listing): served again.
        await database.sql('UPDATE exits SET credentials_box = $1 WHERE id = $2', [exit.credentials_box, exit.id]);
        await waitUntil(() => gateway.directory.get(lease.id) !== undefined);
        await waitForPort([gateway], lease.port);
        assert.equal((await handshake(lease.port, lease.login, lease.password, '127.0.0.1', http.port)).reply, 0x00);
      } finally {
        await upstream.close();
      }
    });

    test('two gateway instances both serve a lease bought after they started, within a second', async () => {
      const second = await startTestGateway(database);
      try {
        const lease = await createLease(database);
        const tookMs = await waitForPort([gateway, second], lease.port, 1000);
        assert.ok(tookMs < 1000);
        assert.ok(gateway.directory.get(lease.id) && second.directory.get(lease.id));
        // With both listening, the kernel spreads connections; every one of them must work.
        for (let i = 0; i < 6; i++) {
          const result = await handshake(lease.port, lease.login, lease.password, '127.0.0.1', echo.port);
          assert.equal(result.reply, 0x00);
          result.client.close();
        }
        // Only the second instance: it serves the lease on its own.
        await gateway.close();
        const alone = await handshake(lease.port, lease.login, lease.password, '127.0.0.1', echo.port);
        assert.equal(alone.reply, 0x00);
        alone.client.close();
      } finally {
        await second.close();
        gateway = await startTestGateway(database);
      }
    });

    test('a lease whose own re-read fails is picked up by a full re-read at once, not at the next period', async () => {
      const adapter = database.adapter();
      let failures = 0;
      // The first read of one lease after its notification fails, as on a dropped database connection.
      const flaky: SqlAdapter = {
        query<R>(text: string, params?: readonly unknown[]) {
          if (failures === 0 && text.includes('l.id = $3')) {
            failures += 1;
            return Promise.reject(new Error('connection terminated'));
          }
          return adapter.query<R>(text, params);
        },
        listen: (channel, onPayload, onGap) => adapter.listen(channel, onPayload, onGap),
        close: () => adapter.close(),
      };
      const second = await startGateway({ config: testConfig({ resyncMs: 600_000 }), adapter: flaky });
      try {
        const lease = await createLease(database);
        await waitUntil(() => second.directory.get(lease.id) !== undefined);
        assert.equal(failures, 1);
      } finally {
        await second.close();
      }
    });

    test('a deleted lease stops at once and its port closes', async () => {
      const lease = await createLease(database);
      await waitForPort([gateway], lease.port);
      const open = await handshake(lease.port, lease.login, lease.password, '127.0.0.1', echo.port);
      assert.equal(open.reply, 0x00);
      await database.sql('DELETE FROM proxy_leases WHERE id = $1', [lease.id]);
      assert.ok(await open.client.waitClosed(1000));
      await waitUntil(() => !gateway.listeningPorts().includes(lease.port), 1000);
    });
  });
}
