// The checker process's status port, on the real process (`node checker/src/main.ts`) over a real upstream
// that passes and a closed port that fails: /health, /ready on its database, /metrics with the checks by
// outcome, their latency, checks per second and the exits online and dead. PostgreSQL only (the standalone
// checker needs it): skipped without TEST_DATABASE_URL.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { backends, openTestDatabase, type TestDatabase } from 'gateway/test-kit';
import { closedPort, insertExits, startUpstream, TEST_CREDENTIALS_KEY, waitFor, type TestUpstream } from './test/checker-kit.ts';

function sample(page: string, line: string): number {
  const found = page.split('\n').find((each) => each.startsWith(`${line} `));
  return found === undefined ? Number.NaN : Number(found.slice(line.length + 1));
}

describe('checker status port', { skip: backends.includes('postgres') ? false : 'needs TEST_DATABASE_URL' }, () => {
  let database: TestDatabase;
  let upstream: TestUpstream;
  let checker: ChildProcess;
  let port: number;
  const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);

  before(async () => {
    database = await openTestDatabase('postgres');
    upstream = await startUpstream();
    await insertExits(database, [{ port: upstream.port }, { port: await closedPort() }]);
    port = await closedPort();
    const url = new URL(database.postgres!.url);
    url.searchParams.set('options', `-c search_path=${database.postgres!.schema}`);
    checker = spawn(process.execPath, [new URL('./main.ts', import.meta.url).pathname], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: url.href,
        EXIT_CREDENTIALS_KEY: TEST_CREDENTIALS_KEY,
        CHECKER_STATUS_PORT: String(port),
        // Lookups ask a resolver on loopback that does not answer: no traffic leaves the machine.
        CHECKER_DNS_SERVERS: `127.0.0.1:${await closedPort()}`,
        LOG_LEVEL: 'error',
      },
    });
  });

  after(async () => {
    if (checker.exitCode === null) {
      const exited = new Promise((resolve) => checker.once('exit', resolve));
      checker.kill('SIGTERM');
      await exited;
    }
    await upstream.close();
    await database.close();
  });

  test('/health, /ready, and /metrics: outcomes by stage, latency, checks per second, exits online and dead', async () => {
    const page = await waitFor(
      'one exit online and one dead on /metrics',
      async () => {
        const text = await get('/metrics').then((response) => response.text(), () => '');
        return sample(text, 'private_sock5_checker_exits{state="online"}') === 1 && sample(text, 'private_sock5_checker_exits{state="dead"}') === 1 ? text : null;
      },
      30_000,
    );
    assert.ok(sample(page, 'private_sock5_checker_checks_total{outcome="online"}') >= 1);
    assert.ok(sample(page, 'private_sock5_checker_checks_total{outcome="connect"}') >= 1, 'the closed port failed at the connect stage');
    assert.ok(sample(page, 'private_sock5_checker_check_duration_seconds_count') >= 2);
    assert.ok(sample(page, 'private_sock5_checker_checks_per_second') > 0);
    assert.equal(sample(page, 'private_sock5_checker_exits{state="unchecked"}'), 0);
    const health = await get('/health');
    assert.deepEqual([health.status, await health.json()], [200, { status: 'ok' }]);
    const ready = await get('/ready');
    assert.deepEqual([ready.status, await ready.json()], [200, { status: 'ok', database: 'reachable' }]);
    assert.equal((await get('/elsewhere')).status, 404);
  });
});
