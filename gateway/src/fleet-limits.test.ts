// The per-lease limits hold across the fleet: two gateways (processes of their own on PostgreSQL) sharing
// one database and one limit store (PostgreSQL, or Redis) together admit what one gateway would.
import assert from 'node:assert/strict';
import { after, before, describe, test, type TestContext } from 'node:test';
import type { GatewayConfig } from './config.ts';
import { dropRedisKeys, newRedisPrefix, startFleetMember, waitForFleetPort, type FleetMember, type FleetOptions, type LimitStoreKind } from './test/fleet-kit.ts';
import type { GatewayCounters } from './socks5-session.ts';
import { backends, createLease, handshake, openTestDatabase, startEchoTarget, type RawClient, type TestDatabase, type TestLease } from './test/gateway-kit.ts';

const stores: LimitStoreKind[] = ['postgres', 'redis'];

function total(counters: GatewayCounters[], name: keyof GatewayCounters): number {
  return counters.reduce((sum, each) => sum + each[name], 0);
}

for (const backend of backends) {
  for (const store of stores) {
    describe(`fleet-wide gateway limits kept in ${store} (${backend} database)`, () => {
      let database: TestDatabase;
      let echo: Awaited<ReturnType<typeof startEchoTarget>>;

      before(async () => {
        database = await openTestDatabase(backend);
        echo = await startEchoTarget();
      });

      after(async () => {
        await echo.close();
        await database.close();
      });

      async function fleet(t: TestContext, config: Partial<GatewayConfig> = {}, size = 2, extra: Partial<FleetOptions> = {}): Promise<FleetMember[]> {
        const options: FleetOptions = { store, redisPrefix: newRedisPrefix(), config, ...extra };
        // Members started by separate calls share the store when given the same prefix.
        const members = await Promise.all(Array.from({ length: size }, () => startFleetMember(database, options)));
        t.after(async () => {
          await Promise.all(members.map((member) => member.close()));
          if (store === 'redis') await dropRedisKeys(options.redisPrefix);
        });
        return members;
      }

      const connect = (lease: TestLease, password = lease.password, from?: string) =>
        handshake(lease.port, lease.login, password, '127.0.0.1', echo.port, 0x01, from);

      test('two gateways together carry 256 connections of a lease and refuse the 257th; a freed slot is taken again', async (t) => {
        const members = await fleet(t);
        const lease = await createLease(database);
        await waitForFleetPort(members, lease.port);
        const open: RawClient[] = [];
        t.after(() => open.forEach((client) => client.close()));
        while (open.length < 256) {
          const batch = await Promise.all(Array.from({ length: 32 }, () => connect(lease)));
          for (const result of batch) {
            assert.equal(result.reply, 0x00, `connection ${open.length + 1} relayed`);
            open.push(result.client);
          }
        }
        const carried = await Promise.all(members.map((member) => member.counters()));
        assert.ok(
          carried.every((counters) => counters.admitted > 0),
          `both gateways carry some (${carried.map((counters) => counters.admitted).join(' + ')})`,
        );

        for (let attempt = 0; attempt < 8; attempt++) {
          const extra = await connect(lease);
          assert.equal(extra.auth, 0x00, 'the credentials are right');
          assert.equal(extra.reply, 0x02, `attempt ${attempt + 1} past the cap: not allowed by ruleset`);
          extra.client.close();
        }
        assert.equal(total(await Promise.all(members.map((member) => member.counters())), 'full'), 8);

        open.shift()?.close();
        const deadline = Date.now() + 5000;
        let again = await connect(lease);
        while (again.reply !== 0x00 && Date.now() < deadline) {
          again.client.close();
          await new Promise((resolve) => setTimeout(resolve, 50));
          again = await connect(lease);
        }
        assert.equal(again.reply, 0x00, 'the slot of a closed connection is free again');
        open.push(again.client);
        const past = await connect(lease);
        assert.equal(past.reply, 0x02, 'and the cap holds again');
        past.client.close();
      });

      test('the 21st failed authentication on a lease, from any mix of addresses, is refused; the owner keeps working', async (t) => {
        const members = await fleet(t, { authFailureWindowMs: 3000 });
        const lease = await createLease(database);
        const other = await createLease(database);
        await waitForFleetPort(members, lease.port);
        await waitForFleetPort(members, other.port);
        // The owner's address used the lease before the guessing started.
        const owner = await connect(lease, lease.password, '127.0.0.1');
        assert.equal(owner.reply, 0x00);
        owner.client.close();

        // Twenty wrong passwords from seven addresses, none near its own limit of 20.
        for (let guess = 0; guess < 20; guess++) {
          const result = await connect(lease, `guess${guess}`, `127.0.3.${(guess % 7) + 1}`);
          assert.equal(result.auth, 0x01);
          result.client.close();
        }
        const counted = await Promise.all(members.map((member) => member.counters()));
        assert.equal(total(counted, 'authFailed'), 20);
        assert.ok(
          counted.every((counters) => counters.authFailed > 0),
          `both gateways heard guesses (${counted.map((counters) => counters.authFailed).join(' + ')})`,
        );

        // The 21st try: the right password, from an address new to the lease, and from one that guessed.
        for (const from of ['127.0.3.100', '127.0.3.1']) {
          const newcomer = await connect(lease, lease.password, from);
          assert.equal(newcomer.auth, 0x01, `${from} is refused although the password is right`);
          newcomer.client.close();
        }
        assert.equal(total(await Promise.all(members.map((member) => member.counters())), 'leaseGuarded'), 2);

        const ownerAgain = await connect(lease, lease.password, '127.0.0.1');
        assert.equal(ownerAgain.reply, 0x00, 'the owner is never locked out');
        ownerAgain.client.close();
        const elsewhere = await connect(other, other.password, '127.0.3.100');
        assert.equal(elsewhere.reply, 0x00, 'another lease is not affected');
        elsewhere.client.close();

        // Once the window has passed, the lease hears everyone again.
        await new Promise((resolve) => setTimeout(resolve, 3100));
        const later = await connect(lease, lease.password, '127.0.3.100');
        assert.equal(later.reply, 0x00);
        later.client.close();
      });

      test('an address that failed 20 times across both gateways is refused even with the right password', async (t) => {
        const members = await fleet(t, { leaseAuthFailureLimit: 1000 });
        const lease = await createLease(database);
        await waitForFleetPort(members, lease.port);
        for (let guess = 0; guess < 20; guess++) {
          const result = await connect(lease, `guess${guess}`, '127.0.4.1');
          assert.equal(result.auth, 0x01);
          result.client.close();
        }
        const counted = await Promise.all(members.map((member) => member.counters()));
        assert.ok(counted.every((counters) => counters.authFailed > 0), 'the guesses reached both gateways');
        const right = await connect(lease, lease.password, '127.0.4.1');
        assert.equal(right.auth, 0x01);
        right.client.close();
        assert.equal(total(await Promise.all(members.map((member) => member.counters())), 'sourceBlocked'), 1);
        const someoneElse = await connect(lease, lease.password, '127.0.4.2');
        assert.equal(someoneElse.reply, 0x00, 'other addresses are not affected');
        someoneElse.client.close();
      });

      if (backend === 'postgres') {
        test('the connections of a gateway process that died stop counting once its heartbeat lapses', async (t) => {
          const config = { maxConnectionsPerLease: 4 };
          const shared = { limitTimings: { heartbeatMs: 300, aliveMs: 3000 }, redisPrefix: newRedisPrefix() };
          const [dying] = await fleet(t, config, 1, shared);
          const lease = await createLease(database);
          await waitForFleetPort([dying!], lease.port);
          const held = await Promise.all(Array.from({ length: 4 }, () => connect(lease)));
          assert.deepEqual(held.map((result) => result.reply), [0, 0, 0, 0]);

          const [survivor] = await fleet(t, config, 1, shared);
          await waitForFleetPort([survivor!], lease.port);
          await dying!.kill();
          const refused = await connect(lease);
          assert.equal(refused.reply, 0x02, 'right after the crash its connections still count');
          refused.client.close();
          const started = Date.now();
          let admitted = await connect(lease);
          while (admitted.reply !== 0x00 && Date.now() - started < 8000) {
            admitted.client.close();
            await new Promise((resolve) => setTimeout(resolve, 200));
            admitted = await connect(lease);
          }
          assert.equal(admitted.reply, 0x00, 'then the survivor admits the lease again');
          admitted.client.close();
          held.forEach((result) => result.client.close());
        });
      }
    });
  }
}
