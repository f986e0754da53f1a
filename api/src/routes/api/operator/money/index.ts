// /api/operator/money: the shop's money per day and month, the liability and the ledger check, and the ledger
// as CSV for a range of days. Operators only. An export is an operator action: it writes its audit row.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { LedgerExportQuery, MoneyQuery, MoneyReport } from 'contract/operator-console';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { recordOperatorAction } from '../../../../operator/audit.ts';
import { createMoneyFigures, dayRange, MAX_EXPORT_DAYS, utcDay } from '../../../../operator/money-figures.ts';
import { auditActor, operatorAccess } from '../../../../plugins/operator-access.ts';
import { operatorRoutes } from '../operator-route.ts';

/** The report's default range: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

const operatorMoney: FastifyPluginAsyncTypebox = async (app) => {
  const operatorRoute = operatorRoutes(operatorAccess(app));
  const money = createMoneyFigures(app.db);

  app.get(
    '/',
    operatorRoute({
      summary: 'Top-ups, sales, renewals, refunds, adjustments and net per day and month; liability; ledger check (operators)',
      querystring: MoneyQuery,
      response: { 200: MoneyReport, ...errors(400, 401, 403) },
    }),
    async (request) => {
      const now = new Date();
      const to = request.query.to ?? utcDay(now);
      const from = request.query.from ?? utcDay(new Date(new Date(`${to}T00:00:00Z`).getTime() - (DEFAULT_DAYS - 1) * 86_400_000));
      const report = await money.report(from, to);
      if (typeof report === 'string') throw new HttpError(400, report);
      return report;
    },
  );

  app.get(
    '/ledger.csv',
    operatorRoute({
      summary: `The ledger's rows of a range of UTC days as CSV, at most ${MAX_EXPORT_DAYS} days (operators)`,
      querystring: LedgerExportQuery,
      response: { 200: Type.String(), ...errors(400, 401, 403) },
    }),
    async (request, reply) => {
      const { from, to } = request.query;
      const range = dayRange(from, to, MAX_EXPORT_DAYS);
      if (typeof range === 'string') throw new HttpError(400, range);
      const csv = await app.db.transaction().execute(async (trx) => {
        await recordOperatorAction(trx, { actor: auditActor(request), action: 'ledger.export', target: `ledger:${from}..${to}` });
        return createMoneyFigures(trx).ledgerCsv(range.start, range.end);
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ledger-${from}-to-${to}.csv"`)
        .send(csv);
    },
  );
};

export default operatorMoney;
