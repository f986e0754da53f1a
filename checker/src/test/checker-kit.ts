// Test helpers: small upstream SOCKS5 servers that behave as exits do in the wild (a good one, optionally
// leaving from another loopback address so the judge sees a distinct exit IP; one that never answers; one that
// answers garbage; one that hangs up half-way), and a fake "judge" that answers something else.
import { fork, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createExitCredentialSealer } from 'gateway/exit-credentials';
import type { TestDatabase } from 'gateway/test-kit';
import type { SchedulerCounters, SchedulerOptions } from '../scheduler.ts';

export type UpstreamBehaviour = 'socks5' | 'black-hole' | 'garbage' | 'hang-up-after-greeting';

export interface TestUpstream {
  port: number;
  /** Connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

export interface UpstreamOptions {
  behaviour?: UpstreamBehaviour;
  login?: string;
  password?: string;
  /** The address outgoing connections leave from (127.0.0.2, ...): where the exit's traffic "leaves". */
  localAddress?: string;
  /** The port to listen on (default: any free one). */
  port?: number;
  /** The loopback address to listen on (default 127.0.0.1; the benchmark spreads its exits over several). */
  host?: string;
}

async function listen(server: Server, port = 0, host = '127.0.0.1'): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, backlog: 4096 }, resolve);
  });
  return (server.address() as AddressInfo).port;
}

function closer(server: Server, sockets: Set<Socket>) {
  return () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}

/** Just enough of RFC 1928/1929 to stand in for a provider: CONNECT to IPv4 and domain targets. */
function serveSocks5(client: Socket, options: UpstreamOptions): void {
  let buffer = Buffer.alloc(0);
  let stage: 'greeting' | 'auth' | 'request' | 'relay' = 'greeting';
  const wantsLogin = options.login !== undefined;
  client.on('data', (chunk: Buffer) => {
    if (stage === 'relay') return;
    buffer = Buffer.concat([buffer, chunk]);
    if (stage === 'greeting') {
      if (buffer.length < 2 || buffer.length < 2 + buffer[1]!) return;
      const methods = [...buffer.subarray(2, 2 + buffer[1]!)];
      buffer = buffer.subarray(2 + buffer[1]!);
      const method = wantsLogin ? 0x02 : 0x00;
      if (!methods.includes(method)) {
        client.end(Buffer.from([5, 0xff]));
        return;
      }
      client.write(Buffer.from([5, method]));
      stage = wantsLogin ? 'auth' : 'request';
    }
    if (stage === 'auth') {
      if (buffer.length < 2) return;
      const userLength = buffer[1]!;
      if (buffer.length < 3 + userLength) return;
      const passLength = buffer[2 + userLength]!;
      if (buffer.length < 3 + userLength + passLength) return;
      const login = buffer.subarray(2, 2 + userLength).toString('latin1');
      const password = buffer.subarray(3 + userLength, 3 + userLength + passLength).toString('latin1');
      buffer = buffer.subarray(3 + userLength + passLength);
      if (login !== options.login || password !== options.password) {
        client.end(Buffer.from([1, 1]));
        return;
      }
      client.write(Buffer.from([1, 0]));
      stage = 'request';
    }
    if (stage === 'request') {
      if (buffer.length < 5) return;
      const atyp = buffer[3];
      const length = atyp === 1 ? 10 : atyp === 3 ? 7 + buffer[4]! : -1;
      if (length < 0) {
        client.end(Buffer.from([5, 8, 0, 1, 0, 0, 0, 0, 0, 0]));
        return;
      }
      if (buffer.length < length) return;
      const host = atyp === 1 ? [...buffer.subarray(4, 8)].join('.') : buffer.subarray(5, 5 + buffer[4]!).toString('latin1');
      const port = buffer.readUInt16BE(length - 2);
      const rest = buffer.subarray(length);
      stage = 'relay';
      const target = connect({ host, port, ...(options.localAddress ? { localAddress: options.localAddress } : {}) });
      target.once('connect', () => {
        client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
        if (rest.length > 0) target.write(rest);
        client.pipe(target);
        target.pipe(client);
      });
      target.on('error', (error: NodeJS.ErrnoException) => {
        if (client.writable && !target.remoteAddress) client.end(Buffer.from([5, error.code === 'ECONNREFUSED' ? 5 : 1, 0, 1, 0, 0, 0, 0, 0, 0]));
        else client.destroy();
      });
      client.on('close', () => target.destroy());
    }
  });
}

