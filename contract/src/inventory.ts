// /api/operator/inventory on the wire: what an operator (the console, or the `inventory` command) sends to
// stock the shop with exits and what comes back. Nothing here ever carries an exit's credentials.
import Type, { type Static } from 'typebox';

/** A source's name: `file` for plain imports, the operator's own names, `demo` for the demo catalogue. */
export const SOURCE_NAME_PATTERN = '^[a-z0-9][a-z0-9_-]{0,31}$';
const SourceName = Type.String({ pattern: SOURCE_NAME_PATTERN, maxLength: 32 });

export const DeclaredType = Type.Union([Type.Literal('mobile'), Type.Literal('residential'), Type.Literal('datacenter')]);
export type DeclaredType = Static<typeof DeclaredType>;

export const ExitState = Type.Union([Type.Literal('unchecked'), Type.Literal('online'), Type.Literal('dead'), Type.Literal('retired')]);
export type ExitState = Static<typeof ExitState>;

/**
 * POST /api/operator/inventory/import?source=…|sync=…: the file itself is the body (text/plain or text/csv).
 * `sync` names the source and retires its exits the file does not list; `skipInvalid` imports the good lines
 * of a file with bad ones; `type` is the type of lines that name none (default datacenter); `dryRun` writes
 * nothing and says what importing would do.
 */
export const ImportQuery = Type.Object({
  source: Type.Optional(SourceName),
  sync: Type.Optional(SourceName),
  skipInvalid: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  type: Type.Optional(DeclaredType),
  /** `true`: report what the import would do (the same per-line report and counts) and write nothing. */
  dryRun: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
});
export type ImportQuery = Static<typeof ImportQuery>;

const LineProblem = Type.Object({ line: Type.Integer(), reason: Type.String() });
const Duplicate = Type.Object({ line: Type.Integer(), of: Type.Integer() });

/** How an import went. `imported` false: nothing was written (a bad line without skipInvalid, a binary file). */
export const ImportReport = Type.Object({
  message: Type.String(),
  imported: Type.Boolean(),
  /** A dry run that would import: the counts are what importing this file would write now. */
  dryRun: Type.Optional(Type.Boolean()),
  source: Type.String(),
  sync: Type.Boolean(),
  /** Lines naming an exit (not counting blank lines, comments or a CSV header). */
  lines: Type.Integer(),
  /** Distinct exits in the file (after skipping bad lines and duplicates). */
  exits: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  reactivated: Type.Integer(),
  retired: Type.Integer(),
  /** The whole file was refused: binary content, an unknown column in the header. */
  fileError: Type.Union([Type.String(), Type.Null()]),
  /** Bad lines (the first 1000); `errorCount` counts them all. */
  errors: Type.Array(LineProblem),
  errorCount: Type.Integer(),
  /** Lines that repeat an earlier line exactly, skipped (the first 1000). */
  duplicates: Type.Array(Duplicate),
  duplicateCount: Type.Integer(),
});
export type ImportReport = Static<typeof ImportReport>;

/** POST /api/operator/inventory/check: which exits to check now (default: every upstream exit not retired). */
export const CheckRequest = Type.Object({
  source: Type.Optional(SourceName),
  states: Type.Optional(Type.Array(Type.Union([Type.Literal('unchecked'), Type.Literal('online'), Type.Literal('dead')]), { maxItems: 3 })),
  ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }), { maxItems: 10_000 })),
});
export type CheckRequest = Static<typeof CheckRequest>;

/** Where a failed check stopped: reaching the upstream, its greeting, its login, the judge, the answer. */
export const CheckStage = Type.Union([
  Type.Literal('connect'),
  Type.Literal('greeting'),
  Type.Literal('auth'),
  Type.Literal('target'),
  Type.Literal('answer'),
]);
export type CheckStage = Static<typeof CheckStage>;

export const CheckResultItem = Type.Object({
  id: Type.Integer(),
  source: Type.String(),
  /** host:port of the upstream (never its credentials). */
  endpoint: Type.String(),
  ok: Type.Boolean(),
  /** The exit's state after the check. */
  state: ExitState,
  stage: Type.Optional(CheckStage),
  /** refused, timeout, closed, protocol, rejected, unreachable, bad-answer. */
  failure: Type.Optional(Type.String()),
  detail: Type.Optional(Type.String()),
  connectMs: Type.Optional(Type.Integer()),
  pingMs: Type.Optional(Type.Integer()),
  exitIp: Type.Optional(Type.String()),
});
export type CheckResultItem = Static<typeof CheckResultItem>;

export const CheckRunSummary = Type.Object({
  checked: Type.Integer(),
  online: Type.Integer(),
  failed: Type.Integer(),
  /** Failed checks per stage. */
  failedAt: Type.Record(Type.String(), Type.Integer()),
  /** The judge the checks asked (its URL). */
  judge: Type.String(),
  /** Per exit (the first 1000). */
  results: Type.Array(CheckResultItem),
  milliseconds: Type.Integer(),
});
export type CheckRunSummary = Static<typeof CheckRunSummary>;

/** POST /api/operator/inventory/retire: every exit of a source off the market (leases run to their end). */
export const RetireRequest = Type.Object({ source: SourceName });
export type RetireRequest = Static<typeof RetireRequest>;
export const RetireReport = Type.Object({ message: Type.String(), source: Type.String(), retired: Type.Integer() });
export type RetireReport = Static<typeof RetireReport>;

/** GET /api/operator/inventory: exits per source and state, and how many listings are for sale. */
export const InventorySummary = Type.Object({
  sources: Type.Array(
    Type.Object({
      source: Type.String(),
      unchecked: Type.Integer(),
      online: Type.Integer(),
      dead: Type.Integer(),
      retired: Type.Integer(),
    }),
  ),
  forSale: Type.Integer(),
  leased: Type.Integer(),
});
export type InventorySummary = Static<typeof InventorySummary>;
