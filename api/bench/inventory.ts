// `npm run bench:inventory`: importing an operator's list of exits, on PostgreSQL and on the embedded
// PGlite side by side in one run. A file of 100,000 exits (BENCH_IMPORT_LINES), each `host:port:login:password`
// with a type and a label, goes through the same code as `npm run inventory -- import`: read and checked line
// by line, credentials sealed, written in one transaction. Then the same file again (nothing changes), a
// sync that changes 1% and drops 1%, and a file with 3 bad lines (refused whole). The target: 100,000 lines
// on PostgreSQL in under 30 s. BENCH_DATABASE_URL (default: TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test) names the server; the run uses a fresh schema and drops it.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createExitCredentialSealer } from 'gateway/exit-credentials';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrator.ts';
import { parseExitFile } from '../src/inventory/exit-lines.ts';
import { createInventory } from '../src/inventory/inventory.ts';

const env = process.env;
const databaseUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LINES = Number(env.BENCH_IMPORT_LINES ?? 100_000);
const TARGET_MS = 30_000;

function fileOf(count: number, variant: (i: number) => string | null = () => null): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const line = variant(i);
    if (line === '') continue;
    lines.push(line ?? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:1080:user${i}:pass-${i}-x,residential,,batch-1`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

interface Row {
  scenario: string;
  ms: number;
  outcome: string;
}

async function measure(database: Database): Promise<Row[]> {
  await migrate(database.db);
  const inventory = createInventory(database.db, createExitCredentialSealer(randomBytes(32).toString('base64url')));
  const rows: Row[] = [];
  const run = async (scenario: string, content: Buffer, sync: boolean) => {
    const started = performance.now();
    const report = await inventory.importFile({ content, source: 'bench', sync, skipInvalid: false, defaultType: 'datacenter' });
    const ms = performance.now() - started;
    const outcome = report.imported
      ? `${report.created} new, ${report.updated} updated, ${report.unchanged} unchanged, ${report.retired} retired`
      : `refused: ${report.errorCount} bad lines`;
    rows.push({ scenario, ms, outcome });
  };
  const file = fileOf(LINES);
  await run(`import ${LINES.toLocaleString('en-US')} new exits`, file, false);
  await run('the same file again', file, false);
  await run('sync: 1% new credentials, 1% dropped', fileOf(LINES, (i) => (i % 100 === 1 ? '' : i % 100 === 2 ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:1080:user${i}:rotated-${i},residential,,batch-2` : null)), true);
  await run('a file with 3 bad lines', fileOf(LINES, (i) => (i === 17 ? '10.0.0.17:0' : i === LINES >> 1 ? '10.1.1.1:1080,satellite' : i === LINES - 2 ? 'not an exit' : null)), false);
  return rows;
}

const started = performance.now();
const parsed = await parseExitFile(fileOf(LINES));
const parseMs = performance.now() - started;

const schema = `bench_inventory_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(`create schema ${schema}`);
let postgres: Row[];
let pglite: Row[];
try {
  console.log(`load average before: ${loadavg().map((n) => n.toFixed(2)).join(' ')}; reading the file alone: ${Math.round(parseMs)} ms for ${parsed.exits.length.toLocaleString('en-US')} exits`);
  const pgDatabase = await openDatabase({ kind: 'postgres', url: databaseUrl, schema });
  try {
    postgres = await measure(pgDatabase);
  } finally {
    await pgDatabase.close();
  }
  const embedded = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    pglite = await measure(embedded);
  } finally {
    await embedded.close();
  }
} finally {
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (ms: number) => `${Math.round(LINES / (ms / 1000)).toLocaleString('en-US')}/s`;
console.log(`\n| scenario | PostgreSQL | lines/s | PGlite | lines/s | PGlite ÷ PostgreSQL | outcome |`);
console.log('|---|---|---|---|---|---|---|');
for (const [i, row] of postgres.entries()) {
  const other = pglite[i]!;
  console.log(`| ${row.scenario} | ${seconds(row.ms)} | ${rate(row.ms)} | ${seconds(other.ms)} | ${rate(other.ms)} | ${(other.ms / row.ms).toFixed(2)} | ${row.outcome} |`);
}
const first = postgres[0]!.ms;
console.log(`\n${LINES.toLocaleString('en-US')} lines on PostgreSQL in ${seconds(first)}: ${first < TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS / 1000} s target.`);
console.log(`load average after: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
if (first >= TARGET_MS) process.exitCode = 1;
