// GET /metrics: this instance's figures in the Prometheus text format, for the operator's scraper: requests
// by route and status, their latencies, the database pool, open sockets, the outbox, exits by state, the
// checks this instance ran and the process. Only
// the addresses METRICS_ALLOW lists may read it (loopback by default), judged by the connection itself, not
// by X-Forwarded-For: a scraper reaches each instance directly, never through the load balancer.
import { BlockList, isIP } from 'node:net';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';

/** Upper bounds of the latency histogram's buckets, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PREFIX = 'private_sock5_api';

interface RouteFigures {
  method: string;
  route: string;
  byStatus: Map<number, number>;
  buckets: number[];
  count: number;
  sum: number;
}

/** `10.0.0.0/8, ::1` -> a BlockList of those networks and addresses (config.ts checked the spelling). */
export function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const label = (value: string) => value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const allowed = allowList(config.metrics.allow);
    const routes = new Map<string, RouteFigures>();

    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern (/api/users/:userId), not the path: one series per route, whatever the ids.
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${route}`;
      let figures = routes.get(key);
      if (!figures) {
        figures = { method: request.method, route, byStatus: new Map(), buckets: BUCKETS.map(() => 0), count: 0, sum: 0 };
        routes.set(key, figures);
      }
      figures.byStatus.set(reply.statusCode, (figures.byStatus.get(reply.statusCode) ?? 0) + 1);
      const seconds = reply.elapsedTime / 1000;
      figures.count += 1;
      figures.sum += seconds;
      BUCKETS.forEach((bound, index) => {
        if (seconds <= bound) figures.buckets[index]! += 1;
      });
      done();
    });

    app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      const remote = request.socket.remoteAddress ?? '';
      const address = remote.startsWith('::ffff:') ? remote.slice(7) : remote;
      if (!allowed.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')) {
        throw new HttpError(403, 'Metrics are not served to this address (METRICS_ALLOW).');
      }
      const lines: string[] = [];
      const head = (name: string, type: string, help: string) => lines.push(`# HELP ${PREFIX}_${name} ${help}`, `# TYPE ${PREFIX}_${name} ${type}`);

      head('requests_total', 'counter', 'HTTP requests answered, by method, route and status.');
      for (const figures of routes.values()) {
        for (const [status, count] of figures.byStatus) {
          lines.push(`${PREFIX}_requests_total{method="${figures.method}",route="${label(figures.route)}",status="${status}"} ${count}`);
        }
      }
      head('request_duration_seconds', 'histogram', 'Time to answer, by method and route.');
      for (const figures of routes.values()) {
        const labels = `method="${figures.method}",route="${label(figures.route)}"`;
        BUCKETS.forEach((bound, index) => lines.push(`${PREFIX}_request_duration_seconds_bucket{${labels},le="${bound}"} ${figures.buckets[index]}`));
        lines.push(`${PREFIX}_request_duration_seconds_bucket{${labels},le="+Inf"} ${figures.count}`);
        lines.push(`${PREFIX}_request_duration_seconds_sum{${labels}} ${figures.sum}`);
        lines.push(`${PREFIX}_request_duration_seconds_count{${labels}} ${figures.count}`);
      }
      const pool = app.databasePool();
      if (pool) {
        head('db_pool_connections', 'gauge', 'PostgreSQL pool connections, by state (open, idle), and requests waiting for one.');
        lines.push(`${PREFIX}_db_pool_connections{state="open"} ${pool.total}`);
        lines.push(`${PREFIX}_db_pool_connections{state="idle"} ${pool.idle}`);
        lines.push(`${PREFIX}_db_pool_connections{state="waiting"} ${pool.waiting}`);
      }
      head('sockets', 'gauge', 'socket.io connections open on this instance.');
      lines.push(`${PREFIX}_sockets ${app.io.of('/').sockets.size}`);
      const jobs = await app.jobs.counts();
      head('outbox_jobs', 'gauge', 'Outbox jobs not done, by state (the whole shop, not this instance).');
      for (const state of ['pending', 'running', 'dead'] as const) lines.push(`${PREFIX}_outbox_jobs{state="${state}"} ${jobs[state]}`);
      head('outbox_oldest_due_seconds', 'gauge', 'How long the most overdue outbox job has been due.');
      lines.push(`${PREFIX}_outbox_oldest_due_seconds ${jobs.oldestDueSeconds}`);
      const exits = await sql<{ state: string; count: string }>`select state, count(*) as count from exits group by state`.execute(app.db);
      head('exits', 'gauge', 'Exits by state (the whole shop): online ones are on the market.');
      const byState = new Map(exits.rows.map((row) => [row.state, Number(row.count)]));
      for (const state of ['unchecked', 'online', 'dead', 'retired']) lines.push(`${PREFIX}_exits{state="${state}"} ${byState.get(state) ?? 0}`);
      head('process_resident_memory_bytes', 'gauge', 'Resident memory of this process.');
      lines.push(`${PREFIX}_process_resident_memory_bytes ${process.memoryUsage.rss()}`);
      head('process_uptime_seconds', 'gauge', 'Seconds since this process started.');
      lines.push(`${PREFIX}_process_uptime_seconds ${Math.floor(process.uptime())}`);
      // The checks this instance ran (the operator's `inventory check` runs them here).
      const checks = app.inventoryChecker?.metrics?.() ?? '';
      return reply.header('cache-control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8').send(`${lines.join('\n')}\n${checks}`);
    });
  },
  { name: 'metrics', dependencies: ['database', 'realtime', 'jobs'] },
);
