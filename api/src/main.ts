// Starts the API, socket.io and the portal's static files on one port. Configuration: environment
// variables, see config.ts and the README.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

/** A start refused on purpose (bad configuration, data folder in use) says why in one line, no stack. */
function refuse(error: unknown): never {
  const refusal = error instanceof Error && (error.name === 'ConfigError' || error.name === 'DataDirLockedError');
  if (!refusal) throw error;
  console.error(`Private Sock5 cannot start: ${error.message}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  config = loadConfig();
  app = await buildApp(config);
} catch (error) {
  refuse(error);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(`Private Sock5 on ${config.publicUrl} (database: ${config.database.kind})`);
