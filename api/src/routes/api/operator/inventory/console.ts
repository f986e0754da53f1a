// /api/operator/inventory (what there is): the summary the `inventory` command prints, the inventory's health
// for the operator console (counts by state, type, source and country), a page of exits, one exit with its
// check history, blacklist answers and location, retiring and restoring one exit; the price classes are
// price-classes.ts, importing and checking index.ts. Operators only (plugins/operator-access.ts, first thing
// on every call); every change writes its operator audit row in the change's own transaction.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InventorySummary } from 'contract/inventory';
import Type from 'typebox';
import { ExitDetail, ExitList, ExitListQuery, ExitStateReport, InventoryOverview } from 'contract/operator-console';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import type { ExitStateChange } from '../../../../inventory/inventory.ts';
import { recordOperatorAction } from '../../../../operator/audit.ts';
import { createInventoryFigures } from '../../../../operator/inventory-figures.ts';
import { auditActor, operatorAccess } from '../../../../plugins/operator-access.ts';
import { operatorRoutes } from '../operator-route.ts';

const ExitId = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }) });
const noSuchExit = (id: number) => new HttpError(404, `There is no exit ${id}.`);

const operatorInventoryConsole: FastifyPluginAsyncTypebox = async (app) => {
  const operatorRoute = operatorRoutes(operatorAccess(app));
  const figures = createInventoryFigures(app.db);

  app.get(
    '/',
    operatorRoute({ summary: 'Exits per source and state, and the market (operators)', response: { 200: InventorySummary, ...errors(401, 403) } }),
    async () => app.inventory.summary(),
  );

  app.get(
    '/overview',
    operatorRoute({ summary: 'Exits by state, type, source and country (operators)', response: { 200: InventoryOverview, ...errors(401, 403) } }),
    async () => figures.overview(),
  );

  app.get(
    '/exits',
    operatorRoute({ summary: 'A page of exits, newest first (operators)', querystring: ExitListQuery, response: { 200: ExitList, ...errors(400, 401, 403) } }),
    async (request) => figures.list(request.query),
  );

  app.get(
    '/exits/:id',
    operatorRoute({
      summary: 'One exit: its checks by hour, state changes, uptime, blacklist answers and location (operators)',
      params: ExitId,
      response: { 200: ExitDetail, ...errors(400, 401, 403, 404) },
    }),
    async (request) => {
      const id = Number(request.params.id);
      const detail = await figures.detail(id, new Date());
      if (!detail) throw noSuchExit(id);
      return detail;
    },
  );

  const stateChange = (action: 'retire' | 'restore') =>
    app.post(
      `/exits/:id/${action}`,
      operatorRoute({
        summary:
          action === 'retire'
            ? 'Retire one exit (operators): off the market at once, its leases run to their end'
            : 'Restore a retired exit (operators): checked again before it is sold',
        params: ExitId,
        response: { 200: ExitStateReport, ...errors(400, 401, 403, 404) },
      }),
      async (request) => {
        const id = Number(request.params.id);
        const record = async (trx: Parameters<typeof recordOperatorAction>[0], change: ExitStateChange) => {
          await recordOperatorAction(trx, {
            actor: auditActor(request),
            action: `exit.${action}`,
            target: `exit:${id}`,
            before: { state: change.from },
            after: { state: change.to },
          });
        };
        const change = action === 'retire' ? await app.inventory.retireExit(id, record) : await app.inventory.restoreExit(id, record);
        if (!change) throw noSuchExit(id);
        app.marketCache.clear();
        const message =
          change.from === change.to
            ? `Exit ${id} was already ${change.to}.`
            : action === 'retire'
              ? `Exit ${id} is retired: off the market; its leases run to their end.`
              : change.to === 'online'
                ? `Exit ${id} is back on the market.`
                : `Exit ${id} is restored: it goes on sale after its next check passes.`;
        return { message, id, state: change.to };
      },
    );
  stateChange('retire');
  stateChange('restore');
};

export default operatorInventoryConsole;
