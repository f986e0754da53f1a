// /api/operator/inventory/price-classes: the price of a type of exit, everywhere or in one country. Operators
// only (plugins/operator-access.ts, first thing on every call); a change reprices the listings it covers at
// once and writes its operator audit row in the same transaction.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PriceClassInput, PriceClassKey, PriceClassList, PriceClassReport } from 'contract/operator-console';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { recordOperatorAction } from '../../../../operator/audit.ts';
import { auditedClass, createPriceClasses } from '../../../../operator/price-classes.ts';
import { auditActor, operatorAccess } from '../../../../plugins/operator-access.ts';
import { operatorRoutes } from '../operator-route.ts';

const priceClassRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const operatorRoute = operatorRoutes(operatorAccess(app));
  const priceClasses = createPriceClasses(app.db);

  app.get(
    '/price-classes',
    operatorRoute({ summary: 'Price classes per type and country (operators)', response: { 200: PriceClassList, ...errors(401, 403) } }),
    async () => ({ classes: await priceClasses.list() }),
  );

  app.put(
    '/price-classes',
    operatorRoute({
      summary: 'Set a price class (operators); the listings it covers take the new price at once',
      body: PriceClassInput,
      response: { 200: PriceClassReport, ...errors(400, 401, 403) },
    }),
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
    operatorRoute({
      summary: "Remove a country's price class (operators); its listings take the type's class at once",
      params: PriceClassKey,
      response: { 200: PriceClassReport, ...errors(400, 401, 403, 404) },
    }),
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

export default priceClassRoutes;
