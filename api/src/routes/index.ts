// Every API route lives under /api; a folder's path is its URL prefix (routes/users -> /api/users).
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import auth from './auth/index.ts';
import health from './health/index.ts';
import users from './users/index.ts';

const routes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  await app.register(health, { prefix: '/api/health' });
  await app.register(auth, { prefix: '/api/auth' });
  await app.register(users, { prefix: '/api/users', config });
};

export default routes;
