// Who may call the operator API (/api/operator): a signed-in account holding the operator role (the console),
// or the `inventory` command on this machine with the running instance's control secret (operator-control.ts).
// Checked on every call before the body is read, so nobody else learns even which input would be valid.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { currentUser } from './auth.ts';
import { recordOperatorAction, type AuditActor, type AuditEntry } from '../operator/audit.ts';
import { isLoopbackPeer, tokensMatch } from '../operator/operator-control.ts';

export const operatorMessages = {
  operatorsOnly: 'Only operators may do this. An operator role is granted on the server with grant-operator.',
  commandOnly: 'Staff roles are granted on the server only, with grant-operator or grant-support; never from the web.',
  badControlToken: 'This operator secret is not the running instance\'s: run the command on the machine of the instance, with its DATA_DIR.',
} as const;

/** Who acted, for the log of operator actions: an operator's account, or the command on the server. */
export type OperatorActor = { via: 'session'; userId: string; username: string } | { via: 'command' };

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorActor | null;
  }
}

const CONTROL = /^Operator\s+(\S+)$/i;

export function operatorAccess(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const control = CONTROL.exec(request.headers.authorization ?? '');
    if (control) {
      if (!isLoopbackPeer(request.socket.remoteAddress) || !tokensMatch(control[1]!, app.operatorControl.token)) {
        throw new HttpError(401, operatorMessages.badControlToken);
      }
      request.operator = { via: 'command' };
      return;
    }
    await app.authenticate(request);
    const user = currentUser(request);
    if (!(await app.operatorRoles.holds(user.id))) throw new HttpError(403, operatorMessages.operatorsOnly);
    request.operator = { via: 'session', userId: user.id, username: user.username };
  };
}

/** The header a command on the server names itself and who ran it by ("grant-operator command (alice)"). */
export const OPERATOR_ACTOR_HEADER = 'x-operator-actor';
const ACTOR_NAME = /^[\w .@+()-]{1,120}$/;

/** Who acted, for the audit log: the operator's account, or the command as it named itself. */
export function auditActor(request: FastifyRequest): AuditActor {
  const operator = request.operator;
  if (operator?.via === 'session') return { userId: operator.userId, name: operator.username };
  const named = request.headers[OPERATOR_ACTOR_HEADER];
  return { userId: null, name: typeof named === 'string' && ACTOR_NAME.test(named) ? named : 'command on the server' };
}

/**
 * Audits an action whose own work committed in a transaction of its own (an import, a release move): the
 * row follows at once. Actions that write the database here pass their transaction to recordOperatorAction
 * instead, so both commit together.
 */
export function auditAction(app: FastifyInstance, request: FastifyRequest, entry: Omit<AuditEntry, 'actor'>): Promise<number> {
  return app.db.transaction().execute((trx) => recordOperatorAction(trx, { ...entry, actor: auditActor(request) }));
}

/** Access of routes only the commands on the server may call (granting staff roles): never a session. */
export function commandOnlyAccess(app: FastifyInstance) {
  const access = operatorAccess(app);
  return async (request: FastifyRequest): Promise<void> => {
    if (!CONTROL.test(request.headers.authorization ?? '')) throw new HttpError(403, operatorMessages.commandOnly);
    await access(request);
  };
}
