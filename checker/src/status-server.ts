// The checker process's status port (CHECKER_STATUS_PORT): GET /health (the process answers), /ready (its
// database answers too) and /metrics (Prometheus text: checks by outcome and stage, checks per second, check
// latency, and the exits online, dead and otherwise, read from the database at each scrape). Loopback unless
// CHECKER_STATUS_HOST says otherwise: the figures are for the operator's scraper.
import type { SqlAdapter } from 'gateway/sql-adapter';
import { databaseAnswers, PROMETHEUS_TEXT, serveStatus } from 'gateway/status-server';
import type { CheckMetrics } from './check-metrics.ts';

const STATES = ['unchecked', 'online', 'dead', 'retired'] as const;

async function exitCounts(adapter: SqlAdapter): Promise<string> {
  const rows = await adapter.query<{ state: string; count: number }>('SELECT state, count(*)::int AS count FROM exits GROUP BY state');
  const counts = new Map(rows.map((row) => [row.state, Number(row.count)]));
  const lines = ['# HELP private_sock5_checker_exits Exits by state (the whole shop).', '# TYPE private_sock5_checker_exits gauge'];
  for (const state of STATES) lines.push(`private_sock5_checker_exits{state="${state}"} ${counts.get(state) ?? 0}`);
  return `${lines.join('\n')}\n`;
}

export function startCheckerStatus(options: { host: string; port: number; adapter: SqlAdapter; metrics: CheckMetrics }): Promise<{ port: number; close(): Promise<void> }> {
  return serveStatus({
    host: options.host,
    port: options.port,
    ready: () => databaseAnswers(options.adapter),
    metrics: () =>
      exitCounts(options.adapter).then(
        (exits) => ({ status: 200, type: PROMETHEUS_TEXT, body: options.metrics.render() + exits }),
        // The checks' own figures still help while the database is away.
        () => ({ status: 200, type: PROMETHEUS_TEXT, body: options.metrics.render() }),
      ),
  });
}
