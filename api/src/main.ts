// Starts the API, socket.io and the portal's static files on one port. Configuration: environment
// variables, see config.ts and docs/configuration.md.
// On embedded defaults (PGlite) the SOCKS5 gateway runs in this process too: the embedded database is
// reachable from here only. With PostgreSQL the gateway runs as processes of its own (`gateway/`).
// The checker runs here for the operator's on-demand checks (/api/operator/inventory/check), with a judge
// in this process unless CHECKER_JUDGE_URL names one; on embedded defaults it also checks every exit on
// schedule (with PostgreSQL, checker processes of their own do).
import type { AddressInfo } from 'node:net';
import { startEmbeddedChecker, type EmbeddedChecker } from 'checker/embedded';
import { startEmbeddedGateway, type EmbeddedGateway, type EmbeddedDatabase } from 'gateway/embedded';
import { buildApp } from './app.ts';
import { loadConfig, startupWarnings } from './config.ts';
import { openDatabase } from './db/database.ts';
import { loopbackUrl, removeControlFile, writeControlFile } from './operator/operator-control.ts';
import type { InventoryChecker } from './plugins/inventory.ts';

/** A start refused on purpose (bad configuration, data folder in use) says why in one line, no stack. */
function refuse(error: unknown): never {
  const refusal = error instanceof Error && (error.name === 'ConfigError' || error.name === 'DataDirLockedError');
  if (!refusal) throw error;
  console.error(`Private Sock5 cannot start: ${error.message}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let database: Awaited<ReturnType<typeof openDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
// PostgreSQL connections lost while idle are reported here (to the app's log once it exists).
let reportConnectionError = (error: Error) => console.warn(`database connection lost: ${error.message}`);
/** This run's control secret, once written for the `inventory` command (embedded defaults). */
let controlToken: string | null = null;
// The checker starts once the database is migrated (after the app); until then a check answers 503.
let checker: EmbeddedChecker | null = null;
const onDemandChecks: InventoryChecker = {
  get judgeUrl() {
    return checker?.judgeUrl ?? '';
  },
  check(selection) {
    if (!checker) return Promise.reject(new Error('the checker is not started yet'));
    return checker.check(selection);
  },
  metrics: () => checker?.metrics() ?? '',
};
try {
  config = loadConfig();
  database = await openDatabase(config.database, { onConnectionError: (error) => reportConnectionError(error) });
  app = await buildApp(config, { database, checker: onDemandChecks });
} catch (error) {
  refuse(error);
}
for (const warning of startupWarnings(config)) app.log.warn(warning);
reportConnectionError = (error) => app.log.warn({ err: error }, 'database connection lost; the pool reconnects on demand');

const embeddedDatabase: EmbeddedDatabase =
  database.kind === 'postgres' && config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url, schema: config.database.schema }
    : {
        kind: 'pglite',
        pglite: database.pglite!,
        // Through the query builder's own connection: never inside a transaction the API has open.
        exclusive: (fn) => app.db.connection().execute(() => fn()),
      };
let gateway: EmbeddedGateway | null = null;
if (database.pglite) {
  gateway = await startEmbeddedGateway({
    database: embeddedDatabase,
    environment: { ...config.gateway.environment, ...(config.inventory.credentialsKey ? { EXIT_CREDENTIALS_KEY: config.inventory.credentialsKey } : {}) },
    log: app.log.child({ module: 'gateway' }),
  });
}
checker = await startEmbeddedChecker({
  database: embeddedDatabase,
  environment: config.inventory.checkerEnvironment,
  exitCredentialsKey: config.inventory.credentialsKey,
  log: app.log.child({ module: 'checker' }),
  // On embedded defaults nothing else can reach the database, so this process checks every exit on schedule;
  // with PostgreSQL checker processes of their own do (`npm run pnpm -- --filter checker start`).
  schedule: database.pglite !== undefined,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    (async () => {
      if (controlToken !== null) await removeControlFile(config.inventory.controlFile, controlToken);
      await checker?.close();
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
if (database.pglite) {
  // The `inventory` command on this machine reaches this process through it (operator/operator-control.ts).
  const { port } = app.server.address() as AddressInfo;
  controlToken = app.operatorControl.token;
  await writeControlFile(config.inventory.controlFile, { url: loopbackUrl(config.host, port), token: controlToken, pid: process.pid });
}
app.log.info(`Private Sock5 on ${config.publicUrl} (database: ${config.database.kind})`);
