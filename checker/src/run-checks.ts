// An on-demand run: every selected exit checked once, a bounded number at a time, each result stored as it
// comes. The operator's `inventory check` (and the console's "check now") is this; the scheduled checker
// of a later part runs the same check on every exit, interval after interval.
import type { CheckResultItem, CheckRunSummary } from 'contract/inventory';
import type { ExitCredentialOpener } from 'gateway/exit-credential-opener';
import type { Logger } from 'gateway/logger';
import type { SqlAdapter } from 'gateway/sql-adapter';
import { checkExit, judgeTarget, type CheckTimeouts } from './check.ts';
import type { CheckMetrics } from './check-metrics.ts';
import { exitsToCheck, recordCheck, type CheckSelection, type ExitToCheck } from './exit-checks.ts';

/** Per-exit results an answer lists; every exit is counted. */
const RESULT_LIMIT = 1000;

export interface RunChecksOptions {
  adapter: SqlAdapter;
  credentials: ExitCredentialOpener;
  judgeUrl: string;
  timeouts: CheckTimeouts;
  concurrency: number;
  log: Logger;
  /** Counted here too, when given (the host's /metrics). */
  metrics?: CheckMetrics;
}

export async function runChecks(options: RunChecksOptions, selection: CheckSelection): Promise<CheckRunSummary> {
  const started = performance.now();
  const judge = judgeTarget(options.judgeUrl);
  const summary: CheckRunSummary = { checked: 0, online: 0, failed: 0, failedAt: {}, judge: options.judgeUrl, results: [], milliseconds: 0 };
  const note = (item: CheckResultItem) => {
    summary.checked += 1;
    if (item.ok) summary.online += 1;
    else {
      summary.failed += 1;
      const stage = item.stage ?? 'connect';
      summary.failedAt[stage] = (summary.failedAt[stage] ?? 0) + 1;
    }
    if (summary.results.length < RESULT_LIMIT) summary.results.push(item);
  };

  const checkOne = async (exit: ExitToCheck): Promise<void> => {
    const endpoint = `${exit.host.includes(':') ? `[${exit.host}]` : exit.host}:${exit.port}`;
    const opened = exit.credentialsBox === null ? null : options.credentials.open(exit.endpointKey, exit.credentialsBox);
    if (exit.credentialsBox !== null && opened === null) {
      // Ours, not the exit's: its state is left alone.
      options.log.error({ exitId: exit.id }, 'checker: the exit credentials do not open; is EXIT_CREDENTIALS_KEY the key that sealed them?');
      note({ id: exit.id, source: exit.source, endpoint, ok: false, state: 'unchecked', stage: 'auth', failure: 'credentials', detail: 'its credentials do not open with this EXIT_CREDENTIALS_KEY' });
      options.metrics?.record('auth', null);
      return;
    }
    const result = await checkExit(
      { host: exit.host, port: exit.port, login: opened?.login ?? null, password: opened?.password ?? null },
      judge,
      options.timeouts,
    );
    options.metrics?.record(result.ok ? 'online' : result.stage, result.totalMs);
    const state = await recordCheck(options.adapter, exit.id, result);
    if (result.ok) {
      note({ id: exit.id, source: exit.source, endpoint, ok: true, state, connectMs: result.connectMs, pingMs: result.pingMs, exitIp: result.exitIp });
    } else {
      note({
        id: exit.id,
        source: exit.source,
        endpoint,
        ok: false,
        state,
        stage: result.stage,
        failure: result.failure,
        detail: result.detail,
        ...(result.connectMs === null ? {} : { connectMs: result.connectMs }),
      });
    }
  };

  const running = new Set<Promise<void>>();
  for await (const page of exitsToCheck(options.adapter, selection)) {
    for (const exit of page) {
      const task = checkOne(exit).catch((error: unknown) => {
        options.log.error({ err: error, exitId: exit.id }, 'checker: a check could not be stored');
      });
      running.add(task);
      void task.finally(() => running.delete(task));
      if (running.size >= options.concurrency) await Promise.race(running);
    }
  }
  await Promise.all(running);
  summary.results.sort((a, b) => a.id - b.id);
  summary.milliseconds = Math.round(performance.now() - started);
  return summary;
}
