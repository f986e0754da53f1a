// The operator's inventory: importing a file of exits (all or nothing, unless told to skip bad lines),
// retiring a source, seeding the demo catalogue into an empty inventory, the summary per source and state.
// Every write holds one advisory lock, so imports from the console, the command and several API instances
// take turns; a run is one transaction, so a failure half-way leaves nothing behind.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ExitCredentialSealer } from 'gateway/exit-credentials';
import type { ImportReport, InventorySummary, RetireReport } from 'contract/inventory';
import type { Schema } from '../db/schema.ts';
import { parseExitFile, type ParsedFile } from './exit-lines.ts';
import { endpointKeyOf, recordStateChanges, retire, syncSource, type SyncCounts } from './exit-sync.ts';
import type { DeclaredType } from './exit-types.ts';
import { FileProxySource } from './file-source.ts';
import type { ExitState } from './inventory-schema.ts';
import type { ProxySource } from './proxy-source.ts';

const INVENTORY_LOCK_KEY = 7_312_005_015;
/** How many bad lines and duplicates a report lists (all are counted). */
const REPORT_LIMIT = 1000;
/** The demo catalogue's source: seeded, never imported into from a file. */
export const DEMO_SOURCE = 'demo';
export const DEFAULT_SOURCE = 'file';

export interface ImportRequest {
  content: Uint8Array;
  /** The source the exits belong to. */
  source: string;
  /** Retire the source's exits the file does not list. */
  sync: boolean;
  /** Import the good lines of a file with bad ones (the bad ones are reported). */
  skipInvalid: boolean;
  /** The type of lines that name none. */
  defaultType: DeclaredType;
  /** Run the whole import and roll it back: the report says what importing would do; nothing is written. */
  dryRun?: boolean;
  /** Written in the import's transaction once it succeeded (the operator audit row). */
  record?: (trx: Transaction<Schema>, report: ImportReport) => Promise<void>;
}

/** Thrown inside a dry run's transaction to roll it back with its counts. */
class DryRunRollback extends Error {
  readonly counts: SyncCounts;
  constructor(counts: SyncCounts) {
    super('dry run');
    this.counts = counts;
  }
}

/** What changed one exit's state by the operator's hand. */
export interface ExitStateChange {
  id: number;
  from: ExitState;
  to: ExitState;
}

