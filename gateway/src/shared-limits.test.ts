// The shared limit stores themselves (PostgreSQL functions of migrations 0014 and 0085, Redis scripts), driven as two
// gateways would drive them: exact under concurrency, a dead gateway's count lapsing, and a gateway that
// keeps serving on its own limits while the store is away.
import assert from 'node:assert/strict';
import { after, before, describe, test, type TestContext } from 'node:test';
import { dropRedisKeys, newRedisPrefix, testRedisUrl, type LimitStoreKind } from './test/fleet-kit.ts';
import { MemoryLimits, type Admission, type LimitSettings } from './limits.ts';
import { silentLogger, type Logger } from './logger.ts';
import { createRedisLimitBackend } from './redis-limits.ts';
import { SharedLimits, type LimitBackend, type SharedLimitsOptions } from './shared-limits.ts';
import { createSqlLimitBackend } from './sql-limits.ts';
import { backends, openTestDatabase, type TestDatabase } from './test/gateway-kit.ts';

const settings: LimitSettings = {
  maxConnectionsPerLease: 256,
  authFailureLimit: 20,
  leaseAuthFailureLimit: 20,
  authFailureWindowMs: 60_000,
  knownSourceMs: 86_400_000,
};

let nextLease = 1_000_000 + Math.floor(Math.random() * 1_000_000);

/** The backend, counting the calls that decide an admission (admit, reserve, authorize): the store round trips. */
function countingCalls(backend: LimitBackend): { backend: LimitBackend; calls: () => number } {
  let calls = 0;
  const counted: LimitBackend = {
    ...backend,
    admit(...args) {
      calls += 1;
      return backend.admit(...args);
    },
    reserve(...args) {
      calls += 1;
      return backend.reserve(...args);
    },
    authorize(...args) {
      calls += 1;
      return backend.authorize(...args);
    },
  };
  return { backend: counted, calls: () => calls };
}

function count(admissions: Admission[], kind: Admission): number {
  return admissions.filter((admission) => admission === kind).length;
}

describe('limits in one process (embedded defaults)', () => {
  test('the cap, the address limit and the lease budget, with the owner kept', () => {
    const limits = new MemoryLimits({ ...settings, maxConnectionsPerLease: 2 });
    assert.deepEqual([1, 2, 3].map(() => limits.admit(7, '198.51.100.1', true)), ['ok', 'ok', 'full']);
    limits.release(7);
    assert.equal(limits.admit(7, '198.51.100.1', false), 'ok');
    for (let i = 0; i < 20; i++) limits.authFailed(`203.0.113.${i % 5}`, [8]);
    assert.equal(limits.admit(8, '203.0.113.77', true), 'lease-guarded');
    for (let i = 0; i < 20; i++) limits.authFailed('192.0.2.9', [9]);
    assert.equal(limits.admit(10, '192.0.2.9', true), 'source-blocked');
    assert.equal(limits.admit(10, '192.0.2.10', true), 'ok');
  });
});

