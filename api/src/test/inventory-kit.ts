// Helpers of the inventory tests: the app as `npm start` runs it (the SOCKS5 gateway and the checker on the
// same database, a judge in the process), operator calls made the way the `inventory` command makes them,
// and a log that collects every line the app writes.
import type { TestContext } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { startEmbeddedChecker, type EmbeddedChecker } from 'checker/embedded';
import type { CheckRequest, CheckRunSummary, ImportReport } from 'contract/inventory';
import { startEmbeddedGateway, type EmbeddedDatabase } from 'gateway/embedded';
import type { App } from '../app.ts';
import type { InventoryChecker } from '../plugins/inventory.ts';
import { build, openTestDatabase, testEnvironment, type Backend, type TestDatabase } from './helpers.ts';
import { testLeasePorts } from './lease-ports.ts';

export interface InventoryApp {
  app: App;
  database: TestDatabase;
  /** Every log line the app (and its gateway and checker) wrote. */
  log: string[];
  gatewayPorts: { first: number; last: number };
}

export interface InventoryAppOptions {
  /** Seed this many demo exits (default: none, as with DATABASE_URL). */
  demo?: number;
  /** Start the SOCKS5 gateway in-process, as `npm start` does. */
  gateway?: boolean;
  periodSeconds?: number;
  /** How long a dead exit waits for a replacement before the automatic refund (default: the product's). */
  replaceWaitSeconds?: number;
  logLevel?: string;
  /** Run the scheduled checker too (as `npm start` does), with these timings and CHECKER_* settings. */
  schedule?: { intervalMs: number; pollMs: number; uptimeRefreshMs?: number; environment?: Record<string, string> };
}

export async function buildInventoryApp(t: TestContext, backend: Backend, options: InventoryAppOptions = {}): Promise<InventoryApp> {
  const database = await openTestDatabase(backend);
  const log: string[] = [];
  const gatewayPorts = testLeasePorts(50);
  const environment = {
    GATEWAY_PUBLIC_HOST: '127.0.0.1',
    GATEWAY_PORT_RANGE: `${gatewayPorts.first}-${gatewayPorts.last}`,
    GATEWAY_ALLOW_LOOPBACK: 'true',
    GATEWAY_USAGE_FLUSH_MS: '60000',
  };
  let checker: EmbeddedChecker | null = null;
  const onDemand: InventoryChecker = {
    get judgeUrl() {
      return checker?.judgeUrl ?? '';
    },
    check: (selection) => checker!.check(selection),
    metrics: () => checker?.metrics() ?? '',
  };
  const app = await build(t, backend, {
    database,
    config: {
      logLevel: options.logLevel ?? 'info',
      marketplace: { inventorySize: options.demo ?? 0, inventorySeed: 42, cacheMs: 0 },
      inventory: { demo: (options.demo ?? 0) > 0 },
      gateway: { publicHost: '127.0.0.1', portRange: gatewayPorts, environment },
      leases: {
        ...(options.periodSeconds ? { periodSeconds: options.periodSeconds } : {}),
        ...(options.replaceWaitSeconds === undefined ? {} : { replaceDeadAfterSeconds: options.replaceWaitSeconds }),
      },
    },
    dependencies: { checker: onDemand, logStream: { write: (line: string) => void log.push(line) } },
  });
  const embedded: EmbeddedDatabase =
    backend === 'pglite'
      ? { kind: 'pglite', pglite: database.pglite!, exclusive: (fn) => app.db.connection().execute(() => fn()) }
      : { kind: 'postgres', url: testEnvironment.databaseUrl!, schema: database.schema };
  checker = await startEmbeddedChecker({
    database: embedded,
    environment: { CHECKER_TIMEOUT_MS: '2000', CHECKER_CONNECT_TIMEOUT_MS: '1000', ...options.schedule?.environment },
    exitCredentialsKey: null,
    log: app.log.child({ module: 'checker' }),
    ...(options.schedule ? { schedule: { intervalMs: options.schedule.intervalMs, pollMs: options.schedule.pollMs, uptimeRefreshMs: options.schedule.uptimeRefreshMs ?? 60_000 } } : {}),
  });
  const gateway = options.gateway
    ? await startEmbeddedGateway({ database: embedded, environment, log: app.log.child({ module: 'gateway' }) })
    : null;
  t.after(async () => {
    await gateway?.close();
    await checker?.close();
    await database.close();
  });
  return { app, database, log, gatewayPorts };
}

/** An operator call as the `inventory` command makes it: the instance's control secret, from loopback. */
export function operatorCall(app: App, method: 'GET' | 'POST', url: string, body?: { json: unknown } | { text: string | Buffer }): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      authorization: `Operator ${app.operatorControl.token}`,
      ...(body && 'text' in body ? { 'content-type': 'text/plain' } : {}),
    },
    ...(body === undefined ? {} : { payload: 'json' in body ? (body.json as object) : body.text }),
  });
}

export async function importText(app: App, text: string | Buffer, query = ''): Promise<{ status: number; report: ImportReport }> {
  const response = await operatorCall(app, 'POST', `/api/operator/inventory/import${query ? `?${query}` : ''}`, { text });
  return { status: response.statusCode, report: response.json<ImportReport>() };
}

export async function checkNow(app: App, request: CheckRequest = {}): Promise<CheckRunSummary> {
  const response = await operatorCall(app, 'POST', '/api/operator/inventory/check', { json: request });
  if (response.statusCode !== 200) throw new Error(`check answered ${response.statusCode}: ${response.body}`);
  return response.json<CheckRunSummary>();
}
