// OpenAPI document of every route (from their schemas) at /api/docs/json, browsable at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        // 3.1: schemas are JSON Schema 2020-12 as TypeBox writes them (null types, `examples`), not 3.0's dialect.
        openapi: '3.1.0',
        info: {
          title: 'Private Sock5 API',
          description: 'Accounts, sessions and captcha of the Private Sock5 portal. Money is in dollars on the wire.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // The public API's keys (/api/v1, documented on its own at /api/v1/docs).
            apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'ps5_…' },
          },
        },
      },
    });
    // The UI loads only same-origin scripts and styles, so it runs under the portal's CSP; no online validator.
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
  },
  { name: 'docs' },
);
