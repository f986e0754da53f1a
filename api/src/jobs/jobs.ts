// The outbox: work that must follow a change once it commits (a mail today; a webhook delivery is one more
// kind), kept in the `jobs` table. The change writes its job in its own transaction (enqueueJob with the
// transaction), so a rollback leaves no job and a commit leaves one that survives any crash after it.
//
// Every API instance works the table: a worker takes due rows with FOR UPDATE SKIP LOCKED (instances never
// take the same row and never wait for each other), marks them 'running' until a deadline, and runs them
// outside any transaction. Success: 'done' (the payload is dropped: a mail's text may hold a reset link).
// Failure: 'pending' again after an exponential backoff, until the kind's attempts are spent: then 'dead',
// kept with its last error for the operator (GET /api/operator/jobs, the jobs gauge of /metrics). A worker
// that dies with a job leaves it due again at its deadline, so a job runs at least once: handlers make a
// repeat harmless or recognisable (a mail keeps one Message-ID over all its attempts).
//
// A plain table rather than pg-boss or graphile-worker: both need a real PostgreSQL server (their own
// schema, LISTEN, many connections), while the shop runs on embedded PGlite by default; this table runs
// on both with the same queries, and needs nothing but SKIP LOCKED.
import { sql, type Kysely, type UpdateObject } from 'kysely';
import type { Schema } from '../db/schema.ts';

export interface JobHandler {
  /** Does the job; a throw is a failed attempt. */
  run(payload: unknown, job: { id: number; attempt: number }): Promise<void>;
  /** Attempts before the job is given up ('dead'). */
  maxAttempts: number;
}

export interface JobQueueOptions {
  db: Kysely<Schema>;
  /** One handler per kind; a job of a kind this instance does not know waits for one that does. */
  handlers: Record<string, JobHandler>;
  /** Delay after the first failure, doubled after each next one, up to maxMs. */
  backoff?: { firstMs: number; maxMs: number };
  /** How long a taken job belongs to its worker; after that it is due again (the worker died). */
  leaseMs?: number;
  /** Jobs taken at once. */
  batch?: number;
  onError(error: unknown, context: string): void;
}

export interface RunSummary {
  done: number;
  retried: number;
  dead: number;
}

export interface JobCounts {
  pending: number;
  running: number;
  dead: number;
  /** Seconds the longest-waiting due job has been due (0: none is late). */
  oldestDueSeconds: number;
}

export interface StuckJob {
  id: number;
  kind: string;
  state: 'pending' | 'running' | 'dead';
  attempts: number;
  lastError: string | null;
  runAt: string;
  createdAt: string;
}

const DEFAULT_BACKOFF = { firstMs: 30_000, maxMs: 15 * 60_000 };
const UNKNOWN_KIND_ATTEMPTS = 20;
const KEEP_DONE_MS = 7 * 24 * 60 * 60 * 1000;

