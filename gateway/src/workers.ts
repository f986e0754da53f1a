// The gateway on every core: a primary process forks GATEWAY_WORKERS worker processes of main.ts, each a
// whole gateway (its own view of the leases, its own listener on every lease port with SO_REUSEPORT, so the
// kernel spreads new connections over them). The per-lease limits are the fleet's shared store (Redis, else
// PostgreSQL), so N workers admit together what one gateway would, exactly as N gateways on N hosts do.
// The primary serves no traffic: it restarts a worker that dies, answers the status port for all of them
// (figures added up, ready when every worker is serving and its database answers) and stops them on SIGTERM.
// A worker whose primary disappears (killed outright) stops by itself.
import { fork, type ChildProcess } from 'node:child_process';
import type { Logger } from './logger.ts';
import { addSnapshots, type GatewaySnapshot, type StatusSource } from './status-server.ts';

/** Set in a worker's environment: its index, 1..N. */
export const WORKER_ENV = 'GATEWAY_WORKER_ID';
const ANSWER_TIMEOUT_MS = 2000;
const RESTART_MAX_MS = 30_000;

/** Questions of the primary to a worker, and their answers. */
export type WorkerQuestion = { id: number; op: 'snapshot' | 'ready' };
export type WorkerMessage = { op: 'serving' } | { id: number; result: GatewaySnapshot | boolean };

interface Worker {
  index: number;
  child: ChildProcess | null;
  serving: boolean;
  restartMs: number;
}

export interface WorkerPool extends StatusSource {
  /** Pids of the running workers. */
  pids(): number[];
  stop(): Promise<void>;
}

export function startWorkers(options: { count: number; script: string; log: Logger }): WorkerPool {
  const { count, script, log } = options;
  const pending = new Map<number, (result: GatewaySnapshot | boolean | null) => void>();
  let nextId = 1;
  let stopping = false;
  const workers: Worker[] = Array.from({ length: count }, (_, i) => ({ index: i + 1, child: null, serving: false, restartMs: 1000 }));

  const spawnWorker = (worker: Worker) => {
    const child = fork(script, [], { env: { ...process.env, [WORKER_ENV]: String(worker.index) }, stdio: 'inherit' });
    worker.child = child;
    worker.serving = false;
    child.on('message', (message: WorkerMessage) => {
      if ('op' in message) {
        worker.serving = true;
        worker.restartMs = 1000;
        log.info({ worker: worker.index, pid: child.pid }, 'gateway: worker serving');
        return;
      }
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
    });
    child.on('exit', (code, signal) => {
      worker.child = null;
      worker.serving = false;
      if (stopping) return;
      log.error({ worker: worker.index, code, signal, restartInMs: worker.restartMs }, 'gateway: worker exited; starting another');
      setTimeout(() => {
        if (!stopping) spawnWorker(worker);
      }, worker.restartMs).unref();
      worker.restartMs = Math.min(worker.restartMs * 2, RESTART_MAX_MS);
    });
  };
  for (const worker of workers) spawnWorker(worker);

  const ask = <T extends GatewaySnapshot | boolean>(worker: Worker, op: WorkerQuestion['op']): Promise<T | null> =>
    new Promise((resolve) => {
      const child = worker.child;
      if (!child?.connected || !worker.serving) return resolve(null);
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(null);
      }, ANSWER_TIMEOUT_MS);
      pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result as T | null);
      });
      child.send({ id, op } satisfies WorkerQuestion, (error) => {
        if (!error) return;
        clearTimeout(timer);
        pending.delete(id);
        resolve(null);
      });
    });

  return {
    async snapshot() {
      const answers = await Promise.all(workers.map((worker) => ask<GatewaySnapshot>(worker, 'snapshot')));
      return addSnapshots(answers.filter((answer): answer is GatewaySnapshot => answer !== null));
    },
    async ready() {
      const answers = await Promise.all(workers.map((worker) => ask<boolean>(worker, 'ready')));
      return answers.every((answer) => answer === true);
    },
    pids: () => workers.flatMap((worker) => (worker.child?.pid ? [worker.child.pid] : [])),
    async stop() {
      stopping = true;
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              const child = worker.child;
              if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** In a worker: answers the primary's questions. */
export function answerPrimary(source: StatusSource): void {
  process.on('message', (message: WorkerQuestion) => {
    const reply = (result: GatewaySnapshot | boolean) => {
      if (process.connected) process.send?.({ id: message.id, result } satisfies WorkerMessage);
    };
    if (message.op === 'snapshot') void source.snapshot().then(reply);
    else if (message.op === 'ready') void source.ready().then(reply);
  });
  process.send?.({ op: 'serving' } satisfies WorkerMessage);
}
