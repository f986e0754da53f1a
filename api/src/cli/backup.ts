// Backup and restore of the embedded database (PGlite in $DATA_DIR/pglite), for `npm run backup -- FILE` and
// `npm run restore -- FILE`. With DATABASE_URL both refuse: PostgreSQL is backed up with pg_dump or the
// server's own means (docs/production.md, "Backups").
//
// backup: while the portal runs, only its process may open the files, so the command asks it
// (GET /api/operator/backup with the instance's control secret, on this machine): the instance reads its
// files between two statements, a consistent copy. While nothing runs, the command opens them itself.
// restore: only while nothing runs (it takes the data folder's lock). The current files are kept next to
// the restored ones ($DATA_DIR/pglite.before-restore-<time>) until the operator deletes them.
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig, type Config } from '../config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { openPGlite } from '../db/database.ts';
import { callPortal, commandActor, runningPortal } from './running-portal.ts';

export interface CommandResult {
  code: number;
  output: string;
}

const USAGE = 'usage: npm run backup -- FILE (a .tar.gz of the embedded database) | npm run restore -- FILE';

function embeddedDir(env: Record<string, string | undefined>): { dataDir: string; pgliteDir: string; config: Config } | string {
  const config = loadConfig(env);
  if (config.database.kind === 'postgres') return 'DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/production.md, Backups); this command is for the embedded database.';
  return { dataDir: config.dataDir, pgliteDir: config.database.dataDir!, config };
}

async function writeWhole(file: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

export async function backup(argv: string[], env: Record<string, string | undefined> = process.env): Promise<CommandResult> {
  const [file] = argv;
  if (!file) return { code: 2, output: USAGE };
  const where = embeddedDir(env);
  if (typeof where === 'string') return { code: 1, output: where };
  const portal = await runningPortal(where.config);
  if (portal) {
    const response = await callPortal(portal, { method: 'GET', path: '/backup', timeoutMs: 60 * 60 * 1000, actor: commandActor('backup', env) }).catch(() => null);
    if (response?.ok) {
      const bytes = Buffer.from(await response.arrayBuffer());
      await writeWhole(file, bytes);
      return { code: 0, output: `backed up the running instance's database (${bytes.length} bytes) to ${file}` };
    }
    if (response) return { code: 1, output: `the running instance refused the backup: ${response.status} ${await response.text()}` };
    // No answer: a control file left by an instance that is gone; the files are opened below (the lock decides).
  }
  let database;
  try {
    database = await openPGlite(where.pgliteDir);
  } catch (error) {
    return { code: 1, output: `cannot open the embedded database: ${(error as Error).message}` };
  }
  try {
    const bytes = Buffer.from(await (await database.pglite!.dumpDataDir('gzip')).arrayBuffer());
    await writeWhole(file, bytes);
    return { code: 0, output: `backed up the embedded database (${bytes.length} bytes) to ${file}` };
  } finally {
    await database.close();
  }
}

export async function restore(argv: string[], env: Record<string, string | undefined> = process.env): Promise<CommandResult> {
  const [file] = argv;
  if (!file) return { code: 2, output: USAGE };
  const where = embeddedDir(env);
  if (typeof where === 'string') return { code: 1, output: where.replace('back up', 'restore').replace('pg_dump', 'pg_restore or psql') };
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return { code: 1, output: `cannot read ${file}: ${(error as Error).message}` };
  }
  await mkdir(where.dataDir, { recursive: true });
  let lock;
  try {
    lock = await lockDataDir(`${where.pgliteDir}.lock`, where.pgliteDir);
  } catch (error) {
    return { code: 1, output: `stop the portal first: ${(error as Error).message}` };
  }
  const staging = `${where.pgliteDir}.restoring`;
  try {
    await rm(staging, { recursive: true, force: true });
    // Loaded into a folder of its own and checked with a query before it replaces anything.
    try {
      const restored = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([new Uint8Array(bytes)]) });
      await restored.query('select count(*) from schema_migrations');
      await restored.close();
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      return { code: 1, output: `${file} is not a backup of this shop's embedded database: ${(error as Error).message}` };
    }
    let kept = '';
    if (await stat(where.pgliteDir).catch(() => null)) {
      kept = `${where.pgliteDir}.before-restore-${new Date().toISOString().replaceAll(':', '-')}`;
      await rename(where.pgliteDir, kept);
    }
    await rename(staging, where.pgliteDir);
    return { code: 0, output: `restored ${file} into ${where.pgliteDir}${kept ? `; the files it replaced are in ${kept}` : ''}` };
  } finally {
    await lock.release();
  }
}

if (import.meta.main) {
  const [command, ...rest] = process.argv.slice(2);
  const run = command === 'backup' ? backup : command === 'restore' ? restore : null;
  const { code, output } = run ? await run(rest) : { code: 2, output: USAGE };
  (code === 0 ? console.log : console.error)(output);
  process.exitCode = code;
}

