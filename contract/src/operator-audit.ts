// GET /api/operator/audit on the wire: the operator audit log, newest first, filtered and paged.
import Type, { type Static } from 'typebox';

export const AuditQuery = Type.Object({
  /** Part of the actor's name (an operator's username, or a command), any case. */
  actor: Type.Optional(Type.String({ maxLength: 200 })),
  /** An action exactly ('balance.adjust') or a family ('balance'). */
  action: Type.Optional(Type.String({ maxLength: 64 })),
  /** A target exactly ('user:<id>', 'source:demo'). */
  target: Type.Optional(Type.String({ maxLength: 300 })),
  /** Days (YYYY-MM-DD, UTC), both included. */
  from: Type.Optional(Type.String({ maxLength: 10 })),
  to: Type.Optional(Type.String({ maxLength: 10 })),
  /** Rows older than this id (the next page). */
  before: Type.Optional(Type.String({ maxLength: 20 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditRow = Type.Object({
  id: Type.Integer(),
  actor: Type.String(),
  /** The operator's account; null for a command on the server. */
  actorId: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  target: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  at: Type.String({ format: 'date-time' }),
});
export type AuditRow = Static<typeof AuditRow>;

export const AuditPage = Type.Object({ rows: Type.Array(AuditRow), more: Type.Boolean() });
export type AuditPage = Static<typeof AuditPage>;
