// One destination policy for every kind of exit. A customer who asks an upstream SOCKS5 exit (a provider's
// server, a residential peer) for `localhost`, `2130706433` or a name that resolves to 10.0.0.1 would reach
// that exit's own host and network, which the shop must never hand out. The upstreams here are real SOCKS5
// servers on loopback that go wherever they are asked, loopback included, as an exit's host may: Debian's
// microsocks (resolving names with the C library, which reads every inet_aton spelling) and this package's
// own server standing in for a provider. A listener on 127.0.0.1 and ::1 counts every connection that reaches
// it; under a gateway whose policy refuses loopback it must count none, through either upstream or directly.
import assert from 'node:assert/strict';
import { lookup as dnsLookup } from 'node:dns/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Gateway } from './gateway.ts';
import type { Resolver } from './socks5-session.ts';
import { parseIPv6 } from './socks5-protocol.ts';
import { startStaticSocksServer, type StaticServer } from './static-server.ts';
import {
  backends,
  createLease,
  handshakeWith,
  microsocksInstalled,
  openTestDatabase,
  OTHER_PORT_RANGE,
  startGuardedListener,
  startMicrosocks,
  startTestGateway,
  waitForPort,
  type TestDatabase,
  type TestLease,
} from './test/gateway-kit.ts';

const REFUSED = 0x02;
const HOST_UNREACHABLE = 0x04;

/** Names this test's resolver answers (as a DNS zone would); any other name goes to the system's resolver. */
const ZONE: Record<string, Array<{ address: string; family: number }>> = {
  'loopback.test': [{ address: '127.0.0.1', family: 4 }],
  'v6-loopback.test': [{ address: '::1', family: 6 }],
  'lan.test': [{ address: '192.168.1.1', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  // A public name, IPv6 first as many resolvers answer: the upstream gets its addresses, IPv4 first.
  'shop.test': [
    { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    { address: '93.184.215.14', family: 4 },
  ],
};
const testResolver: Resolver = async (host) => ZONE[host.toLowerCase()] ?? dnsLookup(host, { all: true });

function name(host: string, port: number): Buffer {
  const bytes = Buffer.from(host, 'latin1');
  return Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x03, bytes.length]), bytes, Buffer.from([port >> 8, port & 0xff])]);
}
function ipv4(address: string, port: number): Buffer {
  return Buffer.from([0x05, 0x01, 0x00, 0x01, ...address.split('.').map(Number), port >> 8, port & 0xff]);
}
function ipv6(address: string, port: number): Buffer {
  return Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x04]), parseIPv6(address)!, Buffer.from([port >> 8, port & 0xff])]);
}

interface Probe {
  label: string;
  request(port: number): Buffer;
  /** The reply expected: refused by rule, or (a name no resolver of ours knows) host unreachable. */
  replies: readonly number[];
}

const byRule = [REFUSED];
/** A name our resolver may not know (`localhost.` in a hosts file without the dot): refused either way. */
const byRuleOrUnknown = [REFUSED, HOST_UNREACHABLE];

/**
 * Every spelling of loopback the probe of issue 47 sent, then private, link-local and metadata targets, by
 * address and by name. Each is sent to the guarded listener's port.
 */
