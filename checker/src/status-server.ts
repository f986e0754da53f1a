// The checker process's status port (CHECKER_STATUS_PORT): GET /health (the process answers), /ready (its
// database answers too) and /metrics (Prometheus text: checks by outcome and stage, checks per second, check
// latency, and the exits online, dead and otherwise, read from the database at each scrape). Loopback unless
// CHECKER_STATUS_HOST says otherwise: the figures are for the operator's scraper.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SqlAdapter } from 'gateway/sql-adapter';
import { databaseAnswers } from 'gateway/status-server';
import type { CheckMetrics } from './check-metrics.ts';

const STATES = ['unchecked', 'online', 'dead', 'retired'] as const;

async function exitCounts(adapter: SqlAdapter): Promise<string> {
  const rows = await adapter.query<{ state: string; count: number }>('SELECT state, count(*)::int AS count FROM exits GROUP BY state');
  const counts = new Map(rows.map((row) => [row.state, Number(row.count)]));
  const lines = ['# HELP private_sock5_checker_exits Exits by state (the whole shop).', '# TYPE private_sock5_checker_exits gauge'];
  for (const state of STATES) lines.push(`private_sock5_checker_exits{state="${state}"} ${counts.get(state) ?? 0}`);
  return `${lines.join('\n')}\n`;
}

export async function startCheckerStatus(options: { host: string; port: number; adapter: SqlAdapter; metrics: CheckMetrics }): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (request.method !== 'GET') return send(405, 'text/plain', 'GET only\n');
    if (path === '/health') return send(200, 'application/json', '{"status":"ok"}\n');
    if (path === '/ready') {
      void databaseAnswers(options.adapter).then((ready) =>
        send(ready ? 200 : 503, 'application/json', `${JSON.stringify({ status: ready ? 'ok' : 'unavailable', database: ready ? 'reachable' : 'unreachable' })}\n`),
      );
      return;
    }
    if (path === '/metrics') {
      void exitCounts(options.adapter).then(
        (exits) => send(200, 'text/plain; version=0.0.4; charset=utf-8', options.metrics.render() + exits),
        // The checks' own figures still help while the database is away.
        () => send(200, 'text/plain; version=0.0.4; charset=utf-8', options.metrics.render()),
      );
      return;
    }
    send(404, 'text/plain', 'not found: /health, /ready, /metrics\n');
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
