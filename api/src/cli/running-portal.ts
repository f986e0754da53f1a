// How the operator's commands (inventory, release, backup, grant-operator, grant-support) reach a running
// instance on this machine. The embedded database is held by one process, so while the portal runs a
// command cannot open it: it asks that process through its operator API instead, authenticated by the
// secret the process left in its data dir (operator/operator-control.ts). On PostgreSQL every command
// writes the database itself (running instances see the change), so there is nothing to reach.
import { userInfo } from 'node:os';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Schema } from '../db/schema.ts';
import { recordOperatorAction, type AuditEntry } from '../operator/audit.ts';
import { running } from '../db/data-dir-lock.ts';
import { readControlFile, type ControlFile } from '../operator/operator-control.ts';

export type RunningPortal = ControlFile;

/** The embedded instance running on this machine with this DATA_DIR, or null (none, or PostgreSQL). */
export async function runningPortal(config: Config): Promise<RunningPortal | null> {
  if (config.database.kind === 'postgres') return null;
  const control = await readControlFile(config.inventory.controlFile);
  return control && running(control.pid) ? control : null;
}

export interface PortalCall {
  method: 'GET' | 'POST';
  /** Under /api/operator, e.g. '/inventory/check'. */
  path: string;
  /** A JSON body, or a file sent as text/plain. */
  body?: { json: unknown } | { file: Uint8Array };
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Who acts, for the audit log: "inventory command (alice)" (see commandActor). */
  actor: string;
}

/** One call of the running instance's operator API; a portal that does not answer is an error that says so. */
export async function callPortal(portal: RunningPortal, call: PortalCall): Promise<Response> {
  const { body } = call;
  try {
    return await fetch(`${portal.url}/api/operator${call.path}`, {
      method: call.method,
      headers: {
        authorization: `Operator ${portal.token}`,
        'x-operator-actor': call.actor,
        ...(body === undefined ? {} : { 'content-type': 'json' in body ? 'application/json' : 'text/plain' }),
        ...call.headers,
      },
      ...(body === undefined ? {} : { body: 'json' in body ? JSON.stringify(body.json) : body.file }),
      signal: AbortSignal.timeout(call.timeoutMs ?? 60_000),
    });
  } catch (error) {
    throw new Error(`the running portal (process ${portal.pid}) did not answer at ${portal.url}: ${(error as Error).message}`, { cause: error });
  }
}

/** A call answered with JSON: the status and the value (an answer that is not JSON reads as `{ message }`). */
export async function callPortalJson<T>(portal: RunningPortal, call: PortalCall): Promise<{ status: number; value: T & { message?: string } }> {
  const response = await callPortal(portal, call);
  const value = (await response.json().catch(() => ({ message: `HTTP ${response.status}` }))) as T & { message?: string };
  return { status: response.status, value };
}

/** How a command names the running portal in what it prints. */
export const portalName = (portal: RunningPortal) => `the running portal (process ${portal.pid})`;

/** The name of who runs a command: RELEASE_ACTOR (kept for the release command), else the system's user. */
export function whoRuns(env: Record<string, string | undefined>): string {
  const name = env.RELEASE_ACTOR ?? env.USER ?? safeUserName();
  return /^[\w.@+-]{1,100}$/.test(name) ? name : 'unknown';
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** How the audit log names a command and who ran it: "grant-operator command (alice)". */
export const commandActor = (command: string, env: Record<string, string | undefined>) => `${command} command (${whoRuns(env)})`;

/**
 * Audits what a command did to the database itself (PostgreSQL, or the embedded one with nothing running); the
 * running portal audits what it does for a command.
 */
export function auditCommand(db: Kysely<Schema>, actor: string, entry: Omit<AuditEntry, 'actor'>): Promise<number> {
  return db.transaction().execute((trx) => recordOperatorAction(trx, { ...entry, actor: { userId: null, name: actor } }));
}