const PROBES: Probe[] = [
  // Names of loopback.
  ...['localhost', 'LOCALHOST', 'LocalHost', 'localhost.', 'foo.localhost'].map((host) => ({
    label: `name ${host}`,
    request: (port: number) => name(host, port),
    replies: byRuleOrUnknown,
  })),
  { label: 'name resolving to 127.0.0.1', request: (port) => name('loopback.test', port), replies: byRule },
  { label: 'name resolving to ::1', request: (port) => name('v6-loopback.test', port), replies: byRule },
  // 127.0.0.1 and 0.0.0.0 spelled as numbers and sent as names (inet_aton reads them all).
  ...['0', '0.0.0.0', '127.0.0.1', '127.0.0.1.', '2130706433', '0x7f000001', '0X7F000001', '0x7f.1', '0177.0.0.1', '0177.1', '017700000001', '127.1', '127.0.1'].map(
    (host) => ({ label: `name ${host}`, request: (port: number) => name(host, port), replies: byRule }),
  ),
  // Addresses, and IPv6 spellings of IPv4 loopback, as addresses and as names.
  { label: 'IPv4 127.0.0.1', request: (port) => ipv4('127.0.0.1', port), replies: byRule },
  { label: 'IPv6 ::1', request: (port) => ipv6('::1', port), replies: byRule },
  ...['::ffff:127.0.0.1', '::127.0.0.1', '::ffff:0:127.0.0.1', '64:ff9b::127.0.0.1', '64:ff9b:1::7f00:1', '2002:7f00:1::1', '2001:0:4136:e378:8000:63bf:80ff:fffe'].map(
    (address) => ({ label: `IPv6 ${address}`, request: (port: number) => ipv6(address, port), replies: byRule }),
  ),
  ...['[::1]', '::1', '[::ffff:127.0.0.1]', '::ffff:7f00:1', '[::127.0.0.1]', '[::ffff:0:127.0.0.1]', '[64:ff9b::7f00:1]'].map((host) => ({
    label: `name ${host}`,
    request: (port: number) => name(host, port),
    replies: byRule,
  })),
  // The exit's own network and its cloud's metadata service.
  ...['10.0.0.1', '172.16.0.1', '192.168.1.1', '100.64.0.1', '169.254.169.254'].map((address) => ({
    label: `IPv4 ${address}`,
    request: (port: number) => ipv4(address, port),
    replies: byRule,
  })),
  ...['fd00::1', 'fe80::1', 'fd00:ec2::254'].map((address) => ({ label: `IPv6 ${address}`, request: (port: number) => ipv6(address, port), replies: byRule })),
  ...['169.254.169.254', '0xa9fea9fe', '0251.0376.0251.0376', '10.1', 'lan.test', 'metadata.test'].map((host) => ({
    label: `name ${host}`,
    request: (port: number) => name(host, port),
    replies: byRule,
  })),
  { label: 'name metadata.google.internal', request: (port) => name('metadata.google.internal', port), replies: byRuleOrUnknown },
];

