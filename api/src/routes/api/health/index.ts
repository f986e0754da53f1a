// /api/health: liveness for load balancers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse } from 'contract/health';

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    { config: { public: true }, schema: { summary: 'Liveness check for load balancers', response: { 200: HealthResponse } } },
    async (): Promise<HealthResponse> => ({ status: 'ok' }),
  );
};

export default health;
