// Runs the gateway as a process of its own, next to any number of API instances and other gateways, all on
// the same PostgreSQL. Configuration: environment variables, see config.ts and docs/gateway.md. On embedded
// defaults (no DATABASE_URL) the gateway runs inside the API process instead.
// GATEWAY_WORKERS above 1 (default: one per core): this process is the primary of that many workers
// (workers.ts), each of them this same script.
import { fileURLToPath } from 'node:url';
import { loadGatewayConfig } from './config.ts';
import { startGateway } from './gateway.ts';
import { localStatusSource, startStatusServer, type StatusSource } from './status-server.ts';
import { createJsonLogger } from './logger.ts';
import { createPgAdapter } from './pg-adapter.ts';
import { answerPrimary, startWorkers, WORKER_ENV } from './workers.ts';

let config: ReturnType<typeof loadGatewayConfig>;
try {
  config = loadGatewayConfig();
} catch (error) {
  console.error(`The gateway cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const log = createJsonLogger(config.logLevel);
if (!config.databaseUrl) {
  console.error('DATABASE_URL is not set: without PostgreSQL the gateway runs inside the API (npm start).');
  process.exit(1);
}
const workerId = process.env[WORKER_ENV] ?? null;

async function serveStatus(source: StatusSource) {
  if (config.status.port === null) return null;
  const status = await startStatusServer({ host: config.status.host, port: config.status.port, source });
  log.info({ host: config.status.host, port: status.port }, 'gateway: /health, /ready and /metrics');
  return status;
}

function onStop(stop: () => Promise<unknown>): void {
  let stopping = false;
  const run = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason, worker: workerId }, 'gateway: shutting down');
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'gateway: shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => run(signal));
  // A worker whose primary is gone (killed outright) has no one to restart or stop it.
  if (workerId !== null) process.once('disconnect', () => run('primary gone'));
}

if (config.workers > 1 && workerId === null) {
  const pool = startWorkers({ count: config.workers, script: fileURLToPath(import.meta.url), log });
  const status = await serveStatus(pool);
  log.info({ workers: config.workers }, 'gateway: primary started its workers');
  onStop(async () => {
    await status?.close();
    await pool.stop();
  });
} else {
  const adapter = createPgAdapter({ url: config.databaseUrl, onError: (error) => log.warn({ err: error }, 'gateway: database connection error') });
  const gateway = await startGateway({ config, adapter, log });
  const source = localStatusSource(gateway, adapter, workerId);
  const status = workerId === null ? await serveStatus(source) : null;
  if (workerId !== null) answerPrimary(source);
  onStop(async () => {
    await status?.close();
    await gateway.close();
    await adapter.close();
  });
}
