import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig, repoRoot } from '../config.ts';
import { backends, build, register } from '../test/helpers.ts';

/** The value of one sample line (`name{labels} value`) of a Prometheus text page. */
function sample(page: string, line: string): number | undefined {
  const found = page.split('\n').find((each) => each.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

for (const backend of backends) {
  describe(`GET /metrics (${backend})`, () => {
    it('counts requests by route pattern and status, with a latency histogram, the outbox and sockets', async (t) => {
      const app = await build(t, backend);
      const user = await register(app);
      for (let i = 0; i < 3; i += 1) await app.inject({ method: 'GET', url: '/api/health' });
      await app.inject({ method: 'GET', url: `/api/users/${user.id}` });
      await app.inject({ method: 'GET', url: '/api/users/someone-else' });
      await app.inject({ method: 'GET', url: '/api/no-such-route' });

      const response = await app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      const page = response.body;
      assert.equal(sample(page, 'private_sock5_api_requests_total{method="GET",route="/api/health",status="200"}'), 3);
      // One series for the route, whatever the id: both calls without a session answered 401.
      assert.equal(sample(page, 'private_sock5_api_requests_total{method="GET",route="/api/users/:userId",status="401"}'), 2);
      assert.equal(sample(page, 'private_sock5_api_request_duration_seconds_count{method="GET",route="/api/health"}'), 3);
      assert.equal(sample(page, 'private_sock5_api_request_duration_seconds_bucket{method="GET",route="/api/health",le="+Inf"}'), 3);
      assert.ok((sample(page, 'private_sock5_api_request_duration_seconds_bucket{method="GET",route="/api/health",le="10"}') ?? 0) <= 3);
      assert.ok(page.includes('status="404"'), 'unknown paths are counted too, under one series');
      assert.ok(!page.includes('no-such-route'), 'never by their path');
      assert.equal(sample(page, 'private_sock5_api_sockets'), 0);
      assert.equal(sample(page, 'private_sock5_api_outbox_jobs{state="dead"}'), 0);
      if (backend === 'postgres') assert.ok((sample(page, 'private_sock5_api_db_pool_connections{state="open"}') ?? 0) >= 0);

      // The dashboard in the repository asks only for figures this page has (the pool's: PostgreSQL only).
      const dashboard = await readFile(join(repoRoot, 'ops', 'grafana', 'private-sock5.json'), 'utf8');
      const asked = new Set([...dashboard.matchAll(/private_sock5_api_(\w+?)(?:_bucket|_sum|_count)?\b/g)].map((match) => `private_sock5_api_${match[1]}`));
      assert.ok(asked.size >= 6);
      for (const name of asked) {
        if (name.endsWith('db_pool_connections') && backend === 'pglite') continue;
        assert.ok(page.includes(`# TYPE ${name} `), `${name}, on the dashboard, is on /metrics`);
      }
    });

    it('answers 403 to addresses METRICS_ALLOW does not list, judged by the connection, not X-Forwarded-For', async (t) => {
      const app = await build(t, backend, { config: { trustProxy: true, metrics: { allow: ['10.1.0.0/16', '::1'] } } });
      const from = (remoteAddress: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
      assert.equal((await from('10.1.2.3')).statusCode, 200);
      assert.equal((await from('::1')).statusCode, 200);
      const refused = await from('127.0.0.1');
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), { message: 'Metrics are not served to this address (METRICS_ALLOW).' });
      assert.equal((await from('203.0.113.7', { 'x-forwarded-for': '10.1.2.3' })).statusCode, 403);
    });
  });
}

describe('METRICS_ALLOW', () => {
  it('defaults to loopback and refuses what is not an address or a network', () => {
    assert.deepEqual(loadConfig({}).metrics.allow, ['127.0.0.1', '::1']);
    assert.deepEqual(loadConfig({ METRICS_ALLOW: ' 10.0.0.0/8 ,fd00::/8' }).metrics.allow, ['10.0.0.0/8', 'fd00::/8']);
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129']) {
      assert.throws(() => loadConfig({ METRICS_ALLOW: bad }), /^ConfigError: METRICS_ALLOW must list addresses or networks/, bad);
    }
  });
});
