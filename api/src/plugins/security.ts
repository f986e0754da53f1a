// HTTP protection: security headers with a Content-Security-Policy the portal runs under, and the rate
// limiter the sensitive auth routes opt into (`config: { rateLimit: app.authRateLimit }`).
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-IP limit of the login, verify, register, forgot and reset routes. */
    authRateLimit: { max: number; timeWindow: number };
  }
}

/** Origins the page may load remotes from besides its own (dev mode: REMOTE_URLS on other ports). */
function remoteOrigins(config: Config): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(config.web.remoteUrls)) {
    try {
      const origin = new URL(url).origin;
      if (origin !== 'null') origins.add(origin);
    } catch {
      // A relative URL is served by this origin: nothing to add.
    }
  }
  return [...origins];
}

/**
 * The headers helmet adds with these options. They are the same for every response (no nonces), yet
 * @fastify/helmet builds a helmet middleware and re-parses the CSP on each request: a fifth of the CPU of a
 * cached market read under load. So they are worked out once, on a throwaway app, and then simply set.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = async (withHelmet: boolean) => {
    const app = Fastify();
    if (withHelmet) await app.register(helmet, options);
    app.get('/', async () => '');
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return response.headers;
  };
  const [plain, secured] = [await probe(false), await probe(true)];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured)) {
    if (!(name in plain) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const remotes = remoteOrigins(config);
    const securityHeaders = await helmetHeaders({
      // Every directive spelled out: helmet's defaults include upgrade-insecure-requests, which breaks the
      // plain-http local setup, and script-src must stay free of 'unsafe-inline'.
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          scriptSrc: ["'self'", ...remotes],
          scriptSrcAttr: ["'none'"],
          // emotion (MUI) injects <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...remotes],
          fontSrc: ["'self'", 'data:', ...remotes],
          // socket.io and the API; in dev the remotes' manifests and hot updates.
          connectSrc: ["'self'", 'ws:', 'wss:', ...remotes],
          // The ALTCHA widget solves its proof of work in blob: workers.
          workerSrc: ["'self'", 'blob:'],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(securityHeaders);
      done();
    });

    let redis: Redis | null = null;
    if (config.redisUrl !== null) {
      // Counted in Redis so the limit holds across instances; short timeouts so a Redis hiccup fails fast.
      redis = new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
      app.addHook('onClose', async () => {
        await redis?.quit();
      });
    }
    await app.register(rateLimit, {
      global: false,
      nameSpace: 'private-sock5-rate-limit:',
      ...(redis ? { redis } : {}),
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, `Too many requests. Try again in ${context.after}.`),
    });
    app.decorate('authRateLimit', { max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs });
  },
  { name: 'security' },
);
