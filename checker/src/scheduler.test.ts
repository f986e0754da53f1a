// The scheduled checker against real sockets on loopback and a real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): what each kind of upstream ends as, the hysteresis, a judge outage, and (PostgreSQL)
// two checker processes sharing 1,000 exits, and one killed mid-batch.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createExitCredentialOpener } from 'gateway/exit-credential-opener';
import type { Logger } from 'gateway/logger';
import { backends, openTestDatabase, type TestDatabase } from 'gateway/test-kit';
import { startJudge, type Judge } from './judge.ts';
import { startScheduler, type Scheduler, type SchedulerOptions } from './scheduler.ts';
import { closedPort, insertExits, startCheckerProcess, startUpstream, TEST_CREDENTIALS_KEY, waitFor, type TestUpstream } from './test/checker-kit.ts';

const timeouts = { connectMs: 1000, totalMs: 1500 };
const lenient = { intervalMs: 300, deadAfterFailures: 3, deadAfterMs: 600_000, onlineAfterSuccesses: 2 };

function memoryLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const write = (_fields: object, message: string) => void lines.push(message);
  return { lines, debug: write, info: write, warn: write, error: write };
}

interface ExitRow {
  id: number;
  state: string;
  check_ok: boolean | null;
  check_stage: string | null;
  check_failure: string | null;
  consecutive_failures: number;
  exit_ip: string | null;
}

