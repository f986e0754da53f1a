// GET /api/health (liveness: the process answers) and GET /api/health/ready (readiness: it can serve,
// the database answers, and Redis where one is configured), for load balancers and orchestrators.
import Type, { type Static } from 'typebox';

export const HealthResponse = Type.Object({ status: Type.Literal('ok') });
export type HealthResponse = Static<typeof HealthResponse>;

export const ReadinessResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('reachable'), Type.Literal('unreachable')]),
  /** With REDIS_URL: whether Redis answers (an instance without it would keep events and limits to itself). */
  redis: Type.Union([Type.Literal('reachable'), Type.Literal('unreachable'), Type.Literal('not-configured')]),
});
export type ReadinessResponse = Static<typeof ReadinessResponse>;
