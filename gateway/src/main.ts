// Runs the gateway as a process of its own, next to any number of API instances and other gateways, all on
// the same PostgreSQL. Configuration: environment variables, see config.ts and the README. On embedded
// defaults (no DATABASE_URL) the gateway runs inside the API process instead.
import { loadGatewayConfig } from './config.ts';
import { startGateway } from './gateway.ts';
import { startStatusServer } from './status-server.ts';
import { createJsonLogger } from './logger.ts';
import { createPgAdapter } from './pg-adapter.ts';

const config = loadGatewayConfig();
const log = createJsonLogger(config.logLevel);
if (!config.databaseUrl) {
  console.error('DATABASE_URL is not set: without PostgreSQL the gateway runs inside the API (npm start).');
  process.exit(1);
}

const adapter = createPgAdapter({ url: config.databaseUrl, onError: (error) => log.warn({ err: error }, 'gateway: database connection error') });
const gateway = await startGateway({ config, adapter, log });
const status = config.status.port === null ? null : await startStatusServer({ ...config.status, port: config.status.port, gateway, adapter });
if (status) log.info({ host: config.status.host, port: status.port }, 'gateway: /health, /ready and /metrics');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'gateway: shutting down');
    Promise.resolve(status?.close())
      .then(() => gateway.close())
      .then(() => adapter.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'gateway: shutdown failed');
          process.exit(1);
        },
      );
  });
}
