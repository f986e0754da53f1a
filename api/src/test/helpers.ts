// Test helpers: build the real app on a fresh database and drive it through inject(), as a browser would.
// Every suite runs on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set; each app gets its own
// database (a fresh schema, dropped afterwards), so tests never see each other's rows.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, type TestContext } from 'node:test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp, type App, type AppDependencies } from '../app.ts';
import { loadConfig, loadTestEnvironment, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrator.ts';
import { PGliteDialect } from '../db/pglite-dialect.ts';
import type { Schema } from '../db/schema.ts';

export type Backend = 'pglite' | 'postgres';

export const testEnvironment = loadTestEnvironment();

/** The databases every suite runs on. */
export const backends: Backend[] = testEnvironment.databaseUrl ? ['pglite', 'postgres'] : ['pglite'];

export const STRONG_PASSWORD = 'Correct-Horse-1';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K] };

/** Config for a test app: quiet, generous rate limits, easy captcha, its own data dir. */
export function testConfig(dataDir: string, overrides: DeepPartial<Config> = {}): Config {
  // portal.test is not a loopback name: tests run the sandbox there on purpose.
  const base = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://portal.test', PAYMENT_SANDBOX_ALLOW_PUBLIC: 'true' });
  return {
    ...base,
    ...overrides,
    database: base.database,
    mail: { ...base.mail, ...overrides.mail },
    auth: { ...base.auth, ...overrides.auth },
    captcha: { ...base.captcha, maxNumber: 500, ...overrides.captcha },
    rateLimit: { ...base.rateLimit, max: 10_000, ...overrides.rateLimit },
    // Tests run the outbox by hand (routes still try their own jobs at once).
    jobs: { ...base.jobs, pollMs: 0, ...overrides.jobs },
    metrics: { ...base.metrics, ...overrides.metrics },
    // Tests sweep by hand, at the moments they choose.
    leases: { ...base.leases, sweepMs: 0, ...overrides.leases },
    inventory: { ...base.inventory, ...overrides.inventory },
    // Test receivers listen on loopback over plain http; the SSRF tests switch this off again.
    webhooks: { ...base.webhooks, allowLoopback: true, allowHttp: true, ...overrides.webhooks },
    support: { ...base.support, ...overrides.support },
    web: { ...base.web, ...overrides.web },
  } as Config;
}

/**
 * One embedded PostgreSQL per test process; each test database is a fresh schema in it (like on a real
 * server), which costs milliseconds instead of a PGlite start. The initialised data dir is cached on disk
 * per PGlite version, so only the first process ever runs initdb.
 */
let embedded: Promise<PGlite> | null = null;
function embeddedPostgres(): Promise<PGlite> {
  embedded ??= (async () => {
    const packageJson = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
    const { version } = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string };
    const cacheFile = join(tmpdir(), `private-sock5-pglite-${version}.tar`);
    try {
      return await PGlite.create({ loadDataDir: new Blob([await readFile(cacheFile)]) });
    } catch {
      const pglite = await PGlite.create();
      const image = await pglite.dumpDataDir('none');
      const partial = `${cacheFile}.${process.pid}`;
      await writeFile(partial, Buffer.from(await image.arrayBuffer()));
      await rename(partial, cacheFile);
      return pglite;
    }
  })();
  return embedded;
}

// PGlite arms timers of its own (setitimer); close it when the file's tests are done so the process exits.
after(async () => {
  if (embedded) await (await embedded).close();
});

/** A test database: also names its schema (a gateway started by a test reads the same one). */
export type TestDatabase = Database & { schema: string };

/** A fresh database (schema) on the given backend, migrated unless asked not to; close() removes it. */
export async function openTestDatabase(backend: Backend, options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let database: Database;
  if (backend === 'pglite') {
    const pglite = await embeddedPostgres();
    const db = new Kysely<Schema>({ dialect: new PGliteDialect(pglite, schema) });
    await sql`create schema ${sql.id(schema)}`.execute(db);
    database = {
      db,
      kind: 'pglite',
      pglite,
      close: async () => {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
        await db.destroy();
      },
    };
  } else {
    const url = testEnvironment.databaseUrl;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const opened = await openDatabase({ kind: 'postgres', url, schema });
    database = {
      ...opened,
      close: async () => {
        await opened.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop schema ${schema} cascade`);
        await dropper.end();
      },
    };
  }
  if (options.migrated !== false) await migrate(database.db);
  return { ...database, schema };
}

export interface BuildOptions {
  config?: DeepPartial<Config>;
  /** Share a database with another app (multi-instance tests); the caller closes it. */
  database?: Database;
  /** The app's other dependencies (a checker, a log stream). */
  dependencies?: Omit<AppDependencies, 'database'>;
}

/** The real app on a fresh database, closed (with its database and data dir) when the test ends. */
export async function build(t: TestContext, backend: Backend, options: BuildOptions = {}): Promise<App> {
  const dataDir = await mkdtemp(join(tmpdir(), 'private-sock5-test-'));
  const database = options.database ?? (await openTestDatabase(backend));
  const app = await buildApp(testConfig(dataDir, options.config), { ...options.dependencies, database });
  t.after(async () => {
    await app.close();
    if (!options.database) await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return app;
}

let sequence = 0;
/** A username no other test uses. */
export function uniqueName(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}${sequence}_${randomBytes(3).toString('hex')}`;
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
}

export async function register(app: App, fields: Partial<Omit<TestUser, 'id'>> = {}): Promise<TestUser> {
  const username = fields.username ?? uniqueName();
  const user = { username, email: fields.email ?? `${username}@example.com`, password: fields.password ?? STRONG_PASSWORD };
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: user });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { ...user, id: response.json<{ userInfo: { _id: string } }>().userInfo._id };
}

/** Fetches a challenge and solves it like the browser widget does; returns the payload the page sends. */
export async function solveCaptcha(app: App): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/api/auth/challenge' })).json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('captcha not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export function loginRequest(app: App, username: string, password: string, captcha: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, captcha } });
}

/** Logs in (solving a captcha) and returns the session token. */
export async function login(app: App, user: Pick<TestUser, 'username' | 'password'>): Promise<string> {
  const response = await loginRequest(app, user.username, user.password, await solveCaptcha(app));
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

export function injectWithLogin(app: App, token: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
}

/** Rows per table, to prove a refused request wrote nothing. */
export async function rowCounts(app: App): Promise<Record<string, number>> {
  const tables = [
    'users',
    'sessions',
    'used_captchas',
    'password_resets',
    'failed_logins',
    'ledger',
    'two_factor',
    'recovery_codes',
    'failed_second_factors',
    'proxy_credentials',
    'user_ip_allowlist',
    'sign_ins',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}
