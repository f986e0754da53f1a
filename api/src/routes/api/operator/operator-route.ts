// The options every operator route shares, stated once: public to the session check of routes/api/index.ts,
// because the access hook does its own first thing on every call (plugins/operator-access.ts: a session with
// the operator role, or the command's control secret), and the bearer token documented in the OpenAPI schema.
import type { FastifyRequest, FastifySchema } from 'fastify';

const security = [{ bearerAuth: [] }];

/** Builds a route's options from its schema, behind the given access hook (operatorAccess, commandOnlyAccess). */
export function operatorRoutes(access: (request: FastifyRequest) => Promise<void>) {
  return <S extends FastifySchema>(schema: S) => ({ config: { public: true }, onRequest: access, schema: { ...schema, security } });
}
