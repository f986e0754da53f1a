// Who may call the operator API (/api/operator): a signed-in account holding the operator role (the console),
// or the `inventory` command on this machine with the running instance's control secret (operator-control.ts).
// Checked on every call before the body is read, so nobody else learns even which input would be valid.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { currentUser } from './auth.ts';
import type { AuditActor } from '../operator/audit.ts';
import { isLoopbackPeer, tokensMatch } from '../operator/operator-control.ts';

export const operatorMessages = {
  operatorsOnly: 'Only operators may do this. An operator role is granted on the server with grant-operator.',
  badControlToken: 'This operator secret is not the running instance\'s: run the command on the machine of the instance, with its DATA_DIR.',
} as const;

/** Who acted, for the log of operator actions: an operator's account, or the command on the server. */
export type OperatorActor = { via: 'session'; userId: string; username: string } | { via: 'command' };

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorActor | null;
  }
}

/** The actor as the audit log records it. */
export function auditActor(request: FastifyRequest): AuditActor {
  const operator = request.operator;
  return operator?.via === 'session' ? { userId: operator.userId, name: operator.username } : { userId: null, name: 'inventory command' };
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
