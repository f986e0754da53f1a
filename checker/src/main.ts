// Runs the checker as a process of its own, next to the API instances and gateways on the same PostgreSQL:
// any number of them share the work (each exit once per interval, never two at once). Configuration:
// environment variables, see config.ts and docs/configuration.md. On embedded defaults (no DATABASE_URL) the
// checker runs inside the API process instead.
import { createExitCredentialOpener } from 'gateway/exit-credential-opener';
import { loadExitCredentialsKey } from 'gateway/exit-credentials';
import { createJsonLogger } from 'gateway/logger';
import { createPgAdapter } from 'gateway/pg-adapter';
import { CheckMetrics } from './check-metrics.ts';
import { loadCheckerConfig } from './config.ts';
import { startJudge, type Judge } from './judge.ts';
import { startConfiguredLookupSweep } from './lookup-sweep.ts';
import { configuredScheduling, startScheduler } from './scheduler.ts';
import { startCheckerStatus } from './status-server.ts';

let config: ReturnType<typeof loadCheckerConfig>;
try {
  config = loadCheckerConfig();
} catch (error) {
  console.error(`The checker cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const log = createJsonLogger(config.logLevel);
if (!config.databaseUrl) {
  console.error('DATABASE_URL is not set: without PostgreSQL the checker runs inside the API (npm start).');
  process.exit(1);
}

const adapter = createPgAdapter({ url: config.databaseUrl, onError: (error) => log.warn({ err: error }, 'checker: database connection error') });
const credentials = createExitCredentialOpener(await loadExitCredentialsKey(adapter, config.exitCredentialsKey));
let judge: Judge | null = null;
if (config.judgeUrl === null) {
  judge = await startJudge({ host: config.judgeHost, port: config.judgePort });
  log.warn({ judge: judge.url }, 'checker: CHECKER_JUDGE_URL is not set, so the judge runs in this process; only exits that can reach it pass a check');
}
const metrics = new CheckMetrics();
const scheduler = startScheduler({
  adapter,
  credentials,
  judgeUrl: config.judgeUrl ?? judge!.url,
  ...configuredScheduling(config),
  log,
  metrics,
});
const status = config.status.port === null ? null : await startCheckerStatus({ host: config.status.host, port: config.status.port, adapter, metrics });
if (status) log.info({ host: config.status.host, port: status.port }, 'checker: /health, /ready and /metrics');

const lookups = await startConfiguredLookupSweep(adapter, config, log);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'checker: shutting down');
    Promise.resolve(status?.close())
      .then(() => scheduler.stop())
      .then(() => lookups.stop())
      .then(() => judge?.close())
      .then(() => adapter.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'checker: shutdown failed');
          process.exit(1);
        },
      );
  });
}
