// HTTP protection: security headers with a Content-Security-Policy the portal runs under (on every
// response, socket.io's included), the refusal of text no route can store (NUL, broken Unicode), and the
// rate limiter the sensitive auth routes opt into (`config: { rateLimit: app.authRateLimit }`).
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import proxyAddr from '@fastify/proxy-addr';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { refuseInvalidText } from '../http/invalid-text.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-IP limit of the login, verify, register, forgot and reset routes. */
    authRateLimit: { max: number; timeWindow: number };
    /** The security headers for a raw request (for responses fastify does not write: socket.io's). */
    securityHeaders(request: IncomingMessage): Record<string, string>;
    /** Whether Redis answers a PING within `timeoutMs`; null when no REDIS_URL is configured (readiness). */
    redisReachable(timeoutMs: number): Promise<boolean | null>;
  }
}

/** Browsers remember for a year to use HTTPS only; meaningful (and sent) only on an HTTPS response. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether a request reached us over HTTPS: a TLS socket, or `X-Forwarded-Proto: https` from a proxy that
 * TRUST_PROXY trusts (the same rule fastify applies to `request.protocol`).
 */
export function httpsCheck(trustProxy: Config['trustProxy']): (request: IncomingMessage) => boolean {
  const trusted =
    trustProxy === false
      ? () => false
      : trustProxy === true
        ? () => true
        : proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (request) => {
    if ((request.socket as Partial<TLSSocket> | undefined)?.encrypted === true) return true;
    const forwarded = request.headers['x-forwarded-proto'];
    if (typeof forwarded !== 'string' || forwarded === '') return false;
    if (!trusted(request.socket?.remoteAddress ?? '', 0)) return false;
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim().toLowerCase() === 'https';
  };
}

/**
 * Origins the page may load remotes from besides its own (dev mode: REMOTE_URLS on other ports; the release
 * store when RELEASE_STORE_URL publishes it on another origin).
 */
function remoteOrigins(config: Config): string[] {
  const origins = new Set<string>();
  for (const url of [...Object.values(config.web.remoteUrls), config.web.releases.storeUrl]) {
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
 * The portal's own origin as its socket.io connection names it (ws: or wss:). Browsers of CSP level 3 let
 * 'self' cover it; older ones (Safari before 15.4) need it spelled out.
 */
function socketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
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
          // The API and socket.io on the portal's own origin, and the remotes' manifests where REMOTE_URLS puts
          // them; no other host, so injected script could not send what it reads anywhere else.
          connectSrc: ["'self'", socketOrigin(config.publicUrl), ...remotes],
          // The ALTCHA widget solves its proof of work in blob: workers.
          workerSrc: ["'self'", 'blob:'],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // No page of ours is ever framed: the same answer as frame-ancestors 'none' for older browsers.
      frameguard: { action: 'deny' },
      // Sent per request below, and only over HTTPS: over plain HTTP it is meaningless and misleading.
      strictTransportSecurity: false,
    });
    const isHttps = httpsCheck(config.trustProxy);
    const headersFor = (request: IncomingMessage) => (isHttps(request) ? { ...securityHeaders, 'strict-transport-security': HSTS } : securityHeaders);
    app.decorate('securityHeaders', headersFor);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headersFor(request.raw));
      done();
    });
    refuseInvalidText(app);

    let redis: Redis | null = null;
    if (config.redisUrl !== null) {
      // Counted in Redis so the limit holds across instances; short timeouts so a Redis hiccup fails fast.
      redis = new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
      app.addHook('onClose', async () => {
        await redis?.quit();
      });
    }
    const client = redis;
    app.decorate('redisReachable', async (timeoutMs: number) => {
      if (client === null) return null;
      const controller = new AbortController();
      const ping = client.ping().then(
        () => true,
        () => false,
      );
      const timeout = sleep(timeoutMs, false, { signal: controller.signal }).catch(() => false);
      try {
        return await Promise.race([ping, timeout]);
      } finally {
        controller.abort();
      }
    });
    await app.register(rateLimit, {
      global: false,
      nameSpace: `${config.redisPrefix}rate-limit:`,
      ...(redis ? { redis } : {}),
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, `Too many requests. Try again in ${context.after}.`),
    });
    app.decorate('authRateLimit', { max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs });
  },
  { name: 'security' },
);
