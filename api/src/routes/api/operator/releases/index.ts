// /api/operator/releases: a feature team's releases of its remote. Record a release the `release` command
// put into the store, promote it (for everyone, or a canary for a share of customers), roll back, read the
// status. Called by the `release` command with the running instance's control secret and by an operator's
// session (plugins/operator-access.ts). Each move is recorded in the database (who, when, from, to, why),
// logged, and served by this instance at once (by the others within a second).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { MoveResult, PromoteRequest, PublishRequest, PublishResult, ReleaseStatus, RollbackRequest } from 'contract/releases';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { auditAction, operatorAccess } from '../../../../plugins/operator-access.ts';
import { operatorRoutes } from '../operator-route.ts';
import { movedOnWire, statusOnWire } from '../../../../releases/on-wire.ts';
import { ReleaseMoveError, type MoveResult as Moved } from '../../../../releases/release-pointers.ts';
import { readRelease } from '../../../../releases/release-store.ts';

/** Who moved a pointer: the operator's username, or the command (with the name of who ran it, as it says). */
function actor(request: FastifyRequest): string {
  const operator = request.operator;
  if (operator?.via === 'session') return operator.username;
  const who = request.headers['x-release-actor'];
  const named = typeof who === 'string' && /^[\w.@+-]{1,100}$/.test(who) ? who : null;
  return named ? `release command (${named})` : 'release command';
}


function asHttp(error: unknown): never {
  if (error instanceof ReleaseMoveError) throw new HttpError(error.kind === 'unknown' ? 404 : 409, error.message);
  throw error;
}

const operatorReleases: FastifyPluginAsyncTypebox = async (app) => {
  const operatorRoute = operatorRoutes(operatorAccess(app));
  const { storeDir } = app.config.web.releases;
  const auditMove = (request: FastifyRequest, moved: Moved) =>
    auditAction(app, request, {
      action: `release.${moved.move.kind}`,
      target: `remote:${moved.move.remote}`,
      before: { release: moved.move.from },
      after: { release: moved.move.to, percent: moved.move.percent, reason: moved.move.reason },
    });

  app.get(
    '/',
    operatorRoute({ summary: "Each remote's pointer, its releases and the last moves (operators)", response: { 200: ReleaseStatus, ...errors(401, 403) } }),
    async () => statusOnWire(await app.releases.status()),
  );

  app.post(
    '/publish',
    operatorRoute({ summary: 'Record a release that is in the release store (operators)', body: PublishRequest, response: { 200: PublishResult, ...errors(400, 401, 403, 404) } }),
    async (request) => {
      const { remote, id } = request.body;
      const release = await readRelease(storeDir, remote, id);
      if (!release) throw new HttpError(404, `The release store of this instance has no ${remote} release ${id}.`);
      const { created } = await app.releases.register(release, actor(request)).catch(asHttp);
      await auditAction(app, request, { action: 'release.publish', target: `remote:${remote}`, after: { release: id, created } });
      request.log.info({ operator: actor(request), action: 'publish', remote, release: id, created }, 'releases: published');
      return { created, message: `${remote} ${id} is published${created ? '' : ' (it already was)'}; customers get it once it is promoted.` };
    },
  );

  app.post(
    '/promote',
    operatorRoute({
      summary: 'Promote a release for everyone, or for a share of customers (a canary) (operators)',
      body: PromoteRequest,
      response: { 200: MoveResult, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      const { remote, id, percent, reason } = request.body;
      const moved = await app.releases.promote(remote, id, { percent, reason, actor: actor(request) }).catch(asHttp);
      await auditMove(request, moved);
      await app.remoteSources.refresh();
      request.log.info({ operator: actor(request), action: moved.move.kind, remote, from: moved.move.from, to: moved.move.to, percent: moved.move.percent }, 'releases: pointer moved');
      return movedOnWire(moved);
    },
  );

  app.post(
    '/rollback',
    operatorRoute({
      summary: 'Roll a remote back: off its canary, to the release before, or to a named one (operators)',
      body: RollbackRequest,
      response: { 200: MoveResult, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      const { remote, to, reason } = request.body;
      const moved = await app.releases.rollback(remote, { to, reason, actor: actor(request) }).catch(asHttp);
      await auditMove(request, moved);
      await app.remoteSources.refresh();
      request.log.info({ operator: actor(request), action: 'rollback', remote, from: moved.move.from, to: moved.move.to }, 'releases: pointer moved');
      return movedOnWire(moved);
    },
  );
};

export default operatorReleases;
