// The scheduled checker: every upstream exit checked once per interval, by whichever checker instance claims
// it first. An instance claims as many due exits as it has free check slots (exit-checks.ts, FOR UPDATE SKIP
// LOCKED), starts each while its upstream host has fewer than `hostConcurrency` checks in flight, and stores
// each result under its claim with the state's hysteresis. A claim it could not start in time goes back.
//
// The judge is everyone's target: when it is out, every check fails at the judge stage and says nothing about
// the exits. So a failure at the judge stage (`target`, `answer`) counts only once the judge is known to be
// fine: it answers the checker directly, and most of the recent checks did not fail at the judge stage.
// Otherwise state changes pause (the checks' fields are still stored) and the log says so, once.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ExitCredentialOpener } from 'gateway/exit-credential-opener';
import type { Logger } from 'gateway/logger';
import type { SqlAdapter } from 'gateway/sql-adapter';
import { checkExit, judgeTarget, type CheckResult, type CheckTimeouts, type JudgeTarget } from './check.ts';
import type { CheckMetrics } from './check-metrics.ts';
import type { CheckerConfig } from './config.ts';
import { claimDueExits, dropOldUptime, recordScheduledCheck, refreshListingUptime, releaseClaims, type ClaimedExit, type StatePolicy } from './exit-checks.ts';
import { JudgeWatch } from './judge-watch.ts';

export interface SchedulerOptions {
  adapter: SqlAdapter;
  credentials: ExitCredentialOpener;
  judgeUrl: string;
  timeouts: CheckTimeouts;
  policy: StatePolicy;
  /** Checks in flight at once in this instance. */
  concurrency: number;
  /** Checks in flight at once against one upstream host. */
  hostConcurrency: number;
  log: Logger;
  /** Counted here too, when given (the host's /metrics). */
  metrics?: CheckMetrics;
  /** Every this many checks of an exit (its first included) measure its speed too; 0: never. */
  speedEvery?: number;
  speedBytes?: number;
  /** How often the listings' 7-day uptime is refreshed from the hourly rows (default 60 s). */
  uptimeRefreshMs?: number;
  /** How often an idle instance looks for due exits (default: a tenth of the interval, 1 s at most). */
  pollMs?: number;
  /** This instance's name in claims (default: host name, process id and a random part). */
  instance?: string;
}

export interface SchedulerCounters {
  checked: number;
  passed: number;
  failed: number;
  /** Results stored while state changes were paused. */
  paused: number;
  /** Results not stored: the claim had lapsed and another instance held the exit. */
  lapsed: number;
  transitions: number;
}

export interface Scheduler {
  readonly instance: string;
  counters(): SchedulerCounters;
  /** Whether state changes are paused now (the judge is out). */
  paused(): boolean;
  /** Stops claiming, waits for the checks in flight, gives unstarted claims back. */
  stop(): Promise<void>;
}

/** A claim is started only while this much of it is left (the check's whole timeout and a margin). */
const startMargin = (timeouts: CheckTimeouts) => timeouts.totalMs + 1000;

/** How long a claim lasts: enough to wait for a slot, run the check and store it. */
export const claimMs = (timeouts: CheckTimeouts) => 2 * timeouts.totalMs + 2000;

