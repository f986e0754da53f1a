// Release moves and the releases' status as the operator API answers them and the `release` command prints
// them, whichever way it reached the database (contract/releases): times as ISO text.
import type { MoveResult as WireMoveResult, ReleaseMove as WireMove, ReleaseStatus as WireStatus } from 'contract/releases';
import type { MoveResult, ReleaseMove, ReleaseStatus } from './release-pointers.ts';

const moveOnWire = (move: ReleaseMove): WireMove => ({ ...move, at: move.at.toISOString() });

export const movedOnWire = (moved: MoveResult): WireMoveResult => ({
  message: moved.message,
  pointer: { ...moved.pointer, movedAt: moved.pointer.movedAt.toISOString() },
  move: moveOnWire(moved.move),
});

export const statusOnWire = (status: ReleaseStatus): WireStatus => ({
  remotes: status.remotes.map((entry) => ({
    remote: entry.remote,
    pointer: entry.pointer ? { ...entry.pointer, movedAt: entry.pointer.movedAt.toISOString() } : null,
    releases: entry.releases.map(({ remote: _remote, ...release }) => ({ ...release, publishedAt: release.publishedAt.toISOString() })),
  })),
  moves: status.moves.map(moveOnWire),
});
