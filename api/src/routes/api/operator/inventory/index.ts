// /api/operator/inventory: the operator stocks the shop. Import a file of exits (all or nothing unless told
// to skip bad lines; `sync` retires the source's exits the file no longer lists), check exits now, retire a
// source; the summary and the console's views are console.ts. Called by the operator console with an
// operator's session, and by the `inventory` command with the running instance's control secret
// (plugins/operator-access.ts). Every action is logged with who did it; no answer and no log line carries an
// exit's credentials.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CheckRequest, CheckRunSummary, ImportQuery, ImportReport, RetireReport, RetireRequest } from 'contract/inventory';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { DEFAULT_SOURCE, InventoryInputError } from '../../../../inventory/inventory.ts';
import { auditAction, auditActor, operatorAccess } from '../../../../plugins/operator-access.ts';
import { operatorRoutes } from '../operator-route.ts';
import { importAudit, recordOperatorAction } from '../../../../operator/audit.ts';

const FILE_TYPES = ['text/plain', 'text/csv', 'application/octet-stream'];

/** Logs what an operator did, naming who (never more than a username) and the counts, never an exit. */
function logAction(request: FastifyRequest, action: 'import' | 'check' | 'retire', fields: Record<string, unknown>): void {
  const operator = request.operator;
  request.log.info({ operator: operator?.via === 'session' ? operator.username : 'inventory command', action, ...fields }, `operator: inventory ${action}`);
}

const operatorInventory: FastifyPluginAsyncTypebox = async (app) => {
  const bodyLimit = app.config.inventory.importMaxBytes;
  // The import's body is the file itself, read as bytes: the parser decides what is text.
  app.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
  const operatorRoute = operatorRoutes(operatorAccess(app));

  app.post(
    '/import',
    {
      ...operatorRoute({
        summary: 'Import a file of exits (operators); the body is the file (text/plain or text/csv)',
        querystring: ImportQuery,
        response: { 200: ImportReport, 422: ImportReport, ...errors(400, 401, 403, 413, 415) },
      }),
      bodyLimit,
    },
    async (request, reply) => {
      const { query } = request;
      if (query.source !== undefined && query.sync !== undefined && query.source !== query.sync) {
        throw new HttpError(400, 'Name the source once: sync names the source it syncs.');
      }
      const content = request.body;
      if (!Buffer.isBuffer(content)) throw new HttpError(415, `Send the file itself as the body (${FILE_TYPES.join(', ')}).`);
      const source = query.sync ?? query.source ?? DEFAULT_SOURCE;
      const report = await app.inventory
        .importFile({
          content,
          source,
          sync: query.sync !== undefined,
          skipInvalid: query.skipInvalid === 'true',
          defaultType: query.type ?? 'datacenter',
          dryRun: query.dryRun === 'true',
          record: (trx, done) => recordOperatorAction(trx, { ...importAudit(source, done), actor: auditActor(request) }).then(() => undefined),
        })
        .catch((error: unknown) => {
          throw error instanceof InventoryInputError ? new HttpError(400, error.message) : error;
        });
      if (report.imported) app.marketCache.clear();
      // A dry run writes nothing, so it is no action: no audit row, whatever it found.
      if (query.dryRun === 'true') return reply.code(report.dryRun ? 200 : 422).send(report);
      // An import wrote its audit row in its own transaction (record above); a refused one is audited too.
      if (!report.imported) await auditAction(app, request, importAudit(source, report));
      const { sync, imported, lines, created, updated, retired } = report;
      logAction(request, 'import', { source, sync, imported, lines, created, updated, retired, badLines: report.errorCount });
      return reply.code(report.imported ? 200 : 422).send(report);
    },
  );

  app.post(
    '/check',
    operatorRoute({
      summary: 'Check exits now, one real check each (operators); default: every upstream exit not retired',
      body: CheckRequest,
      response: { 200: CheckRunSummary, ...errors(400, 401, 403, 503) },
    }),
    async (request, reply) => {
      const checker = app.inventoryChecker;
      if (!checker) {
        return reply.code(503).send({ message: 'No checker runs in this instance: run `npm run inventory -- check` where the database is reachable.' });
      }
      const summary = await checker.check(request.body);
      app.marketCache.clear();
      await auditAction(app, request, {
        action: 'inventory.check',
        target: request.body.source === undefined ? 'inventory' : `source:${request.body.source}`,
        after: { checked: summary.checked, online: summary.online, failed: summary.failed },
      });
      logAction(request, 'check', { source: request.body.source ?? null, checked: summary.checked, online: summary.online, failed: summary.failed });
      return summary;
    },
  );

  app.post(
    '/retire',
    operatorRoute({
      summary: "Retire every exit of a source (operators): off the market at once, leases run to their end",
      body: RetireRequest,
      response: { 200: RetireReport, ...errors(400, 401, 403) },
    }),
    async (request) => {
      const report = await app.inventory.retireSource(request.body.source);
      app.marketCache.clear();
      await auditAction(app, request, { action: 'inventory.retire', target: `source:${report.source}`, after: { retired: report.retired } });
      logAction(request, 'retire', { source: report.source, retired: report.retired });
      return report;
    },
  );
};

export default operatorInventory;