/** A provider's SOCKS5 that records each CONNECT's address and answers with the next reply code given. */
async function startRecordingUpstream(): Promise<{
  port: number;
  requests: Array<{ atyp: number; address: string }>;
  replies: number[];
  close(): Promise<void>;
}> {
  const requests: Array<{ atyp: number; address: string }> = [];
  const replies: number[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let stage = 0;
    socket.on('data', (chunk: Buffer) => {
      if (stage === 0) {
        socket.write(Buffer.from([0x05, 0x00]));
        stage = 1;
        return;
      }
      const atyp = chunk[3]!;
      const address =
        atyp === 0x01 ? [...chunk.subarray(4, 8)].join('.') : atyp === 0x03 ? chunk.toString('latin1', 5, 5 + chunk[4]!) : chunk.subarray(4, 20).toString('hex');
      requests.push({ atyp, address });
      socket.end(Buffer.from([0x05, replies.shift() ?? 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
    });
  });
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    replies,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

for (const backend of backends) {
  describe(`destinations through every kind of exit (${backend})`, () => {
    let database: TestDatabase;
    let gateway: Gateway;
    let guarded: Awaited<ReturnType<typeof startGuardedListener>>;
    let microsocks: Awaited<ReturnType<typeof startMicrosocks>>;
    let provider: StaticServer;
    const leases = new Map<string, TestLease>();

    before(async () => {
      assert.ok(microsocksInstalled, 'microsocks is needed as an upstream SOCKS5 exit: apt-get install -y microsocks');
      database = await openTestDatabase(backend);
      // The customer's gateway refuses loopback, as in production.
      gateway = await startTestGateway(database, { allowLoopback: false }, { lookup: testResolver });
      guarded = await startGuardedListener();
      microsocks = await startMicrosocks('provider', 'Upstream-Pass-1');
      provider = await startStaticSocksServer({ login: 'provider', password: 'Upstream-Pass-2', config: { allowLoopback: true }, lookup: testResolver });
      leases.set('microsocks', await createLease(database, { exit: { kind: 'socks5', host: '127.0.0.1', port: microsocks.port, login: 'provider', password: 'Upstream-Pass-1' } }));
      leases.set('provider', await createLease(database, { exit: { kind: 'socks5', host: '127.0.0.1', port: provider.port, login: 'provider', password: 'Upstream-Pass-2' } }));
      leases.set('direct', await createLease(database, { exit: { kind: 'direct' } }));
      for (const lease of leases.values()) await waitForPort([gateway], lease.port);
    });

    after(async () => {
      await gateway?.close();
      await guarded?.close();
      await microsocks?.close();
      await provider?.close();
      await database?.close();
    });

    test('the upstreams themselves reach the guarded listener: what the gateway refuses below is refused by the gateway', async () => {
      const permissive = await startTestGateway(database, { allowLoopback: true, portRange: OTHER_PORT_RANGE }, { lookup: testResolver });
      try {
        for (const [index, upstream] of [microsocks.port, provider.port].entries()) {
          const lease = await createLease(database, {
            port: OTHER_PORT_RANGE.first + index,
            exit: { kind: 'socks5', host: '127.0.0.1', port: upstream, login: 'provider', password: upstream === microsocks.port ? 'Upstream-Pass-1' : 'Upstream-Pass-2' },
          });
          await waitForPort([permissive], lease.port);
          const before = guarded.reached();
          const result = await handshakeWith(lease.port, lease.login, lease.password, name('localhost', guarded.port));
          result.client.close();
          assert.equal(result.reply, 0x00);
          assert.equal(guarded.reached(), before + 1);
          await database.sql('DELETE FROM proxy_leases WHERE id = $1', [lease.id]);
        }
      } finally {
        await permissive.close();
      }
    });

    for (const exit of ['microsocks', 'provider', 'direct'] as const) {
      test(`through ${exit === 'direct' ? 'a direct exit' : `an upstream exit (${exit})`}: every spelling of loopback, private and metadata targets is refused`, async () => {
        const lease = leases.get(exit)!;
        const before = guarded.reached();
        const wrong: string[] = [];
        for (const probe of PROBES) {
          const result = await handshakeWith(lease.port, lease.login, lease.password, probe.request(guarded.port));
          result.client.close();
          if (result.reply === null || !probe.replies.includes(result.reply)) wrong.push(`${probe.label}: reply ${result.reply}`);
        }
        assert.deepEqual(wrong, [], 'every target refused');
        assert.equal(guarded.reached() - before, 0, 'the loopback listener was never reached');
      });
    }

    test('a name goes to the upstream as the address the gateway checked, IPv4 first, the next one when the exit cannot reach it', async () => {
      const recording = await startRecordingUpstream();
      try {
        const lease = await createLease(database, { exit: { kind: 'socks5', host: '127.0.0.1', port: recording.port } });
        await waitForPort([gateway], lease.port);
        const ok = await handshakeWith(lease.port, lease.login, lease.password, name('shop.test', 443));
        ok.client.close();
        assert.equal(ok.reply, 0x00);
        assert.deepEqual(recording.requests, [{ atyp: 0x01, address: '93.184.215.14' }], 'the upstream never sees the name');

        // The exit has no route to the IPv4 address: its IPv6 address is tried next, still as an address.
        recording.requests.length = 0;
        recording.replies.push(0x03);
        const second = await handshakeWith(lease.port, lease.login, lease.password, name('SHOP.test', 443));
        second.client.close();
        assert.equal(second.reply, 0x00);
        assert.deepEqual(recording.requests, [
          { atyp: 0x01, address: '93.184.215.14' },
          { atyp: 0x04, address: Buffer.from(parseIPv6('2606:2800:21f:cb07:6820:80da:af6b:8b2c')!).toString('hex') },
        ]);

        // A refused name never reaches the upstream at all, nor does a numeric spelling of a refused address.
        recording.requests.length = 0;
        for (const host of ['lan.test', '0x0a000001', 'localhost']) {
          const refused = await handshakeWith(lease.port, lease.login, lease.password, name(host, 80));
          refused.client.close();
          assert.equal(refused.reply, REFUSED, host);
        }
        assert.deepEqual(recording.requests, []);
      } finally {
        await recording.close();
      }
    });
  });
}
