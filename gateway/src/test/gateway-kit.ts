// Test helpers: a database with the API's migrations applied (PGlite, and PostgreSQL in a fresh schema when
// TEST_DATABASE_URL is set), leases written with plain SQL as the API's purchase writes them, local targets
// (an HTTP page, an echo server) and a byte-exact SOCKS5 client to check the replies the RFCs prescribe.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadGatewayConfig, type GatewayConfig } from '../config.ts';
import { createExitCredentialSealer, loadExitCredentialsKey } from '../exit-credentials.ts';
import { startGateway, type Gateway, type GatewayOptions } from '../gateway.ts';
import { createPgAdapter } from '../pg-adapter.ts';
import { createPGliteAdapter } from '../pglite-adapter.ts';
import type { SqlAdapter } from '../sql-adapter.ts';

export type Backend = 'pglite' | 'postgres';

const testDatabaseUrl = process.env.TEST_DATABASE_URL || null;
export const backends: Backend[] = testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];

const migrationsDir = fileURLToPath(new URL('../../../api/migrations/', import.meta.url));

async function migrationScripts(): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  return Promise.all(files.map((name) => readFile(migrationsDir + name, 'utf8')));
}

/**
 * A fresh in-memory PGlite. initdb is slow in WebAssembly, so its result is kept on disk per PGlite version
 * (the same file the API's tests keep) and loaded instead.
 */
async function freshPGlite(): Promise<PGlite> {
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
}

