// The operator audit log: one row per operator action (who, what, on what, the state before and after, when),
// written with the caller's transaction so the action and its row commit or roll back together. The table is
// append-only (migration 0060 refuses UPDATE, DELETE and TRUNCATE). Every operator route and command writes
// through here; nothing an operator does goes unaudited.
//
//   await app.db.transaction().execute(async (trx) => {
//     ... the action, with trx ...
//     await recordOperatorAction(trx, { actor, action: 'balance.adjust', target: `user:${id}`, before, after });
//   });
import type { ImportReport } from 'contract/inventory';
import type { Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';

/** Who acted: an operator's account (userId) or a command on the server (userId null, name says which). */
export interface AuditActor {
  userId: string | null;
  name: string;
}

export interface AuditEntry {
  actor: AuditActor;
  /** What was done, dotted and stable: 'inventory.import', 'balance.adjust', 'account.disable', ... */
  action: string;
  /** What it was done to: 'user:<id>', 'source:<name>', 'remote:<name>', ... */
  target: string;
  /** The state before and after, as small JSON values (never secrets). */
  before?: unknown;
  after?: unknown;
}

export async function recordOperatorAction(trx: Transaction<Schema>, entry: AuditEntry): Promise<number> {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  const row = await trx
    .insertInto('operator_audit')
    .values({
      actor_id: entry.actor.userId,
      actor: entry.actor.name.slice(0, 200),
      action: entry.action,
      target: entry.target.slice(0, 300),
      before: json(entry.before),
      after: json(entry.after),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The audit row of an inventory import, the same whoever imports (the operator route, or the `inventory`
 * command writing the database itself): the counts, never an exit. A refused import is audited too.
 */
export function importAudit(source: string, report: ImportReport): Omit<AuditEntry, 'actor'> {
  const { imported, sync, lines, errorCount: badLines } = report;
  return {
    action: 'inventory.import',
    target: `source:${source}`,
    after: imported
      ? { imported, sync, lines, created: report.created, updated: report.updated, reactivated: report.reactivated, retired: report.retired, badLines }
      : { imported, sync, lines, badLines },
  };
}