/** Writes a job; pass the transaction of the change it follows. Returns its id. */
export async function enqueueJob(db: Kysely<Schema>, kind: string, payload: unknown): Promise<number> {
  const row = await db.insertInto('jobs').values({ kind, payload: JSON.stringify(payload) }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The wait after the `attempt`-th failure. */
export function backoffMs(attempt: number, backoff: { firstMs: number; maxMs: number } = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.min(attempt - 1, 30));
}

interface Taken {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
}

export class JobQueue {
  readonly #options: Required<Omit<JobQueueOptions, 'onError'>> & Pick<JobQueueOptions, 'onError'>;
  #lastPurge = 0;

  constructor(options: JobQueueOptions) {
    this.#options = { backoff: DEFAULT_BACKOFF, leaseMs: 5 * 60_000, batch: 10, ...options, handlers: { ...options.handlers } };
  }

  /** Adds a kind (a plugin that brings its own jobs registers their handler at start). */
  handle(kind: string, handler: JobHandler): void {
    if (this.#options.handlers[kind]) throw new Error(`job kind "${kind}" has a handler already`);
    this.#options.handlers[kind] = handler;
  }

  /** Runs every job due at `now`, batch by batch (tests pass any moment; the worker passes the clock). */
  async runDue(now: Date = new Date()): Promise<RunSummary> {
    const summary: RunSummary = { done: 0, retried: 0, dead: 0 };
    for (;;) {
      const taken = await this.#take(now, null);
      const outcomes = await Promise.all(taken.map((job) => this.#run(job, now)));
      for (const outcome of outcomes) summary[outcome] += 1;
      if (taken.length < this.#options.batch) break;
    }
    if (now.getTime() - this.#lastPurge > 60 * 60 * 1000) {
      this.#lastPurge = now.getTime();
      await this.#options.db.deleteFrom('jobs').where('state', '=', 'done').where('finished_at', '<', new Date(now.getTime() - KEEP_DONE_MS)).execute();
    }
    return summary;
  }

  /**
   * One attempt at one job now, if it is due and no worker holds it (a route that wrote a mail tries it at
   * once, so a working mail server delivers before the answer). Never throws: a failure waits for a retry.
   */
  async attempt(id: number, now: Date = new Date()): Promise<void> {
    try {
      const [job] = await this.#take(now, id);
      if (job) await this.#run(job, now);
    } catch (error) {
      this.#options.onError(error, `job ${id}`);
    }
  }

  /**
   * Tries these jobs now, a few side by side, and waits for them at most `waitMs`. A pass that queued mails
   * and webhooks delivers them promptly this way, while a slow mail server or one customer's slow webhook
   * endpoint cannot hold the pass up for every other customer: what still runs then finishes on its own, and
   * whatever fails waits for its retry like any job.
   */
  async attemptSoon(ids: number[], { now, waitMs = 5_000, parallel = 4 }: { now?: Date; waitMs?: number; parallel?: number } = {}): Promise<void> {
    const queue = [...ids];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) await this.attempt(id, now);
    };
    const all = Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
      timer.unref();
    });
    await Promise.race([all, waited]);
    clearTimeout(timer);
  }

  /** Jobs not done, by state, and how late the most overdue one is. */
  async counts(now: Date = new Date()): Promise<JobCounts> {
    const { rows } = await sql<{ state: string; count: string; oldest_due: Date | null }>`
      select state, count(*) as count, min(run_at) filter (where run_at <= ${now}) as oldest_due
      from jobs where state <> 'done' group by state`.execute(this.#options.db);
    const counts: JobCounts = { pending: 0, running: 0, dead: 0, oldestDueSeconds: 0 };
    for (const row of rows) {
      if (row.state === 'pending' || row.state === 'running' || row.state === 'dead') counts[row.state] = Number(row.count);
      if (row.state === 'pending' && row.oldest_due !== null) {
        counts.oldestDueSeconds = Math.max(0, Math.floor((now.getTime() - new Date(row.oldest_due).getTime()) / 1000));
      }
    }
    return counts;
  }

  /** Jobs that failed at least once and are not done yet, or were given up: what an operator looks at. */
  async stuck(limit = 100): Promise<StuckJob[]> {
    const rows = await this.#options.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'state', 'attempts', 'last_error', 'run_at', 'created_at'])
      .where((eb) => eb.or([eb('state', '=', 'dead'), eb.and([eb('state', '<>', 'done'), eb('attempts', '>', 0)])]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      state: row.state as StuckJob['state'],
      attempts: row.attempts,
      lastError: row.last_error,
      runAt: new Date(row.run_at).toISOString(),
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }

  /** Takes due jobs (or the one job `id`): theirs until now + leaseMs, one attempt counted. */
  async #take(now: Date, id: number | null): Promise<Taken[]> {
    const deadline = new Date(now.getTime() + this.#options.leaseMs);
    const only = id === null ? sql`` : sql`and id = ${id}`;
    const { rows } = await sql<Taken>`
      update jobs set state = 'running', attempts = attempts + 1, run_at = ${deadline}
      where id in (
        select id from jobs
        where state in ('pending', 'running') and run_at <= ${now} ${only}
        order by run_at, id
        limit ${this.#options.batch}
        for update skip locked
      )
      returning id, kind, payload, attempts`.execute(this.#options.db);
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async #run(job: Taken, now: Date): Promise<keyof RunSummary> {
    const { db, handlers, backoff, onError } = this.#options;
    const handler = handlers[job.kind];
    // Only the taker may finish the job: one whose deadline passed may have been taken again meanwhile.
    const finish = (values: UpdateObject<Schema, 'jobs'>) =>
      db.updateTable('jobs').set(values).where('id', '=', job.id).where('state', '=', 'running').where('attempts', '=', job.attempts).execute();
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}" in this instance`);
      await handler.run(job.payload, { id: job.id, attempt: job.attempts });
      await finish({ state: 'done', finished_at: now, last_error: null, payload: '{}' });
      return 'done';
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const maxAttempts = handler?.maxAttempts ?? UNKNOWN_KIND_ATTEMPTS;
      if (job.attempts >= maxAttempts) {
        await finish({ state: 'dead', finished_at: now, last_error: lastError });
        onError(error, `job ${job.id} (${job.kind}) given up after ${job.attempts} attempts`);
        return 'dead';
      }
      const runAt = new Date(now.getTime() + backoffMs(job.attempts, backoff));
      await finish({ state: 'pending', run_at: runAt, last_error: lastError });
      onError(error, `job ${job.id} (${job.kind}) attempt ${job.attempts} failed; next at ${runAt.toISOString()}`);
      return 'retried';
    }
  }
}
