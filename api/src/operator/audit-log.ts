// Reading the operator audit log for the console: newest first, filtered by actor, action, target and days.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AuditPage, AuditQuery } from 'contract/operator-audit';
import type { Schema } from '../db/schema.ts';

const PAGE = 100;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export class AuditQueryError extends Error {
  override name = 'AuditQueryError';
}

function day(value: string | undefined, name: string): Date | null {
  if (value === undefined || value === '') return null;
  const date = DAY.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) throw new AuditQueryError(`${name} must be a day as YYYY-MM-DD.`);
  return date;
}

export async function readAuditLog(db: Kysely<Schema>, filter: AuditQuery): Promise<AuditPage> {
  const from = day(filter.from, 'from');
  const to = day(filter.to, 'to');
  if (from && to && from > to) throw new AuditQueryError('from must not be after to.');
  const before = filter.before === undefined || filter.before === '' ? null : Number(filter.before);
  if (before !== null && !Number.isSafeInteger(before)) throw new AuditQueryError('before must be a row id.');

  let query = db.selectFrom('operator_audit').select(['id', 'actor', 'actor_id', 'action', 'target', 'before', 'after', 'at']);
  const actor = filter.actor?.trim().toLowerCase();
  if (actor) query = query.where(sql<string>`lower(actor)`, 'like', `%${actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const action = filter.action?.trim();
  if (action) query = query.where((eb) => eb.or([eb('action', '=', action), eb('action', 'like', `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`)]));
  const target = filter.target?.trim();
  if (target) query = query.where('target', '=', target);
  if (from) query = query.where('at', '>=', from);
  if (to) query = query.where('at', '<', new Date(to.getTime() + 24 * 3600 * 1000));
  if (before !== null) query = query.where('id', '<', before);
  const rows = await query.orderBy('id', 'desc').limit(PAGE + 1).execute();
  return {
    rows: rows.slice(0, PAGE).map((row) => ({
      id: Number(row.id),
      actor: row.actor,
      actorId: row.actor_id,
      action: row.action,
      target: row.target,
      before: row.before ?? null,
      after: row.after ?? null,
      at: row.at.toISOString(),
    })),
    more: rows.length > PAGE,
  };
}
