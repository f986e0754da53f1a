import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { HealthResponse } from 'contract/health';
import Type from 'typebox';

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        summary: 'Liveness check for load balancers',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => {
      const body: HealthResponse = { status: 'ok' };
      return body;
    },
  );
};

export default health;
