// HTTP protection: security headers with a Content-Security-Policy the portal runs under, and the rate
// limiter the sensitive auth routes opt into (`config: { rateLimit: app.authRateLimit }`).
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
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

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const remotes = remoteOrigins(config);
    await app.register(helmet, {
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
