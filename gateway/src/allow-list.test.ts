// The allow-list the gateway applies: entries normalised by the API's rule, IPv4 clients matched against IPv4
// entries only. An entry the API would refuse opens nothing, even when the database holds one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AllowList } from './allow-list.ts';
import type { Gateway } from './gateway.ts';
import {
  backends,
  connectRequest,
  createLease,
  openTestDatabase,
  RawClient,
  startEchoTarget,
  startTestGateway,
  waitForPort,
  type TestDatabase,
} from './test/gateway-kit.ts';

describe('allow-list entries as the gateway applies them', () => {
  test('IPv4 written as IPv6 matches the IPv4 clients of that range, and no others', () => {
    const list = AllowList.from(['::ffff:10.1.0.0/112', '::198.51.100.0/120', '2001:db8::/48']);
    assert.ok(list);
    assert.equal(list.allows('10.1.2.3'), true);
    assert.equal(list.allows('10.2.0.1'), false);
    assert.equal(list.allows('198.51.100.7'), true);
    assert.equal(list.allows('2001:db8:0:1::5'), true);
    assert.equal(list.allows('2001:db9::5'), false);
    assert.equal(list.key, '10.1.0.0/16,198.51.100.0/24,2001:db8::/48');
  });

  test('entries wider than the rule allows open nothing: all of IPv4 in any spelling, an IPv4 /8, a wide IPv6', () => {
    const refused: string[] = [];
    const list = AllowList.from(['::ffff:0:0/96', '::ffff:127.0.0.0/104', '::/80', '0.0.0.0/0', '2001::/16'], (entry) => refused.push(entry));
    assert.equal(list, null);
    assert.deepEqual(refused, ['::ffff:0:0/96', '::ffff:127.0.0.0/104', '::/80', '0.0.0.0/0', '2001::/16']);
  });

  test("::1 is IPv6's loopback, not 0.0.0.1; a translator's prefix opens nothing", () => {
    const refused: string[] = [];
    const list = AllowList.from(['::1', '64:ff9b::/96', '::ffff:0:0:0/96', '64:ff9b::cb00:7107'], (entry) => refused.push(entry));
    assert.ok(list);
    assert.equal(list.key, '::1/128');
    assert.equal(list.allows('::1'), true);
    assert.equal(list.allows('0.0.0.1'), false);
    assert.equal(list.allows('203.0.113.7'), false);
    assert.equal(list.allows('64:ff9b::cb00:7107'), false);
    assert.deepEqual(refused, ['64:ff9b::/96', '::ffff:0:0:0/96', '64:ff9b::cb00:7107']);
  });

  test('an IPv4 entry does not match an IPv6 client, nor an IPv6 entry an IPv4 client', () => {
    const list = AllowList.from(['203.0.113.0/24', '2001:db8::/32']);
    assert.ok(list);
    assert.equal(list.allows('::ffff:cb00:7107'), false);
    assert.equal(list.allows('203.0.113.7'), true);
    assert.equal(list.allows('32.1.13.184'), false);
  });
});

for (const backend of backends) {
  describe(`a lease whose stored allow-list is too wide (${backend})`, () => {
    let database: TestDatabase;
    let gateway: Gateway;
    let echo: Awaited<ReturnType<typeof startEchoTarget>>;

    before(async () => {
      database = await openTestDatabase(backend);
      // The database refuses such entries (migration 0011); a row written around that check, by an older
      // version or a tool, must still open nothing.
      await database.sql('ALTER TABLE proxy_leases DROP CONSTRAINT proxy_leases_allow_cidrs_allowed');
      gateway = await startTestGateway(database);
      echo = await startEchoTarget();
    });

    after(async () => {
      await gateway.close();
      await echo.close();
      await database.close();
    });

    test('asks a client for its password instead of letting every IPv4 address in', async () => {
      const open = await createLease(database, { allowCidrs: ['::ffff:0:0/96'] });
      const mapped = await createLease(database, { allowCidrs: ['::ffff:127.0.0.1/128'] });
      await waitForPort([gateway], open.port);
      await waitForPort([gateway], mapped.port);

      const stranger = await RawClient.open(open.port);
      stranger.write([0x05, 0x01, 0x00]);
      assert.deepEqual([...(await stranger.read(2))!], [0x05, 0xff], 'no method acceptable: the password is required');
      stranger.close();

      // The same address written as IPv4-mapped IPv6 is that IPv4 address, and is let in.
      const allowed = await RawClient.open(mapped.port);
      allowed.write([0x05, 0x01, 0x00]);
      assert.deepEqual([...(await allowed.read(2))!], [0x05, 0x00]);
      allowed.write(connectRequest('127.0.0.1', echo.port));
      assert.equal((await allowed.read(10))?.[1], 0x00);
      allowed.close();
    });
  });
}