export interface TestDatabase {
  backend: Backend;
  /** Where a gateway in another process reaches this database (PostgreSQL only; PGlite lives in this one). */
  postgres: { url: string; schema: string } | null;
  /** A new adapter on the same database: one per gateway instance, as separate processes would have. */
  adapter(): SqlAdapter;
  sql<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export async function openTestDatabase(backend: Backend): Promise<TestDatabase> {
  const scripts = await migrationScripts();
  if (backend === 'pglite') {
    const pglite = await freshPGlite();
    for (const script of scripts) await pglite.exec(script);
    const adapters: SqlAdapter[] = [];
    return {
      backend,
      postgres: null,
      adapter() {
        const adapter = createPGliteAdapter(pglite);
        adapters.push(adapter);
        return adapter;
      },
      sql: async <R,>(text: string, params: unknown[] = []) => (await pglite.query<R>(text, params)).rows,
      async close() {
        for (const adapter of adapters) await adapter.close();
        await pglite.close();
      },
    };
  }
  const url = testDatabaseUrl!;
  const schema = `gateway_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.query(`set search_path to ${schema}`);
  for (const script of scripts) await admin.query(script);
  const adapters: SqlAdapter[] = [];
  return {
    backend,
    postgres: { url, schema },
    adapter() {
      const adapter = createPgAdapter({ url, schema });
      adapters.push(adapter);
      return adapter;
    },
    sql: async <R,>(text: string, params: unknown[] = []) => (await admin.query(text, params)).rows as R[],
    async close() {
      for (const adapter of adapters) await adapter.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/**
 * Lease ports for tests: a block of the range reserved for them, never reused within a process. The range
 * sits below Linux's ephemeral ports (32768 and up): a port there may be held by any outgoing connection of
 * the machine for a while, and a gateway asked to listen on it waits and retries (one run in CI waited past
 * the 3 s a test allows). It is apart from the product's default lease range (20000-29999) as well.
 */
const PORT_BASE = 30_000 + Math.floor(Math.random() * 35) * 20;
let nextPortOffset = 0;
export function nextLeasePort(): number {
  const port = PORT_BASE + (nextPortOffset % 200);
  nextPortOffset += 1;
  return port;
}

export const TEST_PORT_RANGE = { first: 30_000, last: 30_899 };
/** Ports outside TEST_PORT_RANGE, for a gateway that must serve a lease alone. */
export const OTHER_PORT_RANGE = { first: 30_900, last: 30_999 };

export function testConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    ...loadGatewayConfig({}),
    portRange: TEST_PORT_RANGE,
    allowLoopback: true,
    resyncMs: 60_000,
    usageFlushMs: 60_000,
    ...overrides,
  };
}

export async function startTestGateway(
  database: TestDatabase,
  overrides: Partial<GatewayConfig> = {},
  options: Pick<GatewayOptions, 'lookup'> = {},
): Promise<Gateway> {
  return startGateway({ config: testConfig(overrides), adapter: database.adapter(), ...options });
}

export interface ExitFields {
  kind: 'direct' | 'socks5';
  host?: string;
  port?: number;
  login?: string;
  password?: string;
}

let listingSequence = 0;

/** The key material the test database keeps for exit credentials (generated on first use, as in production). */
export async function exitCredentialsKeyOf(database: TestDatabase): Promise<string> {
  const adapter = database.adapter();
  return loadExitCredentialsKey(adapter, null);
}

/** A user and a listing with the given exit (credentials sealed), as the API's inventory would hold them. */
export async function createListing(database: TestDatabase, exit: ExitFields = { kind: 'direct' }) {
  listingSequence += 1;
  const [user] = await database.sql<{ id: string }>(
    `INSERT INTO users (username, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`,
    [`user${listingSequence}_${randomBytes(3).toString('hex')}`, `u${listingSequence}${randomBytes(3).toString('hex')}@example.com`],
  );
  const endpointKey = `test:${listingSequence}:${randomBytes(6).toString('hex')}`;
  let box: string | null = null;
  let digest: string | null = null;
  if (exit.login !== undefined && exit.password !== undefined) {
    const sealer = createExitCredentialSealer(await exitCredentialsKeyOf(database));
    const credentials = { login: exit.login, password: exit.password };
    box = sealer.seal(endpointKey, credentials);
    digest = sealer.credentialsDigest(credentials);
  }
  const [row] = await database.sql<{ id: number }>(
    `INSERT INTO exits (source, endpoint_key, kind, host, port, credentials_box, credentials_digest, declared_type, state)
     VALUES ('test', $1, $2, $3, $4, $5, $6, 'residential', 'online') RETURNING id`,
    [endpointKey, exit.kind, exit.host ?? null, exit.port ?? null, box, digest],
  );
  const exitId = Number(row!.id);
  const [listing] = await database.sql<{ id: number }>(
    `INSERT INTO proxy_listings (exit_id, real_ip, dns_ip, domain, region_key, ct, country, state, city, zip,
       latitude, time_zone, isp, user_type, speed, ping, added_at, base_cents, fresh_cents, sbl_black, xbl_black,
       css_black, pbl_black, online)
     VALUES ($1, '198.18.0.1', '198.18.0.1', 'example.test', 'USA', 'US', 'United States', 'California',
       'Fresno', '93650', 36.8, 'America/Los_Angeles', 'Test ISP', 'Residential', 10, 20, now(), 200, 0, 0, 0, 0, 0,
       true) RETURNING id`,
    [exitId],
  );
  return { userId: user!.id, listingId: Number(listing!.id), exitId, endpointKey };
}

export interface LeaseFields {
  port?: number;
  login?: string;
  password?: string;
  /** Milliseconds from now. */
  expiresInMs?: number;
  exit?: ExitFields;
  allowCidrs?: string[];
}

export interface TestLease {
  id: number;
  port: number;
  login: string;
  password: string;
}

function word(): string {
  return randomBytes(4).toString('hex').slice(0, 6);
}

export async function createLease(database: TestDatabase, fields: LeaseFields = {}): Promise<TestLease> {
  const { userId, listingId } = await createListing(database, fields.exit);
  const port = fields.port ?? nextLeasePort();
  const login = fields.login ?? `u${word()}`;
  const password = fields.password ?? `p${word()}`;
  const [row] = await database.sql<{ id: number }>(
    `INSERT INTO proxy_leases (user_id, listing_id, port, socks_auth, price_cents, starts_at, expires_at, allow_cidrs)
     VALUES ($1, $2, $3, $4, 200, now(), now() + make_interval(secs => $5::float8 / 1000), $6::cidr[]) RETURNING id`,
    [userId, listingId, port, `${login}:${password}`, fields.expiresInMs ?? 3_600_000, fields.allowCidrs ?? []],
  );
  return { id: Number(row!.id), port, login, password };
}

/** Waits until every gateway listens on the port; returns how long that took. */
export async function waitForPort(gateways: Gateway[], port: number, timeoutMs = 3000): Promise<number> {
  const started = Date.now();
  while (!gateways.every((gateway) => gateway.listeningPorts().includes(port))) {
    if (Date.now() - started > timeoutMs) throw new Error(`port ${port} not served within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

export const PAGE = 'hello through the gateway';

export async function startHttpTarget(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createHttpServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
    response.end(request.url === '/' ? PAGE : `${PAGE} ${request.url}`);
  });
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Sends back whatever it receives. */
export async function startEchoTarget(): Promise<{ port: number; server: Server; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    server,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

/** A connection that reads exactly as many bytes as asked, for byte-exact protocol checks. */
export class RawClient {
  readonly socket: Socket;
  #buffer = Buffer.alloc(0);
  #waiters: Array<() => void> = [];
  closed = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#wake();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closed = true;
      this.#wake();
    });
  }

