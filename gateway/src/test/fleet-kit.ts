// Test support for the fleet-wide limits: gateways that share nothing but the database and the limit store,
// each in a process of its own where the database allows it (PostgreSQL; a PGlite lives inside one
// process, so there they are separate gateway instances of this process, each with its own store client),
// and a Redis key space of each test's own, removed afterwards.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { GatewayConfig } from '../config.ts';
import { startGateway, type Gateway } from '../gateway.ts';
import type { GatewayCounters } from '../socks5-session.ts';
import { testConfig, type TestDatabase } from './gateway-kit.ts';

export const testRedisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
/** How the tests' Redis keys start, so runs sharing one Redis can keep (or find) theirs apart. */
const testRedisPrefix = process.env.TEST_REDIS_PREFIX?.trim() || 'private-sock5-test:';

/** Where a fleet keeps its limits. */
export type LimitStoreKind = 'postgres' | 'redis';

export interface FleetOptions {
  store: LimitStoreKind;
  /** The Redis key prefix of this fleet (one per test). */
  redisPrefix: string;
  config?: Partial<GatewayConfig>;
  limitTimings?: { heartbeatMs?: number; aliveMs?: number; timeoutMs?: number };
}

/** One gateway of a test fleet, in this process or another. */
export interface FleetMember {
  listeningPorts(): Promise<number[]>;
  counters(): Promise<GatewayCounters>;
  /** Stops it as a crash would, no goodbye to the limit store (a gateway process only); settles once it is gone. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

/** A test's own key space: TEST_REDIS_PREFIX, then a hash tag of its own (one Redis Cluster slot). */
export function newRedisPrefix(): string {
  return `${testRedisPrefix}{gateway-${randomBytes(6).toString('hex')}}:`;
}

/** Deletes a test's Redis keys. */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl, { lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function memberConfig(options: FleetOptions): GatewayConfig {
  return testConfig({ ...options.config, redisUrl: options.store === 'redis' ? testRedisUrl : null });
}

async function startInProcess(database: TestDatabase, options: FleetOptions): Promise<FleetMember> {
  const gateway: Gateway = await startGateway({
    config: memberConfig(options),
    adapter: database.adapter(),
    limits: 'shared',
    redisPrefix: options.redisPrefix,
    // PGlite runs one query at a time, in this busy process: a burst of admissions queues far longer than on a
    // PostgreSQL server, and must not be taken for a store that is down.
    limitTimings: { timeoutMs: 15_000, ...options.limitTimings },
  });
  return {
    listeningPorts: async () => gateway.listeningPorts(),
    counters: async () => ({ ...gateway.counters() }),
    kill() {
      return Promise.reject(new Error('only a gateway process can be killed'));
    },
    close: () => gateway.close(),
  };
}

interface Reply {
  id: number;
  result?: unknown;
  error?: string;
}

async function startProcess(database: TestDatabase, options: FleetOptions): Promise<FleetMember> {
  const postgres = database.postgres!;
  const child: ChildProcess = fork(new URL('./fleet-member-process.ts', import.meta.url), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Not the test runner's flags: a plain node process, as in production.
    execArgv: [],
    env: {
      ...process.env,
      FLEET_MEMBER: JSON.stringify({
        url: postgres.url,
        schema: postgres.schema,
        config: memberConfig(options),
        redisPrefix: options.redisPrefix,
        limitTimings: options.limitTimings ?? null,
      }),
    },
  });
  let nextId = 0;
  const waiting = new Map<number, (reply: Reply) => void>();
  child.on('message', (message: Reply) => waiting.get(message.id)?.(message));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  child.once('exit', () => {
    gone = true;
    for (const settle of waiting.values()) settle({ id: 0, error: 'the gateway process exited' });
  });
  const ask = <T,>(op: string): Promise<T> =>
    new Promise((resolve, reject) => {
      if (gone) return reject(new Error('the gateway process exited'));
      const id = ++nextId;
      waiting.set(id, (reply) => {
        waiting.delete(id);
        if (reply.error) reject(new Error(reply.error));
        else resolve(reply.result as T);
      });
      child.send({ id, op }, (error) => {
        if (error) waiting.get(id)?.({ id, error: error.message });
      });
    });
  await ask('ready');
  return {
    listeningPorts: () => ask<number[]>('ports'),
    counters: () => ask<GatewayCounters>('counters'),
    kill() {
      child.kill('SIGKILL');
      return exited;
    },
    async close() {
      if (!gone) {
        await ask('close').catch(() => {});
        child.kill();
      }
      await exited;
    },
  };
}

/** A gateway of the fleet: its own process on PostgreSQL, its own instance on PGlite. */
export function startFleetMember(database: TestDatabase, options: FleetOptions): Promise<FleetMember> {
  return database.postgres ? startProcess(database, options) : startInProcess(database, options);
}

/** Waits until every member listens on the port. */
export async function waitForFleetPort(members: FleetMember[], port: number, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const listening = await Promise.all(members.map((member) => member.listeningPorts()));
    if (listening.every((ports) => ports.includes(port))) return;
    if (Date.now() - started > timeoutMs) throw new Error(`port ${port} not served by every gateway within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
