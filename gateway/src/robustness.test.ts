// Hostile and odd clients: random and truncated frames, silence, floods of half-open connections, oversized
// credentials, guessing, too many connections. Each is dealt with on its own connection; the gateway keeps
// serving good clients throughout.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Gateway } from './gateway.ts';
import {
  backends,
  connectRequest,
  createLease,
  credentialsMessage,
  handshake,
  RawClient,
  startEchoTarget,
  startTestGateway,
  waitForPort,
  type TestDatabase,
  type TestLease,
  openTestDatabase,
  OTHER_PORT_RANGE,
  waitUntil,
} from './test/gateway-kit.ts';

/** Deterministic pseudo-random bytes (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function echoes(lease: TestLease, echoPort: number): Promise<boolean> {
  const result = await handshake(lease.port, lease.login, lease.password, '127.0.0.1', echoPort);
  if (result.reply !== 0x00) return false;
  result.client.write(Buffer.from('ping'));
  const answer = await result.client.read(4);
  result.client.close();
  return answer?.toString() === 'ping';
}

for (const backend of backends) {
  describe(`gateway robustness on ${backend}`, () => {
    let database: TestDatabase;
    let gateway: Gateway;
    let echo: Awaited<ReturnType<typeof startEchoTarget>>;
    let lease: TestLease;

    before(async () => {
      database = await openTestDatabase(backend);
      gateway = await startTestGateway(database, {
        handshakeTimeoutMs: 300,
        maxConnectionsPerLease: 3,
        authFailureLimit: 1000,
      });
      echo = await startEchoTarget();
      lease = await createLease(database);
      await waitForPort([gateway], lease.port);
    });

    after(async () => {
      await gateway.close();
      await echo.close();
      await database.close();
    });

    test('a handshake split into single bytes, and one sent in a single write with data behind it, both work', async () => {
      const slow = await RawClient.open(lease.port);
      const bytes = Buffer.concat([
        Buffer.from([0x05, 0x01, 0x02]),
        credentialsMessage(lease.login, lease.password),
        connectRequest('127.0.0.1', echo.port),
      ]);
      for (const byte of bytes) {
        slow.write([byte]);
        await new Promise((resolve) => setImmediate(resolve));
      }
      assert.deepEqual([...(await slow.read(2))!], [0x05, 0x02]);
      assert.deepEqual([...(await slow.read(2))!], [0x01, 0x00]);
      assert.equal((await slow.read(10))![1], 0x00);
      slow.close();

      const eager = await RawClient.open(lease.port);
      eager.write(Buffer.concat([bytes, Buffer.from('early data')]));
      await eager.read(2 + 2 + 10);
      assert.equal((await eager.read(10))?.toString(), 'early data', 'bytes sent before the reply reach the target');
      eager.close();
    });

    test('wrong versions, bad methods and malformed requests get the RFC reply or a close, never a crash', async () => {
      const v4 = await RawClient.open(lease.port);
      v4.write([0x04, 0x01, 0x00, 0x50, 127, 0, 0, 1, 0x00]);
      assert.ok(await v4.waitClosed(), 'a SOCKS4 request is closed');

      const noMethod = await RawClient.open(lease.port);
      noMethod.write([0x05, 0x01, 0x80]);
      assert.deepEqual([...(await noMethod.read(2))!], [0x05, 0xff], 'no acceptable method');
      assert.ok(await noMethod.waitClosed());

      const longCredentials = await RawClient.open(lease.port);
      longCredentials.write([0x05, 0x01, 0x02]);
      await longCredentials.read(2);
      longCredentials.write(credentialsMessage('u'.repeat(255), 'p'.repeat(255)));
      assert.deepEqual([...(await longCredentials.read(2))!], [0x01, 0x01], '255-byte credentials: failure');
      assert.ok(await longCredentials.waitClosed());

      const badType = await RawClient.open(lease.port);
      badType.write(Buffer.concat([Buffer.from([0x05, 0x01, 0x02]), credentialsMessage(lease.login, lease.password)]));
      await badType.read(4);
      badType.write([0x05, 0x01, 0x00, 0x07, 1, 2, 3, 4, 0, 80]);
      assert.equal((await badType.read(10))?.[1], 0x08, 'address type not supported');

      assert.ok(await echoes(lease, echo.port));
    });

    test('a client that sends nothing is closed at the handshake deadline', async () => {
      const silent = await RawClient.open(lease.port);
      const started = Date.now();
      assert.ok(await silent.waitClosed(2000));
      assert.ok(Date.now() - started < 1500);
      const halfway = await RawClient.open(lease.port);
      halfway.write([0x05, 0x01, 0x02, 0x01]);
      assert.ok(await halfway.waitClosed(2000), 'a stalled handshake is closed too');
    });

    test('a flood of half-open connections from one address is capped; good clients carry on', async () => {
      const patient = await startTestGateway(database, { maxHandshakesPerSource: 40, handshakeTimeoutMs: 10_000, portRange: OTHER_PORT_RANGE });
      try {
        const target = await createLease(database, { port: OTHER_PORT_RANGE.first + Math.floor(Math.random() * 100) });
        await waitForPort([patient], target.port);
        const flood = (await Promise.all(Array.from({ length: 120 }, () => RawClient.open(target.port).catch(() => null)))).filter(
          (client) => client !== null,
        );
        await waitUntil(() => flood.filter((client) => client.closed).length >= flood.length - 40, 5000);
        await new Promise((resolve) => setTimeout(resolve, 100));
        assert.equal(flood.filter((client) => !client.closed).length, 40, 'exactly the per-address limit stays in the handshake');
        for (const client of flood) client.close();
        // Closed flood connections leave the handshake count (well before the 10 s deadline): the address
        // may connect again.
        const tookMs = await waitUntil(async () => {
          const again = await handshake(target.port, target.login, target.password, '127.0.0.1', echo.port);
          again.client.close();
          return again.reply === 0x00;
        }, 3000);
        assert.ok(tookMs < 3000);
      } finally {
        await patient.close();
      }
      assert.ok(await echoes(lease, echo.port));
    });

    test('random and truncated frames (fuzz) leave the gateway serving', async () => {
      const next = random(20261123);
      const byte = () => Math.floor(next() * 256);
      const valid = [
        Buffer.from([0x05, 0x01, 0x02]),
        Buffer.concat([Buffer.from([0x05, 0x01, 0x02]), credentialsMessage(lease.login, lease.password)]),
        Buffer.concat([
          Buffer.from([0x05, 0x01, 0x02]),
          credentialsMessage(lease.login, lease.password),
          connectRequest('127.0.0.1', echo.port),
        ]),
      ];
      for (let round = 0; round < 150; round++) {
        const kind = round % 3;
        let frame: Buffer;
        if (kind === 0) {
          frame = Buffer.from(Array.from({ length: 1 + Math.floor(next() * 600) }, byte));
        } else if (kind === 1) {
          const base = valid[Math.floor(next() * valid.length)]!;
          frame = base.subarray(0, Math.floor(next() * base.length));
        } else {
          const base = Buffer.from(valid[Math.floor(next() * valid.length)]!);
          for (let flips = 1 + Math.floor(next() * 3); flips > 0; flips--) base[Math.floor(next() * base.length)] = byte();
          frame = base;
        }
        const client = await RawClient.open(lease.port);
        client.write(frame);
        if (next() < 0.5) client.socket.end();
        await new Promise((resolve) => setTimeout(resolve, 2));
        client.close();
      }
      assert.ok(await echoes(lease, echo.port));
    });

    test('the per-lease connection cap refuses one more with "not allowed by ruleset"', async () => {
      const open = [];
      for (let i = 0; i < 3; i++) {
        const result = await handshake(lease.port, lease.login, lease.password, '127.0.0.1', echo.port);
        assert.equal(result.reply, 0x00);
        open.push(result.client);
      }
      const extra = await handshake(lease.port, lease.login, lease.password, '127.0.0.1', echo.port);
      assert.equal(extra.reply, 0x02);
      for (const client of open) client.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.ok(await echoes(lease, echo.port));
    });

    test('an address allowed by the lease\'s allow-list connects without a password; others must authenticate', async () => {
      const allowListed = await createLease(database, { allowCidrs: ['127.0.0.0/16'] });
      const elsewhere = await createLease(database, { allowCidrs: ['203.0.113.0/24'] });
      await waitForPort([gateway], allowListed.port);
      await waitForPort([gateway], elsewhere.port);

      const client = await RawClient.open(allowListed.port);
      client.write([0x05, 0x01, 0x00]);
      assert.deepEqual([...(await client.read(2))!], [0x05, 0x00]);
      client.write(connectRequest('127.0.0.1', echo.port));
      assert.equal((await client.read(10))?.[1], 0x00);
      client.close();

      const outsider = await RawClient.open(elsewhere.port);
      outsider.write([0x05, 0x01, 0x00]);
      assert.deepEqual([...(await outsider.read(2))!], [0x05, 0xff]);
    });

    test('a relayed connection is closed after the idle timeout with no traffic, and kept while it carries some', async () => {
      // Gateways on one database are one fleet: the fuzz's failed guesses from 127.0.0.1 count here too.
      const sleepy = await startTestGateway(database, { idleTimeoutMs: 1000, portRange: OTHER_PORT_RANGE, authFailureLimit: 1000 });
      try {
        const target = await createLease(database, { port: OTHER_PORT_RANGE.first + Math.floor(Math.random() * 100) });
        await waitForPort([sleepy], target.port);
        const idle = await handshake(target.port, target.login, target.password, '127.0.0.1', echo.port);
        const busy = await handshake(target.port, target.login, target.password, '127.0.0.1', echo.port);
        assert.equal(idle.reply, 0x00);
        assert.equal(busy.reply, 0x00);
        const started = Date.now();
        // The busy one talks every 300 ms, well inside the timeout, for longer than the timeout.
        for (let i = 0; i < 6; i++) {
          if (i === 2) assert.equal(idle.client.closed, false, 'not before the timeout');
          busy.client.write(Buffer.from('ping'));
          assert.equal((await busy.client.read(4))?.toString(), 'ping');
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        assert.ok(idle.client.closed, 'the silent connection was closed');
        assert.equal(busy.client.closed, false, 'the talking connection stays open');
        assert.ok(Date.now() - started >= 1000);
        busy.client.close();
      } finally {
        await sleepy.close();
      }
    });

    test('after too many failed authentications an address is refused even with the right password', async () => {
      const strict = await startTestGateway(database, { authFailureLimit: 3, portRange: OTHER_PORT_RANGE });
      try {
        const guarded = await createLease(database, { port: OTHER_PORT_RANGE.first + Math.floor(Math.random() * 100) });
        await waitForPort([strict], guarded.port);
        for (let i = 0; i < 3; i++) {
          assert.equal((await handshake(guarded.port, guarded.login, 'guess1', '127.0.0.1', echo.port)).auth, 0x01);
        }
        const right = await handshake(guarded.port, guarded.login, guarded.password, '127.0.0.1', echo.port);
        assert.equal(right.auth, 0x01);
      } finally {
        await strict.close();
      }
    });
  });
}