export class InventoryInputError extends Error {
  override name = 'InventoryInputError';
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

function report(parsed: ParsedFile, request: ImportRequest, counts: SyncCounts | null, message: string): ImportReport {
  return {
    message,
    imported: counts !== null,
    source: request.source,
    sync: request.sync,
    lines: parsed.lines,
    exits: parsed.exits.length,
    created: counts?.created ?? 0,
    updated: counts?.updated ?? 0,
    unchanged: counts?.unchanged ?? 0,
    reactivated: counts?.reactivated ?? 0,
    retired: counts?.retired ?? 0,
    fileError: parsed.fileError,
    errors: parsed.errors.slice(0, REPORT_LIMIT),
    errorCount: parsed.errors.length,
    duplicates: parsed.duplicates.slice(0, REPORT_LIMIT),
    duplicateCount: parsed.duplicates.length,
  };
}

function importedMessage(counts: SyncCounts, request: ImportRequest, parsed: ParsedFile): string {
  const parts = [
    `${plural(counts.exits, 'exit')} into source "${request.source}": ${counts.created.toLocaleString('en-US')} new`,
    `${counts.updated.toLocaleString('en-US')} updated`,
    `${counts.unchanged.toLocaleString('en-US')} unchanged`,
  ];
  if (counts.reactivated > 0) parts.push(`${counts.reactivated.toLocaleString('en-US')} listed again`);
  if (request.sync) parts.push(`${counts.retired.toLocaleString('en-US')} retired`);
  let message = `Imported ${parts.join(', ')}.`;
  if (parsed.errors.length > 0) message += ` ${plural(parsed.errors.length, 'bad line')} skipped.`;
  if (parsed.duplicates.length > 0) message += ` ${plural(parsed.duplicates.length, 'repeated line')} skipped.`;
  if (counts.created + counts.reactivated > 0) message += ' New exits go on sale after their first check passes.';
  return message;
}

export function createInventory(db: Kysely<Schema>, sealer: ExitCredentialSealer) {
  /** One writer at a time, in one transaction with no statement limit (a large file outlasts a request's). */
  function locked<T>(work: (trx: Transaction<Schema>) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 0`.execute(trx);
      await sql`select pg_advisory_xact_lock(${INVENTORY_LOCK_KEY})`.execute(trx);
      return work(trx);
    });
  }

  return {
    /**
     * Imports a file. Refused (nothing written) when it is not text, has a bad header, or has a bad line and
     * `skipInvalid` is off; the report names every problem by line number.
     */
    async importFile(request: ImportRequest): Promise<ImportReport> {
      if (request.source === DEMO_SOURCE) {
        throw new InventoryInputError(`"${DEMO_SOURCE}" is the demo catalogue's source: import your exits under another name (default "${DEFAULT_SOURCE}")`);
      }
      const parsed = await parseExitFile(request.content);
      if (parsed.fileError !== null) return report(parsed, request, null, `Nothing was imported: ${parsed.fileError}.`);
      if (parsed.errors.length > 0 && !request.skipInvalid) {
        const first = parsed.errors[0]!;
        return report(
          parsed,
          request,
          null,
          `Nothing was imported: ${plural(parsed.errors.length, 'bad line')} of ${parsed.lines.toLocaleString('en-US')} ` +
            `(first: line ${first.line}, ${first.reason}). Fix them, or import again skipping bad lines (--skip-invalid) to import the rest.`,
        );
      }
      if (parsed.exits.length === 0 && !request.sync) {
        return report(parsed, request, null, 'Nothing was imported: the file names no exit.');
      }
      const source = new FileProxySource(request.source, parsed.exits, request.defaultType);
      if (request.dryRun) {
        const counts = await locked(async (trx) => {
          throw new DryRunRollback(await syncSource(trx, source, sealer, { retireMissing: request.sync }));
        }).catch((error: unknown) => {
          if (error instanceof DryRunRollback) return error.counts;
          throw error;
        });
        return { ...report(parsed, request, counts, `Nothing written yet. ${importedMessage(counts, request, parsed).replace(/^Imported/, 'Importing would write')}`), imported: false, dryRun: true };
      }
      return locked(async (trx) => {
        const counts = await syncSource(trx, source, sealer, { retireMissing: request.sync });
        const done = report(parsed, request, counts, importedMessage(counts, request, parsed));
        await request.record?.(trx, done);
        return done;
      });
    },

    /** One exit off the market by the operator's hand (its leases run to their end); null: no such exit. */
    async retireExit(id: number, record: (trx: Transaction<Schema>, change: ExitStateChange) => Promise<void>): Promise<ExitStateChange | null> {
      return locked(async (trx) => {
        const { rows } = await sql<{ state: ExitState }>`select state from exits where id = ${id} for update`.execute(trx);
        const from = rows[0]?.state;
        if (from === undefined) return null;
        const change = { id, from, to: 'retired' as const };
        if (from !== 'retired') await retire(trx, [{ id, from }], 'retired by the operator');
        await record(trx, change);
        return change;
      });
    },

    /**
     * A retired exit back in service: an upstream exit is checked again before it is sold (unchecked, due
     * now); a direct exit (no check applies) is online at once. null: no such exit.
     */
    async restoreExit(id: number, record: (trx: Transaction<Schema>, change: ExitStateChange) => Promise<void>): Promise<ExitStateChange | null> {
      return locked(async (trx) => {
        const { rows } = await sql<{ state: ExitState; kind: string }>`select state, kind from exits where id = ${id} for update`.execute(trx);
        const row = rows[0];
        if (!row) return null;
        const to: ExitState = row.state !== 'retired' ? row.state : row.kind === 'direct' ? 'online' : 'unchecked';
        if (row.state === 'retired') {
          await sql`
            update exits set state = ${to}, state_changed_at = now(), updated_at = now(), next_check_at = now(),
              consecutive_failures = 0, consecutive_successes = 0, failing_since = null
            where id = ${id}`.execute(trx);
          await recordStateChanges(trx, [{ id, from: 'retired', to, reason: 'restored by the operator' }]);
        }
        const change = { id, from: row.state, to };
        await record(trx, change);
        return change;
      });
    },

