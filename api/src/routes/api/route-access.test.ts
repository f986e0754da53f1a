// Every /api route needs a session unless it is on this list: a route added without `config: { public:
// true }` is signed-in only by default, and one made public by mistake fails here until it is listed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authMessages } from 'contract/auth-rules';
import type { App } from '../../app.ts';
import { build } from '../../test/helpers.ts';

const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/config',
  // The landing page's "from $X" figures, for visitors.
  'GET /api/proxy/from-prices',
  'POST /api/auth/register',
  'GET /api/auth/challenge',
  'POST /api/auth/verify',
  'POST /api/auth/login',
  'POST /api/auth/login/2fa',
  'POST /api/users/forgot',
  'POST /api/users/reset/:token',
  'POST /api/payments/webhook/sandbox',
  'GET /api/payments/sandbox/checkout.css',
  'GET /api/payments/sandbox/checkout/:invoiceId',
  'POST /api/payments/sandbox/checkout/:invoiceId/confirm',
  'POST /api/payments/sandbox/checkout/:invoiceId/expire',
  // The portal reports how remotes load for visitors too (the canary watch).
  'POST /api/releases/beacon',
]);

/** The public API (/api/v1) takes an API key instead of a session; only its reference is open to all. */
const V1_OPEN_ROUTES = new Set(['GET /api/v1/openapi.json', 'GET /api/v1/docs', 'GET /api/v1/docs/init.js']);

/** `METHOD /path` of every route, read from Fastify's printed route tree (`/x` and `/x/` count once). */
function routesOf(app: App): string[] {
  const routes: string[] = [];
  const path: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    path.length = depth;
    path.push(match[2] ?? '');
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path.join('').replace(/(.)\/$/, '$1')}`);
    }
  }
  return [...new Set(routes)];
}

describe('route access', () => {
  it('answers 401 without a session on every /api route but the declared public ones', async (t) => {
    const app = await build(t, 'pglite');
    const apiRoutes = routesOf(app).filter((route) => / \/api\//.test(route) && !route.includes('/api/docs'));
    assert.ok(apiRoutes.length > 20, `found ${apiRoutes.length} routes`);

    const publicFound: string[] = [];
    for (const route of apiRoutes) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:[A-Za-z]+/g, '1');
      const response = await app.inject({ method: method as 'GET', url, ...(method === 'GET' ? {} : { payload: {} }) });
      if (path.startsWith('/api/v1/')) {
        if (V1_OPEN_ROUTES.has(route)) assert.equal(response.statusCode, 200, `${route} is the open API reference`);
        // Any other path under /api/v1 answers a 404 problem; every route asks for a key.
        else if (path === '/api/v1/*') assert.equal(response.json<{ code: string }>().code, 'not_found');
        else assert.deepEqual([response.statusCode, response.json<{ code: string }>().code], [401, 'invalid_key'], `${route} asks for an API key`);
        continue;
      }
      const refusedForSession = response.statusCode === 401 && response.json<{ message: string }>().message === authMessages.sessionEnded;
      if (PUBLIC_ROUTES.has(route)) {
        publicFound.push(route);
        assert.ok(!refusedForSession, `${route} is declared public but asks for a session`);
      } else {
        assert.ok(refusedForSession, `${route} answers ${response.statusCode} without a session: declare it public or let it require one`);
      }
    }
    assert.deepEqual(publicFound.sort(), [...PUBLIC_ROUTES].sort(), 'every declared public route exists');
  });
});
