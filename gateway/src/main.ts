// Runs the gateway as a process of its own, next to any number of API instances and other gateways, all on
// the same PostgreSQL. Configuration: environment variables, see config.ts and the README. On embedded
// defaults (no DATABASE_URL) the gateway runs inside the API process instead.
import { loadGatewayConfig } from './config.ts';
import { startGateway } from './gateway.ts';
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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'gateway: shutting down');
    gateway
      .close()
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
