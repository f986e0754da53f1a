// /api/health: liveness (the process answers; restart it when this fails) and /api/health/ready:
// readiness (the database answers too, and Redis where configured; send no traffic here while it fails, it
// recovers by itself).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse, ReadinessResponse } from 'contract/health';
import { databaseReachable } from '../../../db/readiness.ts';

/** A readiness probe that waits longer than this counts the database as unreachable. */
const READINESS_TIMEOUT_MS = 2_000;

const health: FastifyPluginAsyncTypebox = async (app) => {
  const live = async (): Promise<HealthResponse> => ({ status: 'ok' });
  app.get('/', { config: { public: true }, schema: { summary: 'Liveness check for load balancers', response: { 200: HealthResponse } } }, live);
  app.get('/live', { config: { public: true }, schema: { summary: 'Liveness check (same as /api/health)', response: { 200: HealthResponse } } }, live);

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        summary: 'Readiness: 200 while the database (and Redis, when configured) answers, 503 while not',
        response: { 200: ReadinessResponse, 503: ReadinessResponse },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([databaseReachable(app.db, READINESS_TIMEOUT_MS), app.redisReachable(READINESS_TIMEOUT_MS)]);
      const ready = database && redis !== false;
      const body: ReadinessResponse = {
        status: ready ? 'ok' : 'unavailable',
        database: database ? 'reachable' : 'unreachable',
        redis: redis === null ? 'not-configured' : redis ? 'reachable' : 'unreachable',
      };
      return reply.code(ready ? 200 : 503).header('cache-control', 'no-store').send(body);
    },
  );
};

export default health;
