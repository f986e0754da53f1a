// The one error handler: every failure leaves as JSON `{message}`. Validation errors are 400 and name the
// field (with the forms' wording for missing fields); other 4xx keep their message; anything else is logged
// and masked as 500 'Internal server error', never a stack trace. A database that cannot be reached
// (restart, failover, network) answers 503 with retry-after: the request may simply be sent again.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { authMessages } from 'contract/auth-rules';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Try again in a moment.';
/** Seconds a client should wait before retrying while the database is away. */
const UNAVAILABLE_RETRY_AFTER = 2;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Messages for missing body fields of this route, overriding the defaults below. */
    requiredMessages?: Record<string, string>;
  }
}

/** The forms' wording for a missing field, by field name, so the API and the page say the same. */
const requiredMessages: Record<string, string> = {
  username: authMessages.usernameRequired,
  email: authMessages.emailRequired,
  password: authMessages.passwordRequired,
  captcha: authMessages.required,
  token: authMessages.required,
  oldPassword: authMessages.currentPasswordRequired,
  newPassword: authMessages.passwordRequired,
};

function validationMessage(error: FastifyError, request: FastifyRequest): string {
  const first = error.validation?.[0];
  if (first?.keyword === 'required') {
    const field = (first.params as { missingProperty?: unknown }).missingProperty;
    if (typeof field === 'string') {
      const message = request.routeOptions.config.requiredMessages?.[field] ?? requiredMessages[field];
      if (message) return message;
    }
  }
  // Fastify's own wording names the part and field, e.g. "body/email must be string".
  return error.message;
}

/** 503 with retry-after: the database (or a step that needs it) is away for a moment. */
export function sendUnavailable(reply: FastifyReply) {
  return reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER)).send({ message: UNAVAILABLE_MESSAGE });
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    return reply.code(400).send({ message: validationMessage(error, request) });
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return reply.code(status).send({ message: error.message });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return sendUnavailable(reply);
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: 'Internal server error' });
}
