// The gateway's status port (GATEWAY_STATUS_PORT): GET /health (the process answers), /ready (the database
// answers too, from every worker: a load balancer or orchestrator stops counting on this gateway while it
// fails) and /metrics (Prometheus text, the workers' figures added up). It listens on GATEWAY_STATUS_HOST,
// loopback unless told otherwise: the figures are for the operator's scraper, not for customers.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Gateway } from './gateway.ts';
import { newCounters, type GatewayCounters } from './socks5-session.ts';
import type { SqlAdapter } from './sql-adapter.ts';

const READY_TIMEOUT_MS = 2000;
const PREFIX = 'private_sock5_gateway';

/** One gateway process's figures (or several added up). */
export interface GatewaySnapshot {
  counters: GatewayCounters;
  activeLeases: number;
  listeningPorts: number;
  /** Worker processes serving (1: the gateway is one process). */
  workers: number;
  /** Connections accepted by each worker (empty: the gateway is one process). */
  perWorker: { worker: string; accepted: number }[];
}

/** What the status port reports on: one gateway in this process, or the workers of a primary (workers.ts). */
export interface StatusSource {
  snapshot(): Promise<GatewaySnapshot>;
  /** Whether the database answers, within READY_TIMEOUT_MS (from every worker). */
  ready(): Promise<boolean>;
}

export function snapshotOf(gateway: Gateway, worker: string | null = null): GatewaySnapshot {
  const counters = { ...gateway.counters() };
  return {
    counters,
    activeLeases: gateway.directory.size,
    listeningPorts: gateway.listeningPorts().length,
    workers: 1,
    perWorker: worker === null ? [] : [{ worker, accepted: counters.accepted }],
  };
}

/**
 * The workers' figures as one gateway's: counters added up; every worker serves every lease, so leases are
 * the largest count and listening ports the smallest (a port counts once every worker listens on it).
 */
export function addSnapshots(snapshots: readonly GatewaySnapshot[]): GatewaySnapshot {
  const counters = newCounters();
  for (const snapshot of snapshots) for (const key of Object.keys(counters) as (keyof GatewayCounters)[]) counters[key] += snapshot.counters[key];
  return {
    counters,
    activeLeases: Math.max(0, ...snapshots.map((each) => each.activeLeases)),
    listeningPorts: snapshots.length === 0 ? 0 : Math.min(...snapshots.map((each) => each.listeningPorts)),
    workers: snapshots.length,
    perWorker: snapshots.flatMap((each) => each.perWorker),
  };
}

export function localStatusSource(gateway: Gateway, adapter: SqlAdapter, worker: string | null = null): StatusSource {
  return { snapshot: () => Promise.resolve(snapshotOf(gateway, worker)), ready: () => databaseAnswers(adapter) };
}

/** The gateway's figures in the Prometheus text format (counters since the process started). */
export function gatewayMetrics(snapshot: GatewaySnapshot): string {
  const c = snapshot.counters;
  const lines: string[] = [];
  const metric = (name: string, type: 'counter' | 'gauge', help: string, samples: [string, number][]) => {
    lines.push(`# HELP ${PREFIX}_${name} ${help}`, `# TYPE ${PREFIX}_${name} ${type}`);
    for (const [labels, value] of samples) lines.push(`${PREFIX}_${name}${labels} ${value}`);
  };
  metric('connections_total', 'counter', 'Connections accepted on lease ports.', [['', c.accepted]]);
  metric('open_connections', 'gauge', 'Connections open now (handshaking or relaying).', [['', c.open]]);
  metric('admitted_total', 'counter', 'Connections admitted to a lease.', [['', c.admitted]]);
  metric('bytes_total', 'counter', 'Bytes relayed, to destinations (up) and back to clients (down).', [
    ['{direction="up"}', c.bytesUp],
    ['{direction="down"}', c.bytesDown],
  ]);
  metric('auth_failures_total', 'counter', 'Authentications refused, by reason.', [
    ['{reason="wrong_credentials"}', c.authFailed],
    ['{reason="source_blocked"}', c.sourceBlocked],
    ['{reason="lease_guarded"}', c.leaseGuarded],
  ]);
  metric('lease_full_total', 'counter', 'CONNECTs refused: the lease carries its maximum of connections across the fleet.', [['', c.full]]);
  metric('refused_destinations_total', 'counter', 'CONNECTs refused for their destination (port or address).', [['', c.refusedDestinations]]);
  metric('active_leases', 'gauge', 'Leases this gateway serves.', [['', snapshot.activeLeases]]);
  metric('listening_ports', 'gauge', 'Lease ports with a listening socket.', [['', snapshot.listeningPorts]]);
  metric('workers', 'gauge', 'Worker processes serving the lease ports (GATEWAY_WORKERS).', [['', snapshot.workers]]);
  if (snapshot.perWorker.length > 0) {
    metric('worker_connections_total', 'counter', 'Connections accepted on lease ports, by worker process.', snapshot.perWorker.map((each) => [`{worker="${each.worker}"}`, each.accepted]));
  }
  return `${lines.join('\n')}\n`;
}

export async function databaseAnswers(adapter: SqlAdapter): Promise<boolean> {
  const controller = new AbortController();
  const probe = adapter.query('select 1').then(
    () => true,
    () => false,
  );
  const timeout = sleep(READY_TIMEOUT_MS, false, { signal: controller.signal }).catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    controller.abort();
  }
}

/** What a status port answers on /metrics: the HTTP status, the content type and the text. */
export interface MetricsAnswer {
  status: number;
  type: string;
  body: string;
}

/** The content type of the Prometheus text format. */
export const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * A status port (the gateway's, the checker's): GET /health (the process answers), /ready (`ready`: the
 * database answers) and /metrics (`metrics`, which answers even when its figures fail), nothing cached.
 */
export async function serveStatus(options: { host: string; port: number; ready: () => Promise<boolean>; metrics: () => Promise<MetricsAnswer> }): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (request.method !== 'GET') return send(405, 'text/plain', 'GET only\n');
    if (path === '/health') return send(200, 'application/json', '{"status":"ok"}\n');
    if (path === '/metrics') {
      void options.metrics().then((answer) => send(answer.status, answer.type, answer.body));
      return;
    }
    if (path === '/ready') {
      void options.ready().then((ready) =>
        send(ready ? 200 : 503, 'application/json', `${JSON.stringify({ status: ready ? 'ok' : 'unavailable', database: ready ? 'reachable' : 'unreachable' })}\n`),
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

export function startStatusServer(options: { host: string; port: number; source: StatusSource }): Promise<{ port: number; close(): Promise<void> }> {
  return serveStatus({
    host: options.host,
    port: options.port,
    ready: () => options.source.ready(),
    metrics: () =>
      options.source.snapshot().then(
        (snapshot) => ({ status: 200, type: PROMETHEUS_TEXT, body: gatewayMetrics(snapshot) }),
        (error: unknown) => ({ status: 503, type: 'text/plain', body: `metrics unavailable: ${(error as Error).message}\n` }),
      ),
  });
}