for (const backend of backends) {
  for (const store of ['postgres', 'redis'] satisfies LimitStoreKind[]) {
    describe(`the limit store in ${store} (${backend} database)`, () => {
      let database: TestDatabase;

      before(async () => {
        database = await openTestDatabase(backend);
      });

      after(async () => {
        await database.close();
      });

      async function openBackend(t: TestContext, prefix: string, log: Logger = silentLogger): Promise<LimitBackend> {
        const opened = store === 'redis' ? await createRedisLimitBackend({ url: testRedisUrl, prefix, log }) : createSqlLimitBackend(database.adapter());
        t.after(() => opened.close());
        return opened;
      }

      // PGlite answers one query at a time: a burst of 300 must not be taken for a store that is down.
      const timeoutMs = 15_000;

      /** Two gateways on one store; `calls` counts the first one's store round trips. */
      async function twoGateways(t: TestContext, options: Omit<SharedLimitsOptions, 'log'> = { heartbeatMs: 3000, aliveMs: 15_000, timeoutMs }) {
        const prefix = newRedisPrefix();
        t.after(() => (store === 'redis' ? dropRedisKeys(prefix) : undefined));
        const { backend: counted, calls } = countingCalls(await openBackend(t, prefix));
        const first = await SharedLimits.start(counted, settings, { log: silentLogger, ...options });
        const second = await SharedLimits.start(await openBackend(t, prefix), settings, { log: silentLogger, ...options });
        t.after(async () => {
          await first.close();
          await second.close();
        });
        return { first, second, prefix, calls };
      }

      test('two gateways asking at once get exactly 256 admissions of one lease between them', async (t) => {
        const { first, second } = await twoGateways(t);
        const lease = nextLease++;
        const answers = await Promise.all(
          Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? first : second).admit(lease, `198.51.100.${i % 200}`, i % 3 !== 0)),
        );
        assert.equal(count(answers, 'ok'), 256);
        assert.equal(count(answers, 'full'), 44);

        for (let i = 0; i < 10; i++) first.release(lease);
        let freed: Admission = 'full';
        for (let attempt = 0; attempt < 100 && freed !== 'ok'; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          freed = await second.admit(lease, '198.51.100.1', false);
        }
        assert.equal(freed, 'ok', 'released slots are free for the other gateway');
        const more = await Promise.all(Array.from({ length: 12 }, () => second.admit(lease, '198.51.100.1', false)));
        assert.equal(count(more, 'ok'), 9, 'exactly the ten released, no more');
      });

      test('failed authentications count across gateways, per address and per lease; known addresses keep working', async (t) => {
        const { first, second } = await twoGateways(t);
        const lease = nextLease++;
        assert.equal(await first.admit(lease, '192.0.2.1', true), 'ok', 'the owner');
        first.release(lease);
        await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? first : second).authFailed(`203.0.113.${i % 6}`, [lease])));
        assert.equal(await second.admit(lease, '203.0.113.200', true), 'lease-guarded');
        assert.equal(await first.admit(lease, '192.0.2.1', true), 'ok');
        assert.equal(await first.admit(lease, '203.0.113.200', false), 'ok', 'the cap alone for an allow-listed address');

        const other = nextLease++;
        await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? first : second).authFailed('203.0.113.250', [other, lease + 1_000])));
        assert.equal(await first.admit(nextLease++, '203.0.113.250', true), 'source-blocked');
      });

      test('a gateway that stops beating stops counting once its heartbeat lapses', async (t) => {
        const prefix = newRedisPrefix();
        t.after(() => (store === 'redis' ? dropRedisKeys(prefix) : undefined));
        const lease = nextLease++;
        // The dead gateway, played on the store directly: one heartbeat, the whole cap, then silence.
        const dead = await openBackend(t, prefix);
        await dead.heartbeat('00000000-0000-4000-8000-000000000001', 1500, new Map(), [], settings);
        const held = await Promise.all(Array.from({ length: 256 }, () => dead.admit('00000000-0000-4000-8000-000000000001', lease, '198.51.100.1', false, settings)));
        assert.equal(count(held, 'ok'), 256);
        const alive = await SharedLimits.start(await openBackend(t, prefix), settings, { log: silentLogger, heartbeatMs: 200, aliveMs: 1500, timeoutMs });
        t.after(() => alive.close());
        assert.equal(await alive.admit(lease, '198.51.100.2', false), 'full');
        await new Promise((resolve) => setTimeout(resolve, 1700));
        assert.equal(await alive.admit(lease, '198.51.100.2', false), 'ok');
      });

      test('the next connections of a lease take slots reserved ahead, without the store; within half the cap, handed back unused', async (t) => {
        const { first, second, calls } = await twoGateways(t, { heartbeatMs: 60_000, aliveMs: 60_000, timeoutMs });
        const lease = nextLease++;
        assert.equal(await first.admit(lease, '198.51.100.1', true), 'ok');
        assert.equal(calls(), 2, 'the admission and one reservation');
        for (let i = 0; i < 100; i++) {
          assert.equal(await first.admit(lease, '198.51.100.1', true), 'ok');
          first.release(lease);
        }
        assert.equal(await first.admit(lease, '198.51.100.9', false), 'ok', 'an allow-listed address takes a reserved slot too');
        first.release(lease);
        assert.equal(calls(), 2, 'the address the store admitted, again and again, and the allow-listed one: from memory');
        assert.equal(await first.admit(lease, '198.51.100.2', true), 'ok');
        assert.equal(calls(), 3, 'an address new to the lease is asked about (its slot is a reserved one)');
        first.release(lease);

        // The first gateway holds one connection and 16 reserved slots: the second gets the rest of the cap.
        const answers = await Promise.all(Array.from({ length: 300 }, () => second.admit(lease, '198.51.100.3', false)));
        assert.equal(count(answers, 'ok'), 256 - 1 - 16);
        // Slots used since the last heartbeat are kept; left unused a whole interval, they go back.
        await first.beat();
        await first.beat();
        const more = await Promise.all(Array.from({ length: 20 }, () => second.admit(lease, '198.51.100.3', false)));
        assert.equal(count(more, 'ok'), 16);
      });

      test('with no spare slots (GATEWAY_SPARE_SLOTS=0) every admission asks the store and none is refused below the cap', async (t) => {
        const { first, second, calls } = await twoGateways(t, { heartbeatMs: 60_000, aliveMs: 60_000, timeoutMs, spareSlots: 0 });
        const lease = nextLease++;
        for (let i = 0; i < 5; i++) {
          assert.equal(await first.admit(lease, '198.51.100.1', true), 'ok');
          first.release(lease);
        }
        assert.equal(calls(), 5, 'one store call per admission, no reservation');
        assert.equal(await first.admit(lease, '198.51.100.1', true), 'ok');
        // Its true count (one connection) written, whatever the releases' batches did meanwhile.
        await first.beat();
        // The first gateway holds one connection and nothing in reserve: the second gets all the rest of the cap.
        const answers = await Promise.all(Array.from({ length: 300 }, () => second.admit(lease, '198.51.100.3', false)));
        assert.equal(count(answers, 'ok'), 256 - 1);
      });

      test('a heartbeat writes the gateway its true count again, mending one that went wrong', async (t) => {
        const prefix = newRedisPrefix();
        t.after(() => (store === 'redis' ? dropRedisKeys(prefix) : undefined));
        const lease = nextLease++;
        const raw = await openBackend(t, prefix);
        const limits = await SharedLimits.start(await openBackend(t, prefix), { ...settings, maxConnectionsPerLease: 3 }, { log: silentLogger, heartbeatMs: 60_000, aliveMs: 60_000, timeoutMs });
        t.after(() => limits.close());
        assert.equal(await limits.admit(lease, '198.51.100.1', false), 'ok');
        // Two admissions counted for this gateway that it never heard of (their replies were lost).
        await raw.admit(limits.id, lease, '198.51.100.1', false, { ...settings, maxConnectionsPerLease: 3 });
        await raw.admit(limits.id, lease, '198.51.100.1', false, { ...settings, maxConnectionsPerLease: 3 });
        assert.equal(await limits.admit(lease, '198.51.100.1', false), 'full');
        await limits.beat();
        assert.equal(await limits.admit(lease, '198.51.100.1', false), 'ok');
        assert.equal(await limits.admit(lease, '198.51.100.1', false), 'ok');
        assert.equal(await limits.admit(lease, '198.51.100.1', false), 'full');
      });
    });
  }
}

describe('while the shared store cannot be reached', () => {
  test('the gateway applies the limits to its own connections, says so once, and keeps serving', async (t) => {
    const logged: string[] = [];
    const log: Logger = { ...silentLogger, error: (_fields, message) => logged.push(message), warn: (_fields, message) => logged.push(message) };
    // Nothing listens on port 1: every call fails at once.
    const backend = await createRedisLimitBackend({ url: 'redis://127.0.0.1:1', prefix: newRedisPrefix(), log });
    const limits = await SharedLimits.start(backend, { ...settings, maxConnectionsPerLease: 2 }, { log });
    t.after(() => limits.close());
    const answers = [await limits.admit(1, '198.51.100.1', true), await limits.admit(1, '198.51.100.1', true), await limits.admit(1, '198.51.100.1', true)];
    assert.deepEqual(answers, ['ok', 'ok', 'full']);
    for (let i = 0; i < 20; i++) await limits.authFailed('203.0.113.9', [2]);
    assert.equal(await limits.admit(3, '203.0.113.9', true), 'source-blocked');
    assert.ok(logged.some((message) => message.includes('limits')), logged.join(' | '));
  });
});
