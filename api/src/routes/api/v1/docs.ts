// The OpenAPI 3.1 document of /api/v1 alone (tags, examples, the API key scheme), taken from the app's whole
// document (every route's schemas), and a browsable page for it that reuses the Swagger UI files /api/docs
// already serves. Public: a customer reads them before holding a key.
import type { FastifyPluginAsync } from 'fastify';
import { V1_PREFIX } from 'contract/public-api';

const TAGS = [
  { name: 'Proxies', description: 'Your proxies: list, download, buy, auto-renew, replace a dead one' },
  { name: 'Marketplace', description: 'Listings for sale, with the filters of the dashboard' },
  { name: 'Account', description: 'Balance, IP allow-list and the automatic replacement setting' },
  { name: 'Webhooks', description: 'Endpoints that receive signed events about your proxies and balance, and their delivery log' },
];

const DESCRIPTION = [
  'The Private Sock5 API for your own software. Create a key in Account settings → API and send it as',
  '`Authorization: Bearer <key>`. Scopes: `read` (lists, downloads, balance), `buy` (purchases), `manage`',
  '(auto-renew, IP allow-list). Every POST takes an `Idempotency-Key` header: a retry with the same key returns',
  'the first answer for 24 hours and never buys twice. Errors are problem details (`application/problem+json`)',
  'with a stable `code`: `invalid_key` 401, `missing_scope` 403, `rate_limited` 429 (with `retry-after`),',
  '`invalid_request` 400 (with `field`). Money is in dollars, times in ISO 8601 UTC.',
].join(' ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Private Sock5 API v1</title>
<link rel="stylesheet" href="/api/docs/static/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/static/swagger-ui-bundle.js"></script>
<script src="${V1_PREFIX}/docs/init.js"></script>
</body>
</html>
`;

// A file, not an inline script: the portal's CSP runs no inline scripts.
const INIT = `window.ui = SwaggerUIBundle({ url: '${V1_PREFIX}/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true });\n`;

interface OpenApiDocument {
  paths?: Record<string, unknown>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

const docs: FastifyPluginAsync = async (app) => {
  let document: string | null = null;
  const v1Document = (): string => {
    const whole = app.swagger() as OpenApiDocument;
    const paths = Object.fromEntries(Object.entries(whole.paths ?? {}).filter(([path]) => path.startsWith(`${V1_PREFIX}/`)));
    return JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Private Sock5 API', version: '1.0.0', description: DESCRIPTION },
      tags: TAGS,
      paths,
      components: {
        ...(whole.components?.schemas === undefined ? {} : { schemas: whole.components.schemas }),
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'ps5_…', description: 'An API key from Account settings → API' },
        },
      },
    });
  };
  const hidden = { config: { public: true }, schema: { hide: true } };
  app.get('/openapi.json', hidden, async (_request, reply) => {
    document ??= v1Document();
    return reply.type('application/json; charset=utf-8').send(document);
  });
  app.get('/docs', hidden, async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/docs/init.js', hidden, async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(INIT));
};

export default docs;
