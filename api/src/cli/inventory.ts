// Operator command: stocks the shop with exits.
//
//   npm run inventory -- import FILE [--source NAME | --sync NAME] [--skip-invalid] [--type TYPE]
//   npm run inventory -- check [--source NAME] [--state unchecked|online|dead] [--id N]
//   npm run inventory -- retire SOURCE
//   npm run inventory -- status
//
// It works on the database the environment names, as the API does (DATABASE_URL, else the embedded one in
// DATA_DIR), and works while the portal runs: PostgreSQL takes any number of clients, so the command
// writes it itself; the embedded database is held by the running process, so the command asks that
// process through its operator API with the secret it left in the data dir (operator/operator-control.ts).
// With nothing running the command opens the embedded database itself.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { startEmbeddedChecker } from 'checker/embedded';
import type { CheckRequest, CheckRunSummary, ImportReport, InventorySummary, RetireReport } from 'contract/inventory';
import { SOURCE_NAME_PATTERN } from 'contract/inventory';
import { createExitCredentialSealer, EXIT_CREDENTIALS_SETTING } from 'gateway/exit-credentials';
import type { Config } from '../config.ts';
import { startCommand, UsageError } from './command-line.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrator.ts';
import { loadOrCreateSecret } from '../db/settings.ts';
import { DECLARED_TYPES, type DeclaredType } from '../inventory/exit-types.ts';
import { createInventory, DEFAULT_SOURCE, InventoryInputError } from '../inventory/inventory.ts';
import { importAudit, recordOperatorAction } from '../operator/audit.ts';
import { auditCommand, callPortalJson, commandActor, portalName, runningPortal, type RunningPortal } from './running-portal.ts';

/** The command prints its own outcome; the checker's log lines would only repeat it. */
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

const USAGE = `usage: inventory <command>
  import FILE [--source NAME | --sync NAME] [--skip-invalid] [--type mobile|residential|datacenter]
      add or update the exits a file lists (one per line: host:port, host:port:login:password,
      login:password@host:port, socks5://…, optionally ,type,price_cents,label; or CSV with a header).
      --sync NAME also retires NAME's exits the file no longer lists.
  check [--source NAME] [--state unchecked|online|dead]... [--id N]...
      check exits now, once each (default: every upstream exit not retired); passed ones go on sale.
  retire SOURCE
      take every exit of a source off the market (leases run to their end; \`retire demo\` ends the demo).
  status
      exits per source and state.`;

export interface CommandIo {
  /** The folder relative file names are read from (where the command was typed). */
  cwd: string;
  out(text: string): void;
  err(text: string): void;
}

interface ImportArgs {
  content: Uint8Array;
  source: string;
  sync: boolean;
  skipInvalid: boolean;
  defaultType: DeclaredType;
}

/** What the command needs from the inventory, however it is reached. */
interface Transport {
  readonly describe: string;
  importFile(args: ImportArgs): Promise<ImportReport>;
  check(request: CheckRequest): Promise<CheckRunSummary>;
  retire(source: string): Promise<RetireReport>;
  summary(): Promise<InventorySummary>;
  close(): Promise<void>;
}

/** The running instance's operator API, authenticated by the secret it left in the data dir. */
function httpTransport(portal: RunningPortal, actor: string): Transport {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: { json: unknown } | { file: Uint8Array }): Promise<{ status: number; value: T }> => {
    const answer = await callPortalJson<T>(portal, { method, path: `/inventory${path}`, actor, ...(body === undefined ? {} : { body }), timeoutMs: 60 * 60 * 1000 });
    if (answer.status >= 400 && !(answer.status === 422 && path.startsWith('/import'))) {
      throw new Error(answer.value.message ?? `HTTP ${answer.status}`);
    }
    return answer;
  };
  return {
    describe: portalName(portal),
    async importFile(args) {
      const query = new URLSearchParams({
        [args.sync ? 'sync' : 'source']: args.source,
        skipInvalid: String(args.skipInvalid),
        type: args.defaultType,
      });
      return (await call<ImportReport>('POST', `/import?${query}`, { file: args.content })).value;
    },
    check: async (request) => (await call<CheckRunSummary>('POST', '/check', { json: request })).value,
    retire: async (source) => (await call<RetireReport>('POST', '/retire', { json: { source } })).value,
    summary: async () => (await call<InventorySummary>('GET', '/')).value,
    close: async () => {},
  };
}