async function exitRows(database: TestDatabase, ids: number[]): Promise<ExitRow[]> {
  const rows = await database.sql<ExitRow>(
    'SELECT id, state, check_ok, check_stage, check_failure, consecutive_failures, exit_ip FROM exits WHERE id = ANY($1::bigint[]) ORDER BY id',
    [ids],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

for (const backend of backends) {
  describe(`the scheduled checker (${backend})`, () => {
    let database: TestDatabase;
    let judge: Judge;
    const schedulers: Scheduler[] = [];
    const upstreams: TestUpstream[] = [];

    const schedule = (overrides: Partial<SchedulerOptions> = {}) => {
      const scheduler = startScheduler({
        adapter: database.adapter(),
        credentials: createExitCredentialOpener(TEST_CREDENTIALS_KEY),
        judgeUrl: judge.url,
        timeouts,
        policy: lenient,
        concurrency: 32,
        hostConcurrency: 32,
        speedEvery: 2,
        speedBytes: 100_000,
        pollMs: 20,
        log: memoryLog(),
        ...overrides,
      });
      schedulers.push(scheduler);
      return scheduler;
    };

    before(async () => {
      database = await openTestDatabase(backend);
      judge = await startJudge({ host: '127.0.0.1', port: 0 });
    });
    after(async () => {
      for (const scheduler of schedulers) await scheduler.stop();
      for (const upstream of upstreams) await upstream.close();
      await judge.close();
      await database.close();
    });

    it('live, refused, black-holed, wrong-password and garbage upstreams: each ends as what it is, at its stage', async () => {
      const live = await startUpstream({ login: 'provider', password: 'right', localAddress: '127.0.0.2' });
      const blackHole = await startUpstream({ behaviour: 'black-hole' });
      const garbage = await startUpstream({ behaviour: 'garbage' });
      upstreams.push(live, blackHole, garbage);
      const ids = await insertExits(database, [
        { port: live.port, login: 'provider', password: 'right' },
        { port: await closedPort() },
        { port: blackHole.port },
        { port: live.port, login: 'provider', password: 'wrong' },
        { port: garbage.port },
      ]);
      const scheduler = schedule({ policy: { ...lenient, intervalMs: 60_000 } });
      const rows = await waitFor('every exit checked once', async () => {
        const rows = await exitRows(database, ids);
        return rows.every((row) => row.check_ok !== null) && rows;
      }, 10_000);
      await scheduler.stop();
      assert.deepEqual(
        rows.map((row) => [row.state, row.check_stage, row.check_failure]),
        [
          ['online', null, null],
          ['dead', 'connect', 'refused'],
          ['dead', 'greeting', 'timeout'],
          ['dead', 'auth', 'rejected'],
          ['dead', 'greeting', 'protocol'],
        ],
      );
      assert.equal(rows[0]!.exit_ip, '127.0.0.2');
      // The first check of an exit measures its speed too; each check counts in its exit's hour.
      const [measured] = await database.sql<{ speed_mbps: number; checks_count: number }>('SELECT speed_mbps, checks_count FROM exits WHERE id = $1', [ids[0]]);
      assert.ok(Number(measured!.speed_mbps) > 0, JSON.stringify(measured));
      assert.equal(Number(measured!.checks_count), 1);
      const hours = await database.sql<{ exit_id: number; checks: number; ok: number; pings: number[] }>(
        'SELECT exit_id, checks, ok, pings FROM exit_uptime_hours WHERE exit_id = ANY($1::bigint[]) ORDER BY exit_id',
        [ids],
      );
      assert.deepEqual(
        hours.map((hour) => [Number(hour.exit_id), hour.checks, hour.ok, hour.pings.length]),
        ids.map((id, i) => [id, 1, i === 0 ? 1 : 0, i === 0 ? 1 : 0]),
      );
      const changes = await database.sql<{ exit_id: number; from_state: string; to_state: string; reason: string; check_interval_s: number }>(
        'SELECT exit_id, from_state, to_state, reason, check_interval_s FROM exit_state_changes WHERE exit_id = ANY($1::bigint[]) ORDER BY exit_id',
        [ids],
      );
      assert.deepEqual(
        changes.map((change) => [Number(change.exit_id), change.from_state, change.to_state, change.reason, Number(change.check_interval_s)]),
        [
          [ids[0], 'unchecked', 'online', 'check passed', 60],
          [ids[1], 'unchecked', 'dead', 'check failed at connect: refused', 60],
          [ids[2], 'unchecked', 'dead', 'check failed at greeting: timeout', 60],
          [ids[3], 'unchecked', 'dead', 'check failed at auth: rejected', 60],
          [ids[4], 'unchecked', 'dead', 'check failed at greeting: protocol', 60],
        ],
      );
      await database.sql('UPDATE exits SET state = $1 WHERE id = ANY($2::bigint[])', ['retired', ids]);
    });

    it('hysteresis: one failure keeps an exit online, the third in a row makes it dead, two passes bring it back; an address change is recorded', async () => {
      const port = await closedPort();
      const [id] = await insertExits(database, [{ port, state: 'online' }]);
      await database.sql(`UPDATE exits SET exit_ip = '127.0.0.9' WHERE id = $1`, [id]);
      const scheduler = schedule();
      const early = await waitFor('a first failure', async () => {
        const [row] = await exitRows(database, [id!]);
        return row!.consecutive_failures >= 1 && row;
      }, 10_000);
      if (early.consecutive_failures < 3) assert.equal(early.state, 'online', 'fewer than 3 failures keep it online');
      const dead = await waitFor('dead', async () => {
        const [row] = await exitRows(database, [id!]);
        return row!.state === 'dead' && row;
      }, 10_000);
      assert.equal(dead.consecutive_failures, 3);
      // The exit comes back (a provider restarted it), leaving from another address.
      upstreams.push(await startUpstream({ port, localAddress: '127.0.0.3' }));
      await waitFor('online again', async () => (await exitRows(database, [id!]))[0]!.state === 'online', 10_000);
      await scheduler.stop();
      const changes = await database.sql<{ from_state: string; to_state: string; reason: string }>(
        'SELECT from_state, to_state, reason FROM exit_state_changes WHERE exit_id = $1 ORDER BY id',
        [id],
      );
      assert.deepEqual(
        changes.map((change) => [change.from_state, change.to_state, change.reason]),
        [
          ['online', 'dead', 'check failed at connect: refused (3 failures in a row)'],
          ['dead', 'online', '2 checks passed in a row'],
        ],
      );
      const ipChanges = await database.sql<{ from_ip: string; to_ip: string }>('SELECT from_ip, to_ip FROM exit_ip_changes WHERE exit_id = $1', [id]);
      assert.deepEqual(ipChanges.map((change) => [change.from_ip, change.to_ip]), [['127.0.0.9', '127.0.0.3']]);
      await database.sql('UPDATE exits SET state = $1 WHERE id = $2', ['retired', id]);
    });

    it('an exit failing for longer than the window is dead before its failure count says so', async () => {
      const [id] = await insertExits(database, [{ port: await closedPort(), state: 'online' }]);
      schedule({ policy: { ...lenient, deadAfterFailures: 100, deadAfterMs: 500 } });
      await waitFor('dead', async () => (await exitRows(database, [id!]))[0]!.state === 'dead', 10_000);
      const [change] = await database.sql<{ reason: string }>('SELECT reason FROM exit_state_changes WHERE exit_id = $1', [id]);
      assert.match(change!.reason, /^check failed at connect: refused \(failing for \d+ s\)$/);
      for (const scheduler of schedulers.splice(0)) await scheduler.stop();
      await database.sql('UPDATE exits SET state = $1 WHERE id = $2', ['retired', id]);
    });

    it('a judge outage pauses state changes: every check fails at the judge, no exit turns dead, the log says why', async () => {
      const upstream = await startUpstream();
      upstreams.push(upstream);
      const ids = await insertExits(database, Array.from({ length: 12 }, () => ({ port: upstream.port, state: 'online' as const })));
      const down = await startJudge({ host: '127.0.0.1', port: 0 });
      const downUrl = down.url;
      await down.close();
      const log = memoryLog();
      const scheduler = schedule({ judgeUrl: downUrl, log, policy: { ...lenient, deadAfterFailures: 1, deadAfterMs: 1 } });
      await waitFor('three rounds of failed checks', async () => {
        const rows = await exitRows(database, ids);
        return rows.every((row) => row.check_ok === false) && scheduler.counters().checked >= 36;
      }, 20_000);
      assert.equal(scheduler.paused(), true);
      const rows = await exitRows(database, ids);
      assert.deepEqual(new Set(rows.map((row) => `${row.state} ${row.check_stage} ${row.check_failure}`)), new Set(['online target refused']));
      const changes = await database.sql('SELECT 1 FROM exit_state_changes WHERE exit_id = ANY($1::bigint[])', [ids]);
      assert.equal(changes.length, 0);
      const counted = await database.sql('SELECT 1 FROM exit_uptime_hours WHERE exit_id = ANY($1::bigint[])', [ids]);
      assert.equal(counted.length, 0, 'checks while the judge is out do not count against uptime');
      assert.ok(log.lines.includes('checker: the judge looks out; exit state changes are paused (checks go on)'), log.lines.join('\n'));
      // The judge is back on the same address: checks pass and state changes resume.
      const back = await startJudge({ host: '127.0.0.1', port: Number(new URL(downUrl).port) });
      try {
        const before = scheduler.counters().passed;
        await waitFor('state changes resumed', async () => scheduler.counters().passed >= before + 12 && !scheduler.paused(), 10_000);
        await scheduler.stop();
      } finally {
        await back.close();
      }
      assert.ok(log.lines.includes('checker: exit state changes resume'), log.lines.join('\n'));
      await database.sql('UPDATE exits SET state = $1 WHERE id = ANY($2::bigint[])', ['retired', ids]);
    });
  });
}

describe('checker processes sharing PostgreSQL', { skip: backends.includes('postgres') ? false : 'needs TEST_DATABASE_URL' }, () => {
  let database: TestDatabase;
  let judgeHits = 0;
  let judge: Judge;
  const upstreams: TestUpstream[] = [];
  before(async () => {
    database = await openTestDatabase('postgres');
    judge = await startJudge({ host: '127.0.0.1', port: 0, onAnswer: () => void (judgeHits += 1) });
  });
  after(async () => {
    for (const upstream of upstreams) await upstream.close();
    await judge.close();
    await database.close();
  });

  it('two processes check each of 1,000 exits exactly once per interval (counted at the judge and at each upstream)', async () => {
    for (let i = 0; i < 1000; i += 1) upstreams.push(await startUpstream());
    const ids = await insertExits(database, upstreams.map((upstream) => ({ port: upstream.port })));
    const intervalMs = 6000;
    const [{ t0 }] = (await database.sql<{ t0: Date }>(`SELECT now() + interval '2 seconds' AS t0`)) as [{ t0: Date }];
    await database.sql('UPDATE exits SET next_check_at = $1 WHERE id = ANY($2::bigint[])', [t0, ids]);
    const settings = { judgeUrl: judge.url, timeouts, policy: { ...lenient, intervalMs }, concurrency: 128, hostConcurrency: 16, pollMs: 100 };
    const checkers = [await startCheckerProcess(database, settings), await startCheckerProcess(database, settings)];
    const rounds = 3;
    // Stop once the third round is stored everywhere: a fourth is not due before t0 + 3 intervals.
    await waitFor(
      `${rounds} rounds`,
      async () => {
        const [row] = await database.sql<{ behind: number }>(
          `SELECT count(*)::int AS behind FROM exits WHERE id = ANY($1::bigint[]) AND next_check_at <= $2::timestamptz + $3 * interval '1 millisecond'`,
          [ids, t0, (rounds - 1) * intervalMs],
        );
        return row!.behind === 0;
      },
      2000 + rounds * intervalMs + 10_000,
      200,
    );
    const counters = await Promise.all(checkers.map((checker) => checker.counters()));
    for (const checker of checkers) await checker.stop();
    assert.equal(judgeHits, rounds * 1000);
    const perExit = new Map<number, number>();
    for (const upstream of upstreams) perExit.set(upstream.connections, (perExit.get(upstream.connections) ?? 0) + 1);
    assert.deepEqual([...perExit], [[rounds, 1000]]);
    assert.equal(counters[0]!.checked + counters[1]!.checked, rounds * 1000);
    assert.ok(counters.every((counter) => counter.checked > 0), `both took part: ${JSON.stringify(counters)}`);
    assert.ok(counters.every((counter) => counter.lapsed === 0));
    for (const upstream of upstreams.splice(0)) await upstream.close();
    await database.sql(`UPDATE exits SET state = 'retired'`);
  });

  it('a checker killed mid-batch: its exits are checked by the other within two intervals', async () => {
    const live = await startUpstream();
    const blackHole = await startUpstream({ behaviour: 'black-hole' });
    upstreams.push(live, blackHole);
    const exits = Array.from({ length: 200 }, (_, i) => ({ port: i % 2 === 0 ? live.port : blackHole.port }));
    const ids = await insertExits(database, exits, 'killed');
    const intervalMs = 5000;
    const settings = { judgeUrl: judge.url, timeouts, policy: { ...lenient, intervalMs }, concurrency: 40, hostConcurrency: 40, pollMs: 100 };
    const doomed = await startCheckerProcess(database, { ...settings, instance: 'doomed' });
    await waitFor('the doomed checker holding claims', async () => {
      const [row] = await database.sql<{ held: number }>(`SELECT count(*)::int AS held FROM exits WHERE claimed_by = 'doomed'`);
      return row!.held > 0;
    }, 10_000, 20);
    await doomed.kill();
    const [{ killed_at: killedAt }] = (await database.sql<{ killed_at: Date }>('SELECT now() AS killed_at')) as [{ killed_at: Date }];
    const [{ held }] = (await database.sql<{ held: number }>(`SELECT count(*)::int AS held FROM exits WHERE claimed_by = 'doomed'`)) as [{ held: number }];
    assert.ok(held > 0, 'it died holding claims');
    const survivor = await startCheckerProcess(database, { ...settings, instance: 'survivor' });
    try {
      await waitFor(
        'every exit checked after the kill',
        async () => {
          const [row] = await database.sql<{ left: number }>(
            'SELECT count(*)::int AS left FROM exits WHERE id = ANY($1::bigint[]) AND (checked_at IS NULL OR checked_at < $2)',
            [ids, killedAt],
          );
          return row!.left === 0;
        },
        2 * intervalMs,
        100,
      );
    } finally {
      await survivor.stop();
    }
  });
});
