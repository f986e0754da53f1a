// The gateway process's status port: health, readiness on the database, and Prometheus figures that follow
// what customers did over real sockets.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { SocksClient } from 'socks';
import { localStatusSource, startStatusServer } from './status-server.ts';
import { backends, createLease, handshake, httpGet, openTestDatabase, PAGE, startHttpTarget, startTestGateway, waitForPort } from './test/gateway-kit.ts';

/** The value of one sample line (`name{labels} value`) of a Prometheus text page. */
function sample(page: string, line: string): number {
  const found = page.split('\n').find((each) => each.startsWith(`${line} `));
  assert.ok(found, `${line} in /metrics`);
  return Number(found.slice(line.length + 1));
}

for (const backend of backends) {
  describe(`gateway status port on ${backend}`, () => {
    test('/health, /ready on the database, and /metrics counting connections, bytes, refusals by reason, leases', async (t) => {
      const database = await openTestDatabase(backend);
      const gateway = await startTestGateway(database);
      const http = await startHttpTarget();
      const adapter = database.adapter();
      const status = await startStatusServer({ host: '127.0.0.1', port: 0, source: localStatusSource(gateway, adapter) });
      let databaseOpen = true;
      t.after(async () => {
        await status.close();
        await http.close();
        // Closing the database closes its adapters, the status port's too.
        if (databaseOpen) await gateway.close();
        if (databaseOpen) await database.close();
      });
      const get = (path: string) => fetch(`http://127.0.0.1:${status.port}${path}`);

      const lease = await createLease(database);
      await waitForPort([gateway], lease.port);
      const { socket } = await SocksClient.createConnection({
        proxy: { host: '127.0.0.1', port: lease.port, type: 5, userId: lease.login, password: lease.password },
        command: 'connect',
        destination: { host: '127.0.0.1', port: http.port },
      });
      assert.equal(await httpGet(socket), PAGE);
      const wrong = await handshake(lease.port, lease.login, 'not-the-password', '127.0.0.1', http.port);
      assert.equal(wrong.auth, 0x01);
      wrong.client.close();
      const smtp = await handshake(lease.port, lease.login, lease.password, '93.184.215.14', 25);
      assert.equal(smtp.reply, 0x02);
      smtp.client.close();
      await gateway.flushUsage();

      assert.deepEqual([(await get('/health')).status, await (await get('/health')).json()], [200, { status: 'ok' }]);
      const ready = await get('/ready');
      assert.deepEqual([ready.status, await ready.json()], [200, { status: 'ok', database: 'reachable' }]);
      const response = await get('/metrics');
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      const page = await response.text();
      assert.equal(sample(page, 'private_sock5_gateway_connections_total'), 3);
      assert.equal(sample(page, 'private_sock5_gateway_admitted_total'), 2);
      assert.equal(sample(page, 'private_sock5_gateway_auth_failures_total{reason="wrong_credentials"}'), 1);
      assert.equal(sample(page, 'private_sock5_gateway_auth_failures_total{reason="source_blocked"}'), 0);
      assert.equal(sample(page, 'private_sock5_gateway_refused_destinations_total'), 1);
      assert.ok(sample(page, 'private_sock5_gateway_bytes_total{direction="down"}') > PAGE.length, 'the page came back through the relay');
      assert.ok(sample(page, 'private_sock5_gateway_bytes_total{direction="up"}') > 0);
      assert.ok(sample(page, 'private_sock5_gateway_active_leases') >= 1);
      assert.ok(sample(page, 'private_sock5_gateway_listening_ports') >= 1);
      socket.destroy();
      assert.equal((await get('/nothing')).status, 404);
      // The dashboard in the repository asks only for figures this page has.
      const dashboard = await readFile(new URL('../../ops/grafana/private-sock5.json', import.meta.url), 'utf8');
      const asked = new Set([...dashboard.matchAll(/private_sock5_gateway_\w+/g)].map((match) => match[0]));
      assert.ok(asked.size >= 6);
      for (const name of asked) assert.ok(page.includes(`# TYPE ${name} `), `${name}, on the dashboard, is on /metrics`);

      // The database gone: not ready (the process still answers /health).
      await gateway.close();
      databaseOpen = false;
      await database.close();
      const unready = await get('/ready');
      assert.deepEqual([unready.status, await unready.json()], [503, { status: 'unavailable', database: 'unreachable' }]);
      assert.equal((await get('/health')).status, 200);
    });
  });
}
