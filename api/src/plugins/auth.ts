// Sessions and authentication. `requireSession` is the default of every API route (routes/api/index.ts):
// a valid bearer token puts its user on `request.user`, anything else answers 401, unless the route
// declares `config: { public: true }`. Authorisation ("is this id yours?") is `requireSelf` in the route.
import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiKeyScope } from 'contract/api-key-rules';
import { ErrorBody } from 'contract/errors';
import { authMessages } from 'contract/auth-rules';
import { createLoginThrottle, type LoginThrottle } from '../accounts/login-throttle.ts';
import { createPasswordHasher, type PasswordHasher } from '../accounts/passwords.ts';
import { shareSessionRevocations } from '../accounts/session-revocations.ts';
import { Sessions, type SessionUser } from '../accounts/sessions.ts';
import type { Config } from '../config.ts';
import { loadOrCreateSecret } from '../db/settings.ts';
import { HttpError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
    passwords: PasswordHasher;
    loginThrottle: LoginThrottle;
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in (login, register, health, webhooks, static files). */
    public?: boolean;
    /** A public API route (/api/v1): an API key with this scope, not a session (routes/api/v1). */
    apiKeyScope?: ApiKeyScope;
  }
}

/** The OpenAPI security requirement of the routes that need a session. */
const bearerAuth = [{ bearerAuth: [] }];

/** onRoute hook: puts `authenticate` first on a route that is not public, and documents its token and 401. */
export function requireSession(route: RouteOptions, authenticate: (request: FastifyRequest) => Promise<void>): void {
  if (route.config?.public === true || route.config?.apiKeyScope !== undefined) return;
  const existing = route.onRequest;
  route.onRequest = [authenticate, ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing])];
  if (route.schema) {
    route.schema.security ??= bearerAuth;
    const response = (route.schema.response ?? {}) as Record<string, unknown>;
    response[401] ??= ErrorBody;
    route.schema.response = response;
  }
}

/** The bearer token of a request (`Authorization: Bearer <token>`). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in user of a route that is not public. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, authMessages.sessionEnded);
  return request.user;
}

/** The signed-in user, provided the id in the URL is theirs: nobody reads or changes another account. */
export function requireSelf(request: FastifyRequest, userId: string): SessionUser {
  const user = currentUser(request);
  if (user.id !== userId) throw new HttpError(403, authMessages.notYourAccount);
  return user;
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const secret = await loadOrCreateSecret(app.db, 'jwt_secret', config.auth.jwtSecret);
    const sessions = new Sessions(app.db, secret, config.auth.sessionTtlSeconds, config.auth.sessionCacheMs);
    app.decorate('sessions', sessions);
    if (config.redisUrl !== null && config.auth.sessionCacheMs > 0) {
      const revocations = await shareSessionRevocations(config.redisUrl, config.redisPrefix, sessions, (error) => {
        app.log.error({ err: error }, 'session revocation relay failed');
      });
      app.addHook('onClose', () => revocations.close());
    }
    app.decorate('passwords', createPasswordHasher(config.auth.argon2));
    app.decorate(
      'loginThrottle',
      createLoginThrottle(app.db, config.auth.loginFailureLimit, config.auth.loginFailureWindowSeconds),
    );
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const user = token === null ? null : await sessions.authenticate(token);
      if (!user) {
        const replaced = token !== null && (await sessions.refusalReason(token)) === 'replaced';
        throw new HttpError(401, replaced ? authMessages.sessionReplaced : authMessages.sessionEnded);
      }
      request.user = user;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
