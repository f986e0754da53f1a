// The gateway process's status port (GATEWAY_STATUS_PORT): GET /health (the process answers), /ready (the
// database answers too: a load balancer or orchestrator stops counting on this process while it fails) and
// /metrics (Prometheus text). It listens on GATEWAY_STATUS_HOST, loopback unless told otherwise: the figures
// are for the operator's scraper, not for customers.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Gateway } from './gateway.ts';
import type { SqlAdapter } from './sql-adapter.ts';

const READY_TIMEOUT_MS = 2000;
const PREFIX = 'private_sock5_gateway';

/** The gateway's figures in the Prometheus text format (counters since the process started). */
export function gatewayMetrics(gateway: Gateway): string {
  const c = gateway.counters();
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
  metric('active_leases', 'gauge', 'Leases this process serves.', [['', gateway.directory.size]]);
  metric('listening_ports', 'gauge', 'Lease ports with a listening socket.', [['', gateway.listeningPorts().length]]);
  return `${lines.join('\n')}\n`;
}

async function databaseAnswers(adapter: SqlAdapter): Promise<boolean> {
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

export async function startStatusServer(options: { host: string; port: number; gateway: Gateway; adapter: SqlAdapter }): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (request.method !== 'GET') return send(405, 'text/plain', 'GET only\n');
    if (path === '/health') return send(200, 'application/json', '{"status":"ok"}\n');
    if (path === '/metrics') return send(200, 'text/plain; version=0.0.4; charset=utf-8', gatewayMetrics(options.gateway));
    if (path === '/ready') {
      void databaseAnswers(options.adapter).then((ready) =>
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
