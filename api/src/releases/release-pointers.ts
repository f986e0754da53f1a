// Which release each remote serves: one pointer per remote in the database, shared by every API instance,
// and the record of every move (who, when, from, to, why). Publishing registers a release that is in the
// store; promoting moves the stable pointer (or starts a canary for a share of customers); rolling back
// drops a canary, or moves the stable pointer back to the release before it (or to one named). Nothing here
// touches a file: a move is one row, and every instance serves it within a second (live-releases.ts).
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReleaseMoveKind, ReleaseMovesTable, Schema } from '../db/schema.ts';
import { incompatibilities } from './compatibility.ts';
import { RELEASE_ID, REMOTE_NAME, type ReleaseRecord } from './release-store.ts';

/** A move that cannot be made, with the reason for whoever asked (HTTP 4xx, the command's exit code 2). */
export class ReleaseMoveError extends Error {
  /** unknown: no such remote or release (404); refused: the move cannot be made (409). */
  readonly kind: 'unknown' | 'refused';
  constructor(message: string, kind: 'unknown' | 'refused') {
    super(message);
    this.kind = kind;
  }
}

export interface RemotePointer {
  remote: string;
  stable: string;
  canary: { release: string; percent: number } | null;
  movedAt: Date;
}

export interface ReleaseMove {
  remote: string;
  kind: ReleaseMoveKind;
  from: string | null;
  to: string | null;
  percent: number | null;
  actor: string;
  reason: string | null;
  at: Date;
}

export interface PublishedRelease {
  remote: string;
  id: string;
  version: string;
  commit: string;
  shared: Record<string, string>;
  publishedBy: string;
  publishedAt: Date;
}

export interface ReleaseStatus {
  remotes: {
    remote: string;
    /** null: no release promoted yet, the remote's own build folder is served. */
    pointer: RemotePointer | null;
    releases: PublishedRelease[];
  }[];
  moves: ReleaseMove[];
}

export interface MoveResult {
  pointer: RemotePointer;
  move: ReleaseMove;
  message: string;
}

/**
 * Which of a canary's two releases a customer gets: the same answer for the same customer (account id, or
 * the visitor's cookie) and remote every time, and `percent` of customers in all. Null subject: stable.
 */
export function assignedRelease(pointer: Pick<RemotePointer, 'remote' | 'stable' | 'canary'>, subject: string | null): string {
  if (!pointer.canary || subject === null) return pointer.stable;
  return canaryBucket(pointer.remote, subject) < pointer.canary.percent ? pointer.canary.release : pointer.stable;
}

/** A customer's place 0-99 on a remote's canary scale. */
export function canaryBucket(remote: string, subject: string): number {
  return createHash('sha256').update(`${remote}\0${subject}`).digest().readUInt32BE(0) % 100;
}

/** When a canary is rolled back by itself: `failurePercent` of at least `minLoads` customers failed. */
export interface CanaryPolicy {
  minLoads: number;
  failurePercent: number;
}

export interface ReleasePointers {
  /** Records a release that is in the store; publishing it again changes nothing. */
  register(release: ReleaseRecord, actor: string): Promise<{ created: boolean }>;
  promote(remote: string, id: string, options: { percent?: number; actor: string; reason?: string }): Promise<MoveResult>;
  /** `canary`: roll back only while this release is the remote's canary (the automatic rollback). */
  rollback(remote: string, options: { to?: string; actor: string; reason?: string; kind?: 'rollback' | 'auto-rollback'; canary?: string }): Promise<MoveResult>;
  /**
   * Records how a release went for one customer; when it is the remote's canary and its share of failed
   * customers has reached the policy's threshold over at least its minimum of customers, rolls it back.
   * Reports of releases nobody published are dropped.
   */
  report(
    remote: string,
    release: string,
    subject: string,
    failed: boolean,
    policy: CanaryPolicy,
  ): Promise<{ recorded: boolean; rolledBack: MoveResult | null }>;
  /** Every pointer, for serving. */
  pointers(): Promise<RemotePointer[]>;
  status(options?: { moves?: number }): Promise<ReleaseStatus>;
}

function pointerOf(row: { remote: string; stable_release: string; canary_release: string | null; canary_percent: number | null; moved_at: Date }): RemotePointer {
  return {
    remote: row.remote,
    stable: row.stable_release,
    canary: row.canary_release !== null && row.canary_percent !== null ? { release: row.canary_release, percent: row.canary_percent } : null,
    movedAt: new Date(row.moved_at),
  };
}

