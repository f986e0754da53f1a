// /api/v1: the public API for customers' own software. A bearer API key (not the browser session) names the
// customer; each route needs one scope (read, buy, manage); calls are counted per key through the shared
// rate-limit store. Every POST accepts an Idempotency-Key. Errors are problem details with stable codes
// (public-api/problems.ts), from this plugin's own error and not-found handlers. This plugin is the scope of
// those hooks and handlers, so it mounts the route files of this folder itself (each file declares its paths
// below /api/v1); the API's reference (docs.ts) is mounted beside it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply } from 'fastify';
import { forgetOldAnswers } from '../../../public-api/idempotency.ts';
import { Problem, PROBLEM_CONTENT_TYPE, validationField } from '../../../public-api/problems.ts';
import { isDatabaseUnavailable } from '../../../db/unavailable.ts';
import { bearerToken } from '../../../plugins/auth.ts';
import account from './account.ts';
import market from './market.ts';
import proxies from './proxies.ts';
import purchases from './purchases.ts';
import webhooks from './webhooks.ts';

/** The OpenAPI security requirement of every /api/v1 route. */
const apiKeyAuth = [{ apiKey: [] }];
const SWEEP_MS = 60 * 60 * 1000;

function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  if (problem.retryAfter !== null) void reply.header('retry-after', String(problem.retryAfter));
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem.body()));
}

const v1: FastifyPluginAsyncTypebox = async (app) => {
  const { apiKeys } = app.repositories;

  app.decorateRequest('apiKey', null);
  app.addHook('onRoute', (route) => {
    if (route.schema) {
      route.schema.security ??= apiKeyAuth;
      route.schema.tags ??= ['API'];
    }
  });
  // Authentication first (a request without a valid key is not counted against anyone's rate), then scope.
  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.apiKeyScope;
    if (scope === undefined) return;
    const token = bearerToken(request);
    const key = token === null ? null : await apiKeys.authenticate(token, request.ip);
    if (!key) throw new Problem(401, 'invalid_key', token === null ? 'Send an API key as Authorization: Bearer <key>.' : 'This API key is not valid or has been revoked.');
    if (!key.scopes.includes(scope)) throw new Problem(403, 'missing_scope', `This key lacks the ${scope} scope.`);
    request.apiKey = key;
  });

  // Any other path under /api/v1 is a problem too (the portal's own not-found handler answers {message}).
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    config: { public: true },
    schema: { hide: true },
    handler: async (request, reply) => sendProblem(reply, new Problem(404, 'not_found', `No route ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 80)}.`)),
  });
  app.setErrorHandler((error: FastifyError | Problem, request, reply) => {
    if (error instanceof Problem) return sendProblem(reply, error);
    if (error.validation) {
      const first = error.validation[0];
      const field = first ? validationField(first.instancePath, (first.params as { missingProperty?: unknown }).missingProperty) : '';
      return sendProblem(reply, new Problem(400, 'invalid_request', error.message, field === '' ? {} : { field }));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      const retryAfter = Number(reply.getHeader('retry-after'));
      return sendProblem(reply, new Problem(429, 'rate_limited', error.message, Number.isFinite(retryAfter) ? { retryAfter } : {}));
    }
    if (status >= 400 && status < 500) return sendProblem(reply, new Problem(status === 404 ? 404 : 400, status === 404 ? 'not_found' : 'invalid_request', error.message));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendProblem(reply, new Problem(503, 'service_unavailable', 'The service is briefly unavailable. Try again in a moment.', { retryAfter: 2 }));
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, new Problem(500, 'internal_error', 'Internal server error'));
  });

  const sweep = setInterval(() => {
    forgetOldAnswers(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'could not drop old idempotent answers'));
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', () => clearInterval(sweep));

  await app.register(proxies);
  await app.register(market);
  await app.register(purchases);
  await app.register(webhooks);
  await app.register(account);
};

export default v1;
