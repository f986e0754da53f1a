// The checker's entry for a host process: the API runs it in-process on embedded defaults (the embedded
// database is reachable from there only) and for the operator's on-demand checks; the `inventory` command
// runs it when it works on the database itself. It starts a judge in this process unless CHECKER_JUDGE_URL
// names one elsewhere. With `schedule` it also checks every exit once per interval (scheduler.ts).
import type { CheckRunSummary } from 'contract/inventory';
import type { EmbeddedDatabase } from 'gateway/embedded';
import { createExitCredentialOpener } from 'gateway/exit-credential-opener';
import { loadExitCredentialsKey } from 'gateway/exit-credentials';
import type { Logger } from 'gateway/logger';
import { createPgAdapter } from 'gateway/pg-adapter';
import { createPGliteAdapter } from 'gateway/pglite-adapter';
import { CheckMetrics } from './check-metrics.ts';
import { loadCheckerConfig } from './config.ts';
import type { CheckSelection } from './exit-checks.ts';
import { startJudge, type Judge } from './judge.ts';
import { startConfiguredLookupSweep, type LookupSweep } from './lookup-sweep.ts';
import { runChecks } from './run-checks.ts';
import { configuredScheduling, startScheduler, type Scheduler } from './scheduler.ts';

export type { CheckSelection };

export interface EmbeddedCheckerOptions {
  database: EmbeddedDatabase;
  /** The CHECKER_* variables, parsed exactly as a checker process parses its environment. */
  environment: Record<string, string>;
  /** EXIT_CREDENTIALS_KEY as the host has it; null: the key kept in the settings table. */
  exitCredentialsKey: string | null;
  log: Logger;
  /**
   * Check every exit once per interval from this process (the API on embedded defaults). Tests may pass
   * shorter timings than the settings allow (an interval under 10 s, a poll).
   */
  schedule?: boolean | { intervalMs: number; pollMs: number; uptimeRefreshMs?: number };
}

export interface EmbeddedChecker {
  /** The judge the checks ask. */
  readonly judgeUrl: string;
  /** Its checks since start, in the Prometheus text format. */
  metrics(): string;
  /** Checks each selected exit once, now, and stores what it found. */
  check(selection: CheckSelection): Promise<CheckRunSummary>;
  close(): Promise<void>;
}

const isLoopback = (url: string) => /^http:\/\/(127\.|localhost|\[::1\])/i.test(url);

export async function startEmbeddedChecker(options: EmbeddedCheckerOptions): Promise<EmbeddedChecker> {
  const config = loadCheckerConfig(options.environment);
  const { database, log } = options;
  const adapter =
    database.kind === 'pglite'
      ? createPGliteAdapter(database.pglite, { exclusive: database.exclusive })
      : createPgAdapter({ url: database.url, schema: database.schema, onError: (error) => log.warn({ err: error }, 'checker: database error') });
  let judge: Judge | null = null;
  try {
    const credentials = createExitCredentialOpener(await loadExitCredentialsKey(adapter, options.exitCredentialsKey ?? config.exitCredentialsKey));
    if (config.judgeUrl === null) judge = await startJudge({ host: config.judgeHost, port: config.judgePort });
    const judgeUrl = config.judgeUrl ?? judge!.url;
    if (isLoopback(judgeUrl)) {
      log.info({ judge: judgeUrl }, 'checker: the judge is on this machine, so only exits that can reach it pass a check; set CHECKER_JUDGE_URL to a judge every exit can reach (docs/inventory.md, Checks and the judge)');
    }
    const timeouts = { connectMs: config.connectTimeoutMs, totalMs: config.timeoutMs };
    const metrics = new CheckMetrics();
    const scheduler: Scheduler | null = options.schedule
      ? startScheduler({
          adapter,
          credentials,
          judgeUrl,
          ...configuredScheduling(config, typeof options.schedule === 'object' ? options.schedule.intervalMs : config.intervalMs),
          ...(typeof options.schedule === 'object'
            ? { pollMs: options.schedule.pollMs, ...(options.schedule.uptimeRefreshMs ? { uptimeRefreshMs: options.schedule.uptimeRefreshMs } : {}) }
            : {}),
          log,
          metrics,
        })
      : null;
    // Location, reverse DNS and blacklists of the checked exits: wherever exits are checked on a schedule.
    const lookups: LookupSweep | null = options.schedule
      ? await startConfiguredLookupSweep(adapter, config, log, typeof options.schedule === 'object' ? { pollMs: options.schedule.pollMs } : {}).catch(
          async (error: unknown) => {
            await scheduler?.stop();
            throw error;
          },
        )
      : null;
    return {
      judgeUrl,
      metrics: () => metrics.render(),
      check: (selection) =>
        runChecks(
          { adapter, credentials, judgeUrl, timeouts, concurrency: config.concurrency, log, metrics },
          selection,
        ),
      async close() {
        await scheduler?.stop();
        await lookups?.stop();
        await judge?.close();
        await adapter.close();
      },
    };
  } catch (error) {
    await judge?.close();
    await adapter.close();
    throw error;
  }
}