/** The scheduler's options that come from the checker's settings (the interval unless a test sets its own). */
export function configuredScheduling(config: CheckerConfig, intervalMs = config.intervalMs): Pick<SchedulerOptions, 'timeouts' | 'policy' | 'concurrency' | 'hostConcurrency' | 'speedEvery' | 'speedBytes'> {
  return {
    timeouts: { connectMs: config.connectTimeoutMs, totalMs: config.timeoutMs },
    policy: {
      intervalMs,
      deadAfterFailures: config.deadAfterFailures,
      deadAfterMs: config.deadAfterMs,
      onlineAfterSuccesses: config.onlineAfterSuccesses,
    },
    concurrency: config.concurrency,
    hostConcurrency: config.hostConcurrency,
    speedEvery: config.speedEvery,
    speedBytes: config.speedBytes,
  };
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const { adapter, log, policy, timeouts } = options;
  const instance = options.instance ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const pollMs = options.pollMs ?? Math.min(1000, Math.max(50, Math.round(policy.intervalMs / 10)));
  const judge: JudgeTarget = judgeTarget(options.judgeUrl);
  const watch = new JudgeWatch(options.judgeUrl, timeouts, log);
  const counters: SchedulerCounters = { checked: 0, passed: 0, failed: 0, paused: 0, lapsed: 0, transitions: 0 };
  const pending: ClaimedExit[] = [];
  const perHost = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  let wake: (() => void) | null = null;

  const nudge = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };

  const checkOne = async (exit: ClaimedExit): Promise<void> => {
    const opened = exit.credentialsBox === null ? null : options.credentials.open(exit.endpointKey, exit.credentialsBox);
    if (exit.credentialsBox !== null && opened === null) {
      // Ours, not the exit's: its state is left alone, and the claim lapses (tried again next interval).
      log.error({ exitId: exit.id }, 'checker: the exit credentials do not open; is EXIT_CREDENTIALS_KEY the key that sealed them?');
      return;
    }
    const measureSpeed = (options.speedEvery ?? 0) > 0 && exit.checksCount % options.speedEvery! === 0;
    const result: CheckResult = await checkExit(
      { host: exit.host, port: exit.port, login: opened?.login ?? null, password: opened?.password ?? null },
      judge,
      timeouts,
      measureSpeed ? { bytes: options.speedBytes ?? 1_000_000 } : undefined,
    );
    watch.note(result);
    options.metrics?.record(result.ok ? 'online' : result.stage, result.totalMs);
    const judgeStage = !result.ok && (result.stage === 'target' || result.stage === 'answer');
    const paused = judgeStage ? !(await watch.healthy()) : watch.pausedNow();
    const recorded = await recordScheduledCheck(adapter, instance, exit.id, result, policy, paused);
    if (!recorded.recorded) {
      counters.lapsed += 1;
      return;
    }
    counters.checked += 1;
    if (result.ok) counters.passed += 1;
    else counters.failed += 1;
    if (paused) counters.paused += 1;
    if (recorded.state !== recorded.from) {
      counters.transitions += 1;
      log.info(
        { exitId: exit.id, from: recorded.from, to: recorded.state, ...(result.ok ? {} : { stage: result.stage, failure: result.failure }) },
        'checker: exit state changed',
      );
    }
  };

  const start = (exit: ClaimedExit) => {
    perHost.set(exit.host, (perHost.get(exit.host) ?? 0) + 1);
    const task = checkOne(exit)
      .catch((error: unknown) => log.error({ err: error, exitId: exit.id }, 'checker: a check could not be stored'))
      .finally(() => {
        const left = (perHost.get(exit.host) ?? 1) - 1;
        if (left === 0) perHost.delete(exit.host);
        else perHost.set(exit.host, left);
        running.delete(task);
        nudge();
      });
    running.add(task);
  };

  /** Starts what the caps allow; returns the claims too close to their end to start (given back). */
  const pump = (): number[] => {
    const late: number[] = [];
    const now = Date.now();
    for (let i = 0; i < pending.length && running.size < options.concurrency; ) {
      const exit = pending[i]!;
      if (exit.claimedUntil - now < startMargin(timeouts)) {
        late.push(exit.id);
        pending.splice(i, 1);
        continue;
      }
      if ((perHost.get(exit.host) ?? 0) >= options.hostConcurrency) {
        i += 1;
        continue;
      }
      pending.splice(i, 1);
      start(exit);
    }
    return late;
  };

  const loop = async () => {
    while (!stopped) {
      let claimed = 0;
      let free = options.concurrency - running.size - pending.length;
      try {
        if (free > 0) {
          const exits = await claimDueExits(adapter, instance, free, claimMs(timeouts));
          claimed = exits.length;
          pending.push(...exits);
        }
        await releaseClaims(adapter, instance, pump());
      } catch (error) {
        log.warn({ err: error }, 'checker: claiming due exits failed; trying again');
        claimed = 0;
      }
      free = options.concurrency - running.size - pending.length;
      // More may be due right away when the slots were filled; else wait for a slot or the next poll.
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, claimed > 0 && free > 0 ? 0 : pollMs);
        wake = () => {
          clearTimeout(timer);
          // Batch claims: wait a little for more slots to free up before asking the database again.
          setTimeout(resolve, Math.min(50, pollMs));
        };
      });
      wake = null;
    }
  };

  const looping = loop();

  // The listings' uptime for the market's sort, and the hourly rows past what is shown.
  let refreshedAt: Date | null = null;
  let maintaining: Promise<void> | null = null;
  let droppedAt = 0;
  const maintain = () => {
    if (maintaining) return;
    const started = new Date(Date.now() - policy.intervalMs);
    maintaining = (async () => {
      await refreshListingUptime(adapter, refreshedAt);
      refreshedAt = started;
      if (Date.now() - droppedAt > 3_600_000) {
        await dropOldUptime(adapter);
        droppedAt = Date.now();
      }
    })()
      .catch((error: unknown) => log.warn({ err: error }, 'checker: refreshing the listings\' uptime failed; trying again'))
      .finally(() => {
        maintaining = null;
      });
  };
  const maintenance = setInterval(maintain, options.uptimeRefreshMs ?? 60_000);
  maintenance.unref();
  log.info(
    { instance, intervalS: policy.intervalMs / 1000, concurrency: options.concurrency, hostConcurrency: options.hostConcurrency },
    'checker: checking every exit once per interval',
  );

  return {
    instance,
    counters: () => ({ ...counters }),
    paused: () => watch.pausedNow(),
    async stop() {
      stopped = true;
      clearInterval(maintenance);
      nudge();
      await looping;
      await maintaining;
      const unstarted = pending.splice(0).map((exit) => exit.id);
      await Promise.all(running);
      await releaseClaims(adapter, instance, unstarted).catch((error: unknown) => log.warn({ err: error }, 'checker: claims not given back; they lapse'));
    },
  };
}