    /**
     * Writes everything a source module lists (a provider's API, say): new exits added, known ones updated,
     * and with `retireMissing` the source's exits it no longer lists retired. One transaction.
     */
    async sync(source: ProxySource, retireMissing = true): Promise<SyncCounts> {
      if (source.name === DEMO_SOURCE) throw new InventoryInputError(`"${DEMO_SOURCE}" is the demo catalogue's source`);
      return locked((trx) => syncSource(trx, source, sealer, { retireMissing }));
    },

    /** Every exit of a source off the market (the operator's word; a demo is taken down this way). */
    async retireSource(name: string): Promise<RetireReport> {
      const retired = await locked(async (trx) => {
        const { rows } = await sql<{ id: number; state: ExitState }>`
          select id, state from exits where source = ${name} and state <> 'retired' for update`.execute(trx);
        return retire(trx, rows.map((row) => ({ id: Number(row.id), from: row.state })), 'retired by the operator');
      });
      return { message: `Retired ${plural(retired, 'exit')} of source "${name}".`, source: name, retired };
    },

    /** Fills an empty inventory from a source (the demo catalogue), once; returns how many exits it wrote. */
    async seedIfEmpty(source: ProxySource): Promise<number> {
      return locked(async (trx) => {
        const { rows } = await sql<{ id: number }>`select id from exits limit 1`.execute(trx);
        if (rows.length > 0) return 0;
        const counts = await syncSource(trx, source, sealer, { retireMissing: false });
        await sql`analyze exits`.execute(trx);
        await sql`analyze proxy_listings`.execute(trx);
        return counts.created;
      });
    },

    /**
     * Seals credentials that an older version kept in plain text (moved aside by migration 0015) and gives
     * those exits their real endpoint key. Runs at start; after it, no plain-text credentials remain.
     */
    async sealLegacyCredentials(): Promise<number> {
      return locked(async (trx) => {
        const { rows } = await sql<{ id: number; source: string; host: string; port: number; legacy_login: string | null; legacy_password: string | null }>`
          select id, source, host, port, legacy_login, legacy_password from exits
          where kind = 'socks5' and (legacy_login is not null or endpoint_key like 'legacy:%') for update`.execute(trx);
        for (const row of rows) {
          const login = row.legacy_login;
          const password = row.legacy_password;
          const endpoint = { kind: 'socks5' as const, host: row.host, port: row.port, login, password };
          const key = endpointKeyOf(row.source, { endpoint, declaredType: 'residential', priceCents: null, label: '', country: null }, sealer);
          const taken = await sql`select 1 from exits where endpoint_key = ${key} and id <> ${row.id}`.execute(trx);
          const endpointKey = taken.rows.length > 0 ? `legacy:${row.id}` : key;
          const credentials = login !== null && password !== null ? { login, password } : null;
          await sql`
            update exits set endpoint_key = ${endpointKey},
              credentials_box = ${credentials ? sealer.seal(endpointKey, credentials) : null},
              credentials_digest = ${credentials ? sealer.credentialsDigest(credentials) : null},
              legacy_login = null, legacy_password = null, updated_at = now()
            where id = ${row.id}`.execute(trx);
        }
        return rows.length;
      });
    },

    async summary(): Promise<InventorySummary> {
      const { rows } = await sql<{ source: string; state: ExitState; n: number }>`
        select source, state, count(*)::int as n from exits group by source, state order by source`.execute(db);
      const bySource = new Map<string, InventorySummary['sources'][number]>();
      for (const row of rows) {
        const entry = bySource.get(row.source) ?? { source: row.source, unchecked: 0, online: 0, dead: 0, retired: 0 };
        entry[row.state] = Number(row.n);
        bySource.set(row.source, entry);
      }
      const { rows: market } = await sql<{ for_sale: number; leased: number }>`
        select count(*) filter (where online and (leased_until is null or leased_until <= now()))::int as for_sale,
               count(*) filter (where leased_until > now())::int as leased
        from proxy_listings`.execute(db);
      return { sources: [...bySource.values()], forSale: Number(market[0]?.for_sale ?? 0), leased: Number(market[0]?.leased ?? 0) };
    },
  };
}

export type Inventory = ReturnType<typeof createInventory>;
