// GET /api/health, for load balancers.
import Type, { type Static } from 'typebox';

export const HealthResponse = Type.Object({ status: Type.Literal('ok') });
export type HealthResponse = Static<typeof HealthResponse>;
