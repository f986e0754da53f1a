// /api/operator/releases on the wire: what the `release` command (and the operator console) sends to publish,
// promote and roll back a remote's releases, and the status that comes back. Dates are ISO strings.
import Type, { type Static } from 'typebox';

export const REMOTE_NAME_PATTERN = '^[a-z][a-z0-9-]{0,31}$';
export const RELEASE_ID_PATTERN = '^[0-9a-z][0-9a-z.+-]{0,99}$';
const RemoteName = Type.String({ pattern: REMOTE_NAME_PATTERN, maxLength: 32 });
const ReleaseId = Type.String({ pattern: RELEASE_ID_PATTERN, maxLength: 100 });
const Reason = Type.String({ minLength: 1, maxLength: 500 });

/** POST /api/operator/releases/publish: record a release the command has put into this instance's store. */
export const PublishRequest = Type.Object({ remote: RemoteName, id: ReleaseId }, { additionalProperties: false });
export type PublishRequest = Static<typeof PublishRequest>;

export const PublishResult = Type.Object({ message: Type.String(), created: Type.Boolean() });
export type PublishResult = Static<typeof PublishResult>;

/** POST /api/operator/releases/promote: `percent` below 100 starts (or changes) a canary. */
export const PromoteRequest = Type.Object(
  { remote: RemoteName, id: ReleaseId, percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), reason: Type.Optional(Reason) },
  { additionalProperties: false },
);
export type PromoteRequest = Static<typeof PromoteRequest>;

/** POST /api/operator/releases/rollback: to `to`, or off the canary, or to the release the stable one replaced. */
export const RollbackRequest = Type.Object({ remote: RemoteName, to: Type.Optional(ReleaseId), reason: Type.Optional(Reason) }, { additionalProperties: false });
export type RollbackRequest = Static<typeof RollbackRequest>;

const Pointer = Type.Object({
  remote: Type.String(),
  stable: Type.String(),
  canary: Type.Union([Type.Object({ release: Type.String(), percent: Type.Integer() }), Type.Null()]),
  movedAt: Type.String(),
});

export const ReleaseMove = Type.Object({
  remote: Type.String(),
  kind: Type.Union([Type.Literal('promote'), Type.Literal('canary'), Type.Literal('rollback'), Type.Literal('auto-rollback')]),
  from: Type.Union([Type.String(), Type.Null()]),
  to: Type.Union([Type.String(), Type.Null()]),
  percent: Type.Union([Type.Integer(), Type.Null()]),
  actor: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});
export type ReleaseMove = Static<typeof ReleaseMove>;

export const MoveResult = Type.Object({ message: Type.String(), pointer: Pointer, move: ReleaseMove });
export type MoveResult = Static<typeof MoveResult>;

export const ReleaseStatus = Type.Object({
  remotes: Type.Array(
    Type.Object({
      remote: Type.String(),
      /** null: no release promoted, the remote's own build folder is served. */
      pointer: Type.Union([Pointer, Type.Null()]),
      releases: Type.Array(
        Type.Object({
          id: Type.String(),
          version: Type.String(),
          commit: Type.String(),
          shared: Type.Record(Type.String(), Type.String()),
          publishedBy: Type.String(),
          publishedAt: Type.String(),
        }),
      ),
    }),
  ),
  moves: Type.Array(ReleaseMove),
});
export type ReleaseStatus = Static<typeof ReleaseStatus>;

/**
 * POST /api/releases/beacon: the portal tells how a remote went on this page: `loaded` (its page module
 * arrived) or `failed` (it could not load, or its page crashed into the error boundary). `entry` is the
 * manifest URL /remotes.json gave for it, which names the release. Answered 204, whatever it names.
 */
export const ReleaseBeacon = Type.Object(
  {
    remote: RemoteName,
    entry: Type.String({ minLength: 1, maxLength: 500 }),
    outcome: Type.Union([Type.Literal('loaded'), Type.Literal('failed')]),
  },
  { additionalProperties: false },
);
export type ReleaseBeacon = Static<typeof ReleaseBeacon>;
