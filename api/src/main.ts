// Starts the API, socket.io and the portal's static files on one port. Configuration: environment
// variables, see config.ts and the README.
// On embedded defaults (PGlite) the SOCKS5 gateway runs in this process too: the embedded database is
// reachable from here only. With PostgreSQL the gateway runs as processes of its own (`gateway/`).
import { startEmbeddedGateway, type EmbeddedGateway } from 'gateway/embedded';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
const app = await buildApp(config, { database });

let gateway: EmbeddedGateway | null = null;
if (database.pglite) {
  gateway = await startEmbeddedGateway({
    database: {
      kind: 'pglite',
      pglite: database.pglite,
      // Through the query builder's own connection: never inside a transaction the API has open.
      exclusive: (fn) => app.db.connection().execute(() => fn()),
    },
    environment: config.gateway.environment,
    log: app.log.child({ module: 'gateway' }),
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    (async () => {
      await gateway?.close();
      await app.close();
      await database.close();
    })().then(
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
