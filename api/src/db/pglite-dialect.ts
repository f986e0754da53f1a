// A Kysely dialect for PGlite (embedded PostgreSQL in WebAssembly). PGlite is one single connection, so the
// driver hands it out to one holder at a time: a transaction owns it from BEGIN to COMMIT/ROLLBACK and other
// queries queue behind it, exactly as they would wait for a pool slot on a real server. (So code inside a
// transaction must use that transaction, never the root `db`: the root would wait for the connection forever.)
// Several dialects may share one PGlite, each pinned to its own schema (tests give each app a fresh schema
// instead of a fresh PGlite); the lock and the session's search_path are then per PGlite instance.
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** FIFO lock: `acquire()` resolves when every earlier holder has called its release function. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => held);
    return ready;
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = compiledQuery.parameters as unknown[];
    if (parameters.length === 0) {
      // The simple protocol accepts several statements in one string (migration scripts).
      const results = await this.#pglite.exec(compiledQuery.sql);
      const last = results.at(-1);
      return {
        rows: (last?.rows ?? []) as R[],
        numAffectedRows: last?.affectedRows === undefined ? undefined : BigInt(last.affectedRows),
      };
    }
    const result = await this.#pglite.query<R>(compiledQuery.sql, parameters);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiledQuery);
  }
}

interface SharedState {
  mutex: Mutex;
  /** The schema the session's search_path points at; null: PostgreSQL's default. */
  schema: string | null;
}
const shared = new WeakMap<PGlite, SharedState>();

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #schema: string | null;
  readonly #state: SharedState;
  readonly #connection: PGliteConnection;
  #release: (() => void) | null = null;

  constructor(pglite: PGlite, schema: string | null) {
    this.#pglite = pglite;
    this.#schema = schema;
    let state = shared.get(pglite);
    if (!state) {
      state = { mutex: new Mutex(), schema: null };
      shared.set(pglite, state);
    }
    this.#state = state;
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#state.mutex.acquire();
    try {
      if (this.#state.schema !== this.#schema) {
        // Outside any transaction, so a later ROLLBACK cannot undo it.
        await this.#pglite.exec(
          this.#schema === null ? 'set search_path to "$user", public' : `set search_path to ${quoteIdentifier(this.#schema)}`,
        );
        this.#state.schema = this.#schema;
      }
    } catch (error) {
      release();
      throw error;
    }
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'start transaction';
    if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) statement += ` ${settings.accessMode}`;
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    // The PGlite instance belongs to whoever created it (see openDatabase), which closes it.
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;
  readonly #schema: string | null;

  constructor(pglite: PGlite, schema: string | null = null) {
    this.#pglite = pglite;
    this.#schema = schema;
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite, this.#schema);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