export async function startUpstream(options: UpstreamOptions = {}): Promise<TestUpstream> {
  const sockets = new Set<Socket>();
  const upstream = { port: 0, connections: 0, close: async () => {} };
  const server = createServer((client) => {
    upstream.connections += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    const behaviour = options.behaviour ?? 'socks5';
    if (behaviour === 'black-hole') return;
    if (behaviour === 'garbage') {
      client.once('data', () => client.write(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n')));
      return;
    }
    if (behaviour === 'hang-up-after-greeting') {
      client.once('data', () => client.end(Buffer.from([5, 0])));
      return;
    }
    serveSocks5(client, options);
  });
  upstream.port = await listen(server, options.port, options.host);
  upstream.close = closer(server, sockets);
  return upstream;
}

/** An HTTP server that answers 200 with something that is not the judge's answer. */
export async function startImpostorJudge(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    response.end(body);
  });
  const port = await new Promise<number>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, () => resolve((server.address() as AddressInfo).port)));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (taken from the OS, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The key tests seal exit credentials with (and checkers open them with). */
export const TEST_CREDENTIALS_KEY = 'checker-test-key-0123456789abcdef';

export interface TestExit {
  port: number;
  host?: string;
  login?: string;
  password?: string;
  state?: 'unchecked' | 'online' | 'dead';
}

/** Upstream exits written as an import writes them (sealed credentials); returns their ids in order. */
export async function insertExits(database: TestDatabase, exits: readonly TestExit[], source = 'test'): Promise<number[]> {
  const sealer = createExitCredentialSealer(TEST_CREDENTIALS_KEY);
  const ids: number[] = [];
  for (let from = 0; from < exits.length; from += 500) {
    const values: unknown[] = [];
    const rows = exits.slice(from, from + 500).map((exit, i) => {
      const host = exit.host ?? '127.0.0.1';
      const endpointKey = `socks5:${host}:${exit.port}:${from + i}`;
      const credentials = exit.login === undefined ? null : { login: exit.login, password: exit.password ?? '' };
      values.push(
        source,
        endpointKey,
        host,
        exit.port,
        credentials ? sealer.seal(endpointKey, credentials) : null,
        credentials ? sealer.credentialsDigest(credentials) : null,
        exit.state ?? 'unchecked',
      );
      const at = i * 7;
      return `($${at + 1}, $${at + 2}, 'socks5', $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, 'datacenter', $${at + 7})`;
    });
    const inserted = await database.sql<{ id: number }>(
      `INSERT INTO exits (source, endpoint_key, kind, host, port, credentials_box, credentials_digest, declared_type, state)
       VALUES ${rows.join(', ')} RETURNING id`,
      values,
    );
    ids.push(...inserted.map((row) => Number(row.id)));
  }
  return ids;
}

export interface CheckerProcess {
  counters(): Promise<SchedulerCounters>;
  /** Stops it the way SIGTERM does: checks in flight finish, unstarted claims are given back. */
  stop(): Promise<void>;
  /** Kills it mid-work (SIGKILL): its claims lapse on their own. */
  kill(): Promise<void>;
}

type ProcessSettings = Pick<SchedulerOptions, 'judgeUrl' | 'timeouts' | 'policy' | 'concurrency' | 'hostConcurrency' | 'pollMs' | 'instance'>;

/** A checker in a process of its own on the test's PostgreSQL schema (checker-process.ts). */
export async function startCheckerProcess(database: TestDatabase, scheduler: ProcessSettings): Promise<CheckerProcess> {
  const postgres = database.postgres;
  if (!postgres) throw new Error('checker processes need PostgreSQL (TEST_DATABASE_URL)');
  const child: ChildProcess = fork(new URL('./checker-process.ts', import.meta.url), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
    env: { ...process.env, CHECKER_MEMBER: JSON.stringify({ url: postgres.url, schema: postgres.schema, credentialsKey: TEST_CREDENTIALS_KEY, scheduler }) },
  });
  let nextId = 0;
  const waiting = new Map<number, (reply: { result?: unknown; error?: string }) => void>();
  child.on('message', (message: { id: number; result?: unknown; error?: string }) => waiting.get(message.id)?.(message));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  child.once('exit', () => {
    gone = true;
    for (const settle of waiting.values()) settle({ error: 'the checker process exited' });
  });
  const ask = <T,>(op: string): Promise<T> =>
    new Promise((resolve, reject) => {
      if (gone) return reject(new Error('the checker process exited'));
      const id = ++nextId;
      waiting.set(id, (reply) => {
        waiting.delete(id);
        if (reply.error) reject(new Error(reply.error));
        else resolve(reply.result as T);
      });
      child.send({ id, op });
    });
  await ask('ready');
  return {
    counters: () => ask<SchedulerCounters>('counters'),
    async stop() {
      await ask('stop');
      child.kill('SIGTERM');
      await exited;
    },
    kill() {
      child.kill('SIGKILL');
      return exited;
    },
  };
}

/**
 * Polls `probe` until it returns something truthy; fails after `timeoutMs`. The default is generous: what the
 * suites wait for takes milliseconds on a quiet machine and far longer in CI beside the e2e and fleet steps.
 */
export async function waitFor<T>(what: string, probe: () => T | null | undefined | false | Promise<T | null | undefined | false>, timeoutMs = 10_000, everyMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
