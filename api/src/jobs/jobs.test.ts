import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openTestDatabase } from '../test/helpers.ts';
import { enqueueJob, JobQueue } from './jobs.ts';

describe('outbox: trying a pass\'s jobs at once', () => {
  it('delivers the quick ones and stops waiting for a slow one, which still finishes on its own', { timeout: 30_000 }, async () => {
    const database = await openTestDatabase('pglite');
    try {
      const { db } = database;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const delivered: string[] = [];
      const queue = new JobQueue({
        db,
        handlers: {
          slow: { maxAttempts: 3, run: async () => { await gate; delivered.push('slow'); } },
          quick: { maxAttempts: 3, run: async (payload) => { delivered.push(String(payload)); } },
        },
        onError: (error) => { throw error; },
      });
      const slow = await enqueueJob(db, 'slow', 'a customer endpoint that does not answer');
      const quick = [await enqueueJob(db, 'quick', 'one'), await enqueueJob(db, 'quick', 'two'), await enqueueJob(db, 'quick', 'three')];

      await queue.attemptSoon([slow, ...quick], { waitMs: 300, parallel: 2 });
      assert.deepEqual([...delivered].sort(), ['one', 'three', 'two'], 'the quick jobs went out beside the slow one');
      const running = await db.selectFrom('jobs').select('state').where('id', '=', slow).executeTakeFirstOrThrow();
      assert.equal(running.state, 'running', 'the pass went on while the slow job still ran');

      release();
      for (let i = 0; i < 100 && !delivered.includes('slow'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.ok(delivered.includes('slow'), 'the slow job finished after the pass stopped waiting');
    } finally {
      await database.close();
    }
  });

  it('returns as soon as every job is done, without sitting out the wait', { timeout: 20_000 }, async () => {
    const database = await openTestDatabase('pglite');
    try {
      const { db } = database;
      const queue = new JobQueue({ db, handlers: { quick: { maxAttempts: 3, run: async () => undefined } }, onError: (error) => { throw error; } });
      const ids = [await enqueueJob(db, 'quick', 1), await enqueueJob(db, 'quick', 2)];
      await queue.attemptSoon(ids, { waitMs: 10 * 60_000 });
      const states = await db.selectFrom('jobs').select('state').execute();
      assert.deepEqual(states.map((row) => row.state), ['done', 'done']);
    } finally {
      await database.close();
    }
  });
});