export function createReleasePointers(
  db: Kysely<Schema>,
  options: {
    remotes: readonly string[];
    /** The versions of the singletons the running shell provides (null: no shell build to compare with). */
    shellShared: () => Promise<Record<string, string> | null>;
  },
): ReleasePointers {
  const known = new Set(options.remotes);

  function checkRemote(remote: string): void {
    if (!REMOTE_NAME.test(remote) || !known.has(remote)) {
      throw new ReleaseMoveError(`"${remote}" is not a remote of this portal (remotes: ${[...known].join(', ')})`, 'unknown');
    }
  }

  function checkId(id: string): void {
    if (!RELEASE_ID.test(id)) throw new ReleaseMoveError(`"${id}" is not a release id (like 1.4.0-41abe79-3f9a1c2b7e)`, 'unknown');
  }

  function moveOf(row: Omit<Selectable<ReleaseMovesTable>, 'id'>): ReleaseMove {
    return {
      remote: row.remote,
      kind: row.kind,
      from: row.from_release,
      to: row.to_release,
      percent: row.percent,
      actor: row.actor,
      reason: row.reason,
      at: new Date(row.moved_at),
    };
  }

  const pointersApi: ReleasePointers = {
    async register(release, actor) {
      checkRemote(release.remote);
      checkId(release.id);
      const inserted = await db
        .insertInto('remote_releases')
        .values({
          remote: release.remote,
          id: release.id,
          version: release.version.slice(0, 64),
          commit_ref: release.commit.slice(0, 64),
          shared: JSON.stringify(release.shared),
          published_by: actor.slice(0, 200),
        })
        .onConflict((conflict) => conflict.columns(['remote', 'id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return { created: inserted !== undefined };
    },

    async promote(remote, id, { percent, actor, reason }) {
      checkRemote(remote);
      checkId(id);
      if (percent !== undefined && (!Number.isInteger(percent) || percent < 1 || percent > 100)) {
        throw new ReleaseMoveError('--percent must be a whole number from 1 to 100 (100 promotes the release for everyone)', 'refused');
      }
      const release = await db.selectFrom('remote_releases').selectAll().where('remote', '=', remote).where('id', '=', id).executeTakeFirst();
      if (!release) throw new ReleaseMoveError(`${remote} has no release ${id}: publish it first (npm run release -- ${remote})`, 'unknown');
      const shell = await options.shellShared();
      if (shell) {
        const reasons = incompatibilities(release.shared, shell);
        if (reasons.length > 0) throw new ReleaseMoveError(`Refused: the running shell cannot load ${remote} ${id}: ${reasons.join('; ')}.`, 'refused');
      }
      return db.transaction().execute(async (trx) => {
        // One move of a remote at a time, on any instance or command: the pointer row is locked (or created).
        await sql`select pg_advisory_xact_lock(hashtext(${`remote-pointer:${remote}`}))`.execute(trx);
        const current = await trx.selectFrom('remote_pointers').selectAll().where('remote', '=', remote).executeTakeFirst();
        const canary = percent !== undefined && percent < 100;
        let kind: ReleaseMoveKind;
        let from: string | null;
        if (canary) {
          if (!current) throw new ReleaseMoveError(`${remote} has no stable release yet: promote one for everyone first (without --percent)`, 'refused');
          if (current.stable_release === id) throw new ReleaseMoveError(`${id} is already ${remote}'s stable release`, 'refused');
          kind = 'canary';
          from = current.canary_release ?? current.stable_release;
          await trx
            .updateTable('remote_pointers')
            .set({ canary_release: id, canary_percent: percent, moved_at: new Date() })
            .where('remote', '=', remote)
            .execute();
        } else {
          if (current?.stable_release === id && current.canary_release === null) {
            throw new ReleaseMoveError(`${id} is already ${remote}'s stable release`, 'refused');
          }
          kind = 'promote';
          from = current?.stable_release ?? null;
          await trx
            .insertInto('remote_pointers')
            .values({ remote, stable_release: id, canary_release: null, canary_percent: null })
            .onConflict((conflict) => conflict.column('remote').doUpdateSet({ stable_release: id, canary_release: null, canary_percent: null, moved_at: new Date() }))
            .execute();
        }
        const move = await trx
          .insertInto('release_moves')
          .values({ remote, kind, from_release: from, to_release: id, percent: canary ? percent! : null, actor: actor.slice(0, 200), reason: reason?.slice(0, 500) ?? null })
          .returningAll()
          .executeTakeFirstOrThrow();
        const pointer = pointerOf(await trx.selectFrom('remote_pointers').selectAll().where('remote', '=', remote).executeTakeFirstOrThrow());
        const message = canary
          ? `${remote}: ${id} is the canary for ${percent}% of customers; the others keep ${pointer.stable}.`
          : `${remote}: ${id} is the stable release for everyone${from ? ` (was ${from})` : ''}.`;
        return { pointer, move: moveOf(move), message };
      });
    },

    async rollback(remote, { to, actor, reason, kind = 'rollback', canary }) {
      checkRemote(remote);
      if (to !== undefined) {
        checkId(to);
        const release = await db.selectFrom('remote_releases').select('id').where('remote', '=', remote).where('id', '=', to).executeTakeFirst();
        if (!release) throw new ReleaseMoveError(`${remote} has no release ${to}`, 'unknown');
      }
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`remote-pointer:${remote}`}))`.execute(trx);
        const current = await trx.selectFrom('remote_pointers').selectAll().where('remote', '=', remote).executeTakeFirst();
        if (!current) throw new ReleaseMoveError(`${remote} has no release promoted: nothing to roll back`, 'refused');
        if (canary !== undefined && current.canary_release !== canary) throw new ReleaseMoveError(`${canary} is no longer ${remote}'s canary`, 'refused');
        let from: string;
        let target: string;
        if (to === undefined && current.canary_release !== null) {
          // The canary goes; everyone is back on the stable release.
          from = current.canary_release;
          target = current.stable_release;
          await trx.updateTable('remote_pointers').set({ canary_release: null, canary_percent: null, moved_at: new Date() }).where('remote', '=', remote).execute();
        } else {
          if (kind === 'auto-rollback') throw new ReleaseMoveError(`${remote} has no canary to roll back`, 'refused');
          from = current.stable_release;
          if (to === undefined) {
            // The release the current one replaced: walks back one promotion per rollback.
            const previous = await trx
              .selectFrom('release_moves')
              .select('from_release')
              .where('remote', '=', remote)
              .where('kind', '=', 'promote')
              .where('to_release', '=', current.stable_release)
              .orderBy('id', 'desc')
              .limit(1)
              .executeTakeFirst();
            if (!previous?.from_release) {
              throw new ReleaseMoveError(`${remote}: ${current.stable_release} replaced no earlier release; name the release to roll back to`, 'refused');
            }
            target = previous.from_release;
          } else {
            target = to;
          }
          if (target === current.stable_release && current.canary_release === null) {
            throw new ReleaseMoveError(`${target} is already ${remote}'s stable release`, 'refused');
          }
          await trx
            .updateTable('remote_pointers')
            .set({ stable_release: target, canary_release: null, canary_percent: null, moved_at: new Date() })
            .where('remote', '=', remote)
            .execute();
        }
        const move = await trx
          .insertInto('release_moves')
          .values({ remote, kind, from_release: from, to_release: target, percent: null, actor: actor.slice(0, 200), reason: reason?.slice(0, 500) ?? null })
          .returningAll()
          .executeTakeFirstOrThrow();
        const pointer = pointerOf(await trx.selectFrom('remote_pointers').selectAll().where('remote', '=', remote).executeTakeFirstOrThrow());
        return { pointer, move: moveOf(move), message: `${remote}: rolled back from ${from} to ${target} for everyone.` };
      });
    },

    async report(remote, release, subject, failed, policy) {
      if (!known.has(remote) || !RELEASE_ID.test(release)) return { recorded: false, rolledBack: null };
      const published = await db.selectFrom('remote_releases').select('id').where('remote', '=', remote).where('id', '=', release).executeTakeFirst();
      if (!published) return { recorded: false, rolledBack: null };
      await db
        .insertInto('release_reports')
        .values({ remote, release, subject: subject.slice(0, 100), failed })
        .onConflict((conflict) =>
          conflict.columns(['remote', 'release', 'subject']).doUpdateSet({ failed: sql<boolean>`release_reports.failed or excluded.failed`, reported_at: new Date() }),
        )
        .execute();
      const canary = await db.selectFrom('remote_pointers').select('remote').where('remote', '=', remote).where('canary_release', '=', release).executeTakeFirst();
      if (!canary) return { recorded: true, rolledBack: null };
      const counts = await db
        .selectFrom('release_reports')
        .select([sql<number>`count(*)::int`.as('loads'), sql<number>`count(*) filter (where failed)::int`.as('failures')])
        .where('remote', '=', remote)
        .where('release', '=', release)
        .executeTakeFirstOrThrow();
      const loads = Number(counts.loads);
      const failures = Number(counts.failures);
      if (loads < policy.minLoads || failures * 100 < policy.failurePercent * loads) return { recorded: true, rolledBack: null };
      const reason = `${failures} of ${loads} customers could not load it or saw it crash (threshold ${policy.failurePercent}% of at least ${policy.minLoads})`;
      try {
        const rolledBack = await pointersApi.rollback(remote, { actor: 'api (canary watch)', reason, kind: 'auto-rollback', canary: release });
        return { recorded: true, rolledBack };
      } catch (error) {
        if (error instanceof ReleaseMoveError) return { recorded: true, rolledBack: null }; // another instance was first
        throw error;
      }
    },

    async pointers() {
      const rows = await db.selectFrom('remote_pointers').selectAll().execute();
      return rows.map(pointerOf);
    },

    async status({ moves = 20 } = {}) {
      const [pointers, releases, recent] = await Promise.all([
        db.selectFrom('remote_pointers').selectAll().execute(),
        db.selectFrom('remote_releases').selectAll().orderBy('published_at', 'desc').orderBy('id').execute(),
        db.selectFrom('release_moves').selectAll().orderBy('id', 'desc').limit(moves).execute(),
      ]);
      return {
        remotes: options.remotes.map((remote) => {
          const pointer = pointers.find((row) => row.remote === remote);
          return {
            remote,
            pointer: pointer ? pointerOf(pointer) : null,
            releases: releases
              .filter((row) => row.remote === remote)
              .map((row) => ({
                remote: row.remote,
                id: row.id,
                version: row.version,
                commit: row.commit_ref,
                shared: row.shared,
                publishedBy: row.published_by,
                publishedAt: new Date(row.published_at),
              })),
          };
        }),
        moves: recent.map(moveOf),
      };
    },
  };
  return pointersApi;
}
