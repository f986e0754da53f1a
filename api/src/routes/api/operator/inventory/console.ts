// /api/operator/inventory (console part): the inventory's health for the operator console (counts by state,
// type, source and country), a page of exits, one exit with its check history, blacklist answers and location,
// retiring and restoring one exit, and the price classes. Operators only (plugins/operator-access.ts, first
// thing on every call); every change writes its operator audit row in the change's own transaction.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ExitDetail,
  ExitList,
  ExitListQuery,
  ExitStateReport,
  InventoryOverview,
  PriceClassInput,
  PriceClassKey,
  PriceClassList,
  PriceClassReport,
} from 'contract/operator-console';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import type { ExitStateChange } from '../../../../inventory/inventory.ts';
import { recordOperatorAction } from '../../../../operator/audit.ts';
import { createInventoryFigures } from '../../../../operator/inventory-figures.ts';
import { auditedClass, createPriceClasses } from '../../../../operator/price-classes.ts';
import { auditActor, operatorAccess } from '../../../../plugins/operator-access.ts';

const ExitId = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }) });
const noSuchExit = (id: number) => new HttpError(404, `There is no exit ${id}.`);

const operatorInventoryConsole: FastifyPluginAsyncTypebox = async (app) => {
  const access = operatorAccess(app);
  const security = [{ bearerAuth: [] }];
  const figures = createInventoryFigures(app.db);
  const priceClasses = createPriceClasses(app.db);

  app.get(
    '/overview',
    {
      config: { public: true },
      onRequest: access,
      schema: { summary: 'Exits by state, type, source and country (operators)', security, response: { 200: InventoryOverview, ...errors(401, 403) } },
    },
    async () => figures.overview(),
  );

  app.get(
    '/exits',
    {
      config: { public: true },
      onRequest: access,
      schema: { summary: 'A page of exits, newest first (operators)', security, querystring: ExitListQuery, response: { 200: ExitList, ...errors(400, 401, 403) } },
    },
    async (request) => figures.list(request.query),
  );

  app.get(
    '/exits/:id',
    {
      config: { public: true },
      onRequest: access,
      schema: {
        summary: 'One exit: its checks by hour, state changes, uptime, blacklist answers and location (operators)',
        security,
        params: ExitId,
        response: { 200: ExitDetail, ...errors(400, 401, 403, 404) },
      },
    },
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
      {
        config: { public: true },
        onRequest: access,
        schema: {
          summary:
            action === 'retire'
              ? 'Retire one exit (operators): off the market at once, its leases run to their end'
              : 'Restore a retired exit (operators): checked again before it is sold',
          security,
          params: ExitId,
          response: { 200: ExitStateReport, ...errors(400, 401, 403, 404) },
        },
      },
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

  app.get(
    '/price-classes',
    {
      config: { public: true },
      onRequest: access,
      schema: { summary: 'Price classes per type and country (operators)', security, response: { 200: PriceClassList, ...errors(401, 403) } },
    },
    async () => ({ classes: await priceClasses.list() }),
  );

  app.put(
    '/price-classes',
    {
      config: { public: true },
      onRequest: access,
      schema: {
        summary: 'Set a price class (operators); the listings it covers take the new price at once',
        security,
        body: PriceClassInput,
        response: { 200: PriceClassReport, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const input = request.body;
      const change = await app.db.transaction().execute(async (trx) => {
        const result = await priceClasses.set(trx, input);
        await recordOperatorAction(trx, {
          actor: auditActor(request),
          action: 'price-class.set',
          target: `price-class:${input.type}${input.ct ? `:${input.ct}` : ''}`,
          before: auditedClass(result.before),
          after: { ...auditedClass(result.after), listings: result.listings },
        });
        return result;
      });
      app.marketCache.clear();
      const where = input.ct ? ` in ${input.ct}` : '';
      return { message: `The ${input.type} class${where} is set; ${change.listings.toLocaleString('en-US')} listings repriced.`, listings: change.listings };
    },
  );

  app.delete(
    '/price-classes/:type/:ct',
    {
      config: { public: true },
      onRequest: access,
      schema: {
        summary: "Remove a country's price class (operators); its listings take the type's class at once",
        security,
        params: PriceClassKey,
        response: { 200: PriceClassReport, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { type, ct } = request.params;
      const change = await app.db.transaction().execute(async (trx) => {
        const result = await priceClasses.remove(trx, type, ct);
        if (!result) return null;
        await recordOperatorAction(trx, {
          actor: auditActor(request),
          action: 'price-class.remove',
          target: `price-class:${type}:${ct}`,
          before: auditedClass(result.before),
          after: { listings: result.listings },
        });
        return result;
      });
      if (!change) throw new HttpError(404, `There is no ${type} class for ${ct}.`);
      app.marketCache.clear();
      return { message: `The ${type} class for ${ct} is removed; ${change.listings.toLocaleString('en-US')} listings repriced.`, listings: change.listings };
    },
  );
};

export default operatorInventoryConsole;
