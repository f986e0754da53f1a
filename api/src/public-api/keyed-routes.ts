// What every /api/v1 route file shares: the key a route needs and its per-key rate limit, the caller's key,
// the problem answers its schema lists, and the Idempotency-Key runner of the POSTs (idempotency.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { ApiKeyScope } from 'contract/api-key-rules';
import { Problem as ProblemSchema } from 'contract/public-api';
import Type from 'typebox';
import type { ApiKeyPrincipal } from '../accounts/api-keys.ts';
import type { Schema } from '../db/schema.ts';
import { IDEMPOTENCY_KEY, requestHash, runIdempotent, type WorkOutcome } from './idempotency.ts';
import { Problem, PROBLEM_CONTENT_TYPE } from './problems.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyPrincipal | null;
  }
}

/** The problem answers a route can give, for its response schema. */
export const problems = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ProblemSchema]));

export const IDEMPOTENCY_HEADERS = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ description: 'Any unique string (a UUID): a retry with the same key returns the first answer for 24 hours' })),
});

/** The key of the call (checked by the /api/v1 scope before the handler runs). */
export function principal(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.apiKey) throw new Problem(401, 'invalid_key', 'Send a valid API key as Authorization: Bearer <key>.');
  return request.apiKey;
}

export const json = (status: number, value: unknown) => ({ status, body: JSON.stringify(value) });

/** A refusal inside idempotent work: rolled back, not remembered. */
export const refused = (problem: Problem): WorkOutcome => ({ commit: false, answer: json(problem.status, problem.body()) });

export function keyedRoutes(db: Kysely<Schema>, rateLimit: { max: number; windowMs: number }) {
  /** Route config: the scope the key needs and the per-key rate limit. */
  const keyed = (scope: ApiKeyScope) => ({
    apiKeyScope: scope,
    rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs, keyGenerator: (request: FastifyRequest) => `api-key:${request.apiKey?.keyId ?? request.ip}` },
  });

  /** Runs a POST's work once per Idempotency-Key and sends its (first) answer. */
  async function idempotent(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (trx: Transaction<Schema>, key: ApiKeyPrincipal) => Promise<WorkOutcome>,
  ): Promise<FastifyReply> {
    const key = principal(request);
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : null;
    if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new Problem(400, 'invalid_request', 'Idempotency-Key must be 1-255 printable ASCII characters.', { field: 'Idempotency-Key' });
    }
    const hash = requestHash(request.method, request.url, request.body);
    const result = await runIdempotent(db, { apiKeyId: key.keyId, idempotencyKey, hash }, (trx) => work(trx, key));
    if (result.kind === 'mismatch') {
      throw new Problem(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different request in the last 24 hours.', { field: 'Idempotency-Key' });
    }
    if (result.kind === 'replayed') void reply.header('idempotent-replayed', 'true');
    const { status, body } = result.answer;
    return reply
      .code(status)
      .type(status >= 400 ? PROBLEM_CONTENT_TYPE : 'application/json; charset=utf-8')
      .send(body);
  }

  return { keyed, idempotent };
}