  /** `from`: the client's own address (any 127.x.y.z on loopback), to play several clients. */
  static open(port: number, host = '127.0.0.1', from?: string): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port, ...(from ? { localAddress: from } : {}) });
      socket.once('connect', () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  write(bytes: Buffer | number[]): void {
    this.socket.write(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
  }

  /** Exactly n bytes; null when the connection closed first (or nothing came within the timeout). */
  async read(n: number, timeoutMs = 2000): Promise<Buffer | null> {
    const deadline = Date.now() + timeoutMs;
    while (this.#buffer.length < n) {
      if (this.closed || Date.now() >= deadline) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(deadline - Date.now(), 0));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const out = this.#buffer.subarray(0, n);
    this.#buffer = this.#buffer.subarray(n);
    return out;
  }

  /** Resolves true once the server has closed the connection (false after the timeout). */
  async waitClosed(timeoutMs = 2000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(deadline - Date.now(), 0));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.closed;
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * A listener on 127.0.0.1 and ::1 (one port) that a test expects nobody to reach: it counts every connection
 * and closes it.
 */
export async function startGuardedListener(): Promise<{ port: number; reached(): number; close(): Promise<void> }> {
  let reached = 0;
  const servers = [0, 1].map(() =>
    createServer((socket) => {
      reached += 1;
      socket.destroy();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    servers[0]!.once('error', reject);
    servers[0]!.listen({ host: '127.0.0.1', port: 0 }, resolve);
  });
  const port = (servers[0]!.address() as AddressInfo).port;
  await new Promise<void>((resolve, reject) => {
    servers[1]!.once('error', reject);
    servers[1]!.listen({ host: '::1', port, ipv6Only: true }, resolve);
  });
  return {
    port,
    reached: () => reached,
    close: () => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(() => {}),
  };
}

export const microsocksInstalled = spawnSync('microsocks', ['-h']).error === undefined;

/**
 * Debian's microsocks on 127.0.0.1, as a provider's upstream SOCKS5 exit: a third-party server that resolves
 * names itself and goes wherever it is asked, loopback included. Its port is picked from 31000-31999, apart
 * from the lease ports; a microsocks that could not bind exits at once and another port is tried.
 */
export async function startMicrosocks(login: string, password: string): Promise<{ port: number; close(): Promise<void> }> {
  for (let start = 0; start < 5; start++) {
    const port = 31_000 + Math.floor(Math.random() * 1000);
    const child: ChildProcess = spawn('microsocks', ['-i', '127.0.0.1', '-p', String(port), '-u', login, '-P', password], { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const listening = await waitUntil(
      () =>
        child.exitCode !== null ||
        new Promise<boolean>((resolve) => {
          const socket = connect({ host: '127.0.0.1', port });
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
        }),
    ).then(
      () => child.exitCode === null,
      () => false,
    );
    if (listening) {
      return {
        port,
        close: async () => {
          child.kill();
          await exited;
        },
      };
    }
    child.kill();
    await exited;
  }
  throw new Error('microsocks did not start listening');
}

export function connectRequest(host: string, port: number, command = 0x01): Buffer {
  const portBytes = [port >> 8, port & 0xff];
  const ipv4 = /^\d+\.\d+\.\d+\.\d+$/.test(host) ? host.split('.').map(Number) : null;
  if (ipv4) return Buffer.from([0x05, command, 0x00, 0x01, ...ipv4, ...portBytes]);
  const name = Buffer.from(host, 'latin1');
  return Buffer.concat([Buffer.from([0x05, command, 0x00, 0x03, name.length]), name, Buffer.from(portBytes)]);
}

export function credentialsMessage(login: string, password: string): Buffer {
  const user = Buffer.from(login, 'latin1');
  const pass = Buffer.from(password, 'latin1');
  return Buffer.concat([Buffer.from([0x01, user.length]), user, Buffer.from([pass.length]), pass]);
}

export interface HandshakeResult {
  client: RawClient;
  method: number | null;
  auth: number | null;
  reply: number | null;
}

/**
 * Greeting (username/password), credentials, CONNECT; stops at the first refusal. The reply is the REP
 * byte of the CONNECT reply; on success the client is ready to relay.
 */
export async function handshake(
  port: number,
  login: string,
  password: string,
  host: string,
  targetPort: number,
  command = 0x01,
  from?: string,
): Promise<HandshakeResult> {
  return handshakeWith(port, login, password, connectRequest(host, targetPort, command), from);
}

/** As handshake(), with the request's bytes as given (any address type, any spelling). */
export async function handshakeWith(port: number, login: string, password: string, request: Buffer, from?: string): Promise<HandshakeResult> {
  const client = await RawClient.open(port, '127.0.0.1', from);
  client.write([0x05, 0x01, 0x02]);
  const method = await client.read(2);
  if (!method || method[1] !== 0x02) return { client, method: method?.[1] ?? null, auth: null, reply: null };
  client.write(credentialsMessage(login, password));
  const auth = await client.read(2);
  if (!auth || auth[1] !== 0x00) return { client, method: 0x02, auth: auth?.[1] ?? null, reply: null };
  client.write(request);
  const head = await client.read(4);
  if (!head) return { client, method: 0x02, auth: 0x00, reply: null };
  const rest = head[3] === 0x04 ? 18 : 6;
  await client.read(rest);
  return { client, method: 0x02, auth: 0x00, reply: head[1]! };
}

/** GET / over a relayed connection; resolves with the body. */
export async function httpGet(socket: Socket, path = '/'): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      resolve(body);
    });
    socket.write(`GET ${path} HTTP/1.0\r\nHost: target.test\r\n\r\n`);
  });
}