/** The database itself: PostgreSQL (shared with running instances), or the embedded one when nothing runs. */
async function directTransport(config: Config, actor: string): Promise<Transport> {
  const database: Database = await openDatabase(config.database);
  try {
    await migrate(database.db);
    const key = await loadOrCreateSecret(database.db, EXIT_CREDENTIALS_SETTING, config.inventory.credentialsKey);
    const inventory = createInventory(database.db, createExitCredentialSealer(key));
    await inventory.sealLegacyCredentials();
    return {
      describe: config.database.kind === 'postgres' ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`,
      async importFile(args) {
        // As the operator route does: an import's audit row commits with it, a refused one is audited after.
        const report = await inventory.importFile({
          ...args,
          record: (trx, done) => recordOperatorAction(trx, { ...importAudit(args.source, done), actor: { userId: null, name: actor } }).then(() => undefined),
        });
        if (!report.imported) await auditCommand(database.db, actor, importAudit(args.source, report));
        return report;
      },
      async retire(source) {
        const report = await inventory.retireSource(source);
        await auditCommand(database.db, actor, { action: 'inventory.retire', target: `source:${report.source}`, after: { retired: report.retired } });
        return report;
      },
      summary: () => inventory.summary(),
      async check(request) {
        const checker = await startEmbeddedChecker({
          database:
            config.database.kind === 'postgres'
              ? { kind: 'postgres', url: config.database.url, schema: config.database.schema }
              : { kind: 'pglite', pglite: database.pglite!, exclusive: (fn) => database.db.connection().execute(() => fn()) },
          environment: config.inventory.checkerEnvironment,
          exitCredentialsKey: config.inventory.credentialsKey,
          log: quiet,
        });
        let summary;
        try {
          summary = await checker.check(request);
        } finally {
          await checker.close();
        }
        await auditCommand(database.db, actor, {
          action: 'inventory.check',
          target: request.source === undefined ? 'inventory' : `source:${request.source}`,
          after: { checked: summary.checked, online: summary.online, failed: summary.failed },
        });
        return summary;
      },
      close: () => database.close(),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function connect(config: Config, actor: string): Promise<Transport> {
  const portal = await runningPortal(config);
  return portal ? httpTransport(portal, actor) : directTransport(config, actor);
}

const number = (n: number) => n.toLocaleString('en-US');

function printImport(report: ImportReport, io: CommandIo): void {
  (report.imported ? io.out : io.err)(report.message);
  const shown = report.errors.map((problem) => `  line ${problem.line}: ${problem.reason}`);
  if (shown.length > 0) io.err(shown.join('\n'));
  if (report.errorCount > report.errors.length) io.err(`  … and ${number(report.errorCount - report.errors.length)} more bad lines`);
  if (report.duplicateCount > 0) {
    const first = report.duplicates.slice(0, 10).map((duplicate) => `line ${duplicate.line} (= line ${duplicate.of})`);
    io.out(`Repeated lines skipped: ${first.join(', ')}${report.duplicateCount > first.length ? `, … ${number(report.duplicateCount)} in all` : ''}`);
  }
}

function printCheck(summary: CheckRunSummary, io: CommandIo): void {
  const stages = Object.entries(summary.failedAt).map(([stage, count]) => `${stage} ${count}`);
  io.out(
    `Checked ${number(summary.checked)} exits in ${(summary.milliseconds / 1000).toFixed(1)} s through the judge ${summary.judge}: ` +
      `${number(summary.online)} passed, ${number(summary.failed)} failed${stages.length > 0 ? ` (at ${stages.join(', ')})` : ''}.`,
  );
  for (const item of summary.results) {
    const head = `  #${item.id} ${item.endpoint} [${item.source}]`;
    io.out(
      item.ok
        ? `${head} ${item.state}: ping ${item.pingMs} ms, connect ${item.connectMs} ms, exit IP ${item.exitIp}`
        : `${head} ${item.state}: failed at ${item.stage} (${item.failure}): ${item.detail}`,
    );
  }
  if (summary.checked > summary.results.length) io.out(`  … ${number(summary.checked - summary.results.length)} more`);
  if (summary.checked === 0) io.out('No exit matched: imported exits are checked here; demo exits are not.');
}

function printSummary(summary: InventorySummary, io: CommandIo): void {
  if (summary.sources.length === 0) {
    io.out('No exits yet: `npm run inventory -- import FILE` adds yours.');
    return;
  }
  const rows = [['source', 'unchecked', 'online', 'dead', 'retired'], ...summary.sources.map((s) => [s.source, ...[s.unchecked, s.online, s.dead, s.retired].map(number)])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) io.out(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  io.out(`On the market: ${number(summary.forSale)} for sale, ${number(summary.leased)} leased.`);
}

function sourceName(value: string | undefined, option: string): string | undefined {
  if (value === undefined) return undefined;
  if (!new RegExp(SOURCE_NAME_PATTERN).test(value)) throw new UsageError(`${option} must be a source name: lower-case letters, digits, - and _ (at most 32)`);
  return value;
}

async function readImportFile(path: string, io: CommandIo, maxBytes: number): Promise<Uint8Array> {
  const file = resolve(io.cwd, path);
  let size: number;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new UsageError(`${path} is a folder, not a file of exits`);
    size = info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  if (size > maxBytes) throw new UsageError(`${path} is ${number(size)} bytes; imports take at most ${number(maxBytes)} (INVENTORY_IMPORT_MAX_BYTES)`);
  return readFile(file);
}

export async function runInventoryCommand(argv: string[], env: Record<string, string | undefined>, io: CommandIo): Promise<number> {
  const started = startCommand('inventory', USAGE, argv, env, io, {
    source: { type: 'string' },
    sync: { type: 'string' },
    'skip-invalid': { type: 'boolean', default: false },
    type: { type: 'string' },
    state: { type: 'string', multiple: true },
    id: { type: 'string', multiple: true },
  });
  if (typeof started === 'number') return started;
  const { command, rest, options, config } = started;

  let work: (transport: Transport) => Promise<number>;
  try {
    if (command === 'import') {
      if (rest.length !== 1) throw new UsageError('import takes one file');
      const source = sourceName(options.source, '--source');
      const sync = sourceName(options.sync, '--sync');
      if (source !== undefined && sync !== undefined && source !== sync) throw new UsageError('name the source once: --sync NAME imports into NAME');
      const type = options.type?.toLowerCase();
      if (type !== undefined && !(DECLARED_TYPES as readonly string[]).includes(type)) throw new UsageError(`--type must be one of ${DECLARED_TYPES.join(', ')}`);
      const content = await readImportFile(rest[0]!, io, config.inventory.importMaxBytes);
      const args: ImportArgs = {
        content,
        source: sync ?? source ?? DEFAULT_SOURCE,
        sync: sync !== undefined,
        skipInvalid: options['skip-invalid'] === true,
        defaultType: (type ?? 'datacenter') as DeclaredType,
      };
      work = async (transport) => {
        const report = await transport.importFile(args);
        printImport(report, io);
        return report.imported ? 0 : 1;
      };
    } else if (command === 'check') {
      if (rest.length > 0) throw new UsageError('check takes options only');
      const states = (options.state ?? []).map((state) => {
        if (state !== 'unchecked' && state !== 'online' && state !== 'dead') throw new UsageError('--state must be unchecked, online or dead');
        return state;
      });
      const ids = (options.id ?? []).map((id) => {
        if (!/^\d{1,15}$/.test(id) || Number(id) < 1) throw new UsageError('--id must be an exit id (a positive number)');
        return Number(id);
      });
      const source = sourceName(options.source, '--source');
      const request: CheckRequest = {
        ...(source === undefined ? {} : { source }),
        ...(states.length === 0 ? {} : { states }),
        ...(ids.length === 0 ? {} : { ids }),
      };
      work = async (transport) => {
        const summary = await transport.check(request);
        printCheck(summary, io);
        return 0;
      };
    } else if (command === 'retire') {
      if (rest.length !== 1) throw new UsageError('retire takes one source name');
      const source = sourceName(rest[0], 'the source')!;
      work = async (transport) => {
        io.out((await transport.retire(source)).message);
        return 0;
      };
    } else if (command === 'status') {
      if (rest.length > 0) throw new UsageError('status takes no arguments');
      work = async (transport) => {
        printSummary(await transport.summary(), io);
        return 0;
      };
    } else {
      throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`inventory: ${error.message}\n${USAGE}`);
    return 2;
  }

  let transport: Transport;
  try {
    transport = await connect(config, commandActor('inventory', env));
  } catch (error) {
    io.err(`inventory: cannot reach the inventory: ${(error as Error).message}`);
    return 1;
  }
  try {
    return await work(transport);
  } catch (error) {
    if (error instanceof InventoryInputError) {
      io.err(`inventory: ${error.message}`);
      return 2;
    }
    io.err(`inventory: ${(error as Error).message} (through ${transport.describe})`);
    return 1;
  } finally {
    await transport.close();
  }
}

if (import.meta.main) {
  process.exitCode = await runInventoryCommand(process.argv.slice(2), process.env, {
    // `npm run inventory` runs this from the workspace root; the toolchain passes where it was typed.
    cwd: process.env.CALLER_CWD ?? process.cwd(),
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
}
