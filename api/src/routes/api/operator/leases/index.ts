// /api/operator/leases: the leases running now by type and country, those ending within the hour, the share
// that renews itself and the ten with the most traffic. Operators only; read-only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LeaseOverview } from 'contract/operator-console';
import { errors } from '../../../../http/schemas.ts';
import { createLeaseFigures } from '../../../../operator/lease-figures.ts';
import { operatorAccess } from '../../../../plugins/operator-access.ts';
import { operatorRoutes } from '../operator-route.ts';

const operatorLeases: FastifyPluginAsyncTypebox = async (app) => {
  const operatorRoute = operatorRoutes(operatorAccess(app));
  const leases = createLeaseFigures(app.db);
  app.get(
    '/',
    operatorRoute({
      summary: 'Active leases by type and country, expiring within the hour, auto-renew share, top traffic (operators)',
      response: { 200: LeaseOverview, ...errors(401, 403) },
    }),
    async () => leases.overview(new Date()),
  );
};

export default operatorLeases;
