// The gateway: one listening socket per active lease, on the lease's own port, opened when the lease
// appears and closed when it ends. Listeners use SO_REUSEPORT, so several gateway processes on one host
// (and any number of hosts) serve the same ports side by side; each keeps its own view of the leases from
// the database. A lease that ends takes its open connections with it.
import { lookup as dnsLookup } from 'node:dns/promises';
import { createServer, type Server, type Socket } from 'node:net';
import type { GatewayConfig } from './config.ts';
import { createDestinationPolicy, type DestinationPolicy } from './destination-policy.ts';
import { createExitCredentialOpener } from './exit-credential-opener.ts';
import { loadExitCredentialsKey } from './exit-credentials.ts';
import { LeaseDirectory, type Lease } from './lease-directory.ts';
import { silentLogger, type Logger } from './logger.ts';
import { MemoryLimits, type GatewayLimits, type LimitSettings } from './limits.ts';
import { createRedisLimitBackend } from './redis-limits.ts';
import { SharedLimits } from './shared-limits.ts';
import {
  IdleSweep,
  newCounters,
  Session,
  type GatewayCounters,
  type LeaseState,
  type PortState,
  type Resolver,
  type SessionContext,
} from './socks5-session.ts';
import { createSqlLimitBackend } from './sql-limits.ts';
import type { SqlAdapter } from './sql-adapter.ts';
import { HandshakeCounter } from './source-limits.ts';
import { UsageRecorder } from './usage-recorder.ts';

export interface GatewayOptions {
  config: GatewayConfig;
  adapter: SqlAdapter;
  log?: Logger;
  /** Default: built from the config (loopback only when allowed). */
  policy?: DestinationPolicy;
  /**
   * Where the per-lease limits are kept: 'shared' (default: Redis with config.redisUrl, else the database
   * the adapter reaches), so every gateway process counts together; 'memory' for a gateway that is the only
   * one (inside the API on embedded defaults); or a store of the caller's (the gateway closes it).
   */
  limits?: 'shared' | 'memory' | GatewayLimits;
  /** Test seam: a shared store's timing (default: heartbeat every 3 s, alive for 15 s, calls time out after 1 s). */
  limitTimings?: { heartbeatMs?: number; aliveMs?: number; timeoutMs?: number };
  /** Test seam: the whole Redis key prefix (default `${config.redisPrefix}{gateway}:`). */
  redisPrefix?: string;
  /** Test seam: the resolver of destination names (default: the system's, as dns.lookup asks it). */
  lookup?: Resolver;
}

export interface Gateway {
  readonly directory: LeaseDirectory;
  /** Ports with a listening socket right now. */
  listeningPorts(): number[];
  /** Writes the usage gathered so far (otherwise done every usageFlushMs). */
  flushUsage(): Promise<void>;
  /** What the limits decided since start. */
  counters(): Readonly<GatewayCounters>;
  close(): Promise<void>;
}

interface PortEntry extends PortState {
  port: number;
  server: Server | null;
  listening: boolean;
  retry: NodeJS.Timeout | null;
  retryMs: number;
}

const LISTEN_RETRY_MAX_MS = 30_000;

export function limitSettings(config: GatewayConfig): LimitSettings {
  return {
    maxConnectionsPerLease: config.maxConnectionsPerLease,
    authFailureLimit: config.authFailureLimit,
    leaseAuthFailureLimit: config.leaseAuthFailureLimit,
    authFailureWindowMs: config.authFailureWindowMs,
    knownSourceMs: config.knownSourceMs,
  };
}

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true });

/** The parts shared by the lease-serving gateway and a fixed-credentials server (tests, benchmarks). */
export function createSessionContext(
  config: GatewayConfig,
  log: Logger,
  policy: DestinationPolicy,
  usage: UsageRecorder | null,
  limits: GatewayLimits = new MemoryLimits(limitSettings(config)),
  lookup: Resolver = systemResolver,
): SessionContext {
  return {
    config,
    policy,
    log,
    limits,
    counters: newCounters(),
    handshakes: new HandshakeCounter(config.maxHandshakesPerSource),
    idle: new IdleSweep(config.idleTimeoutMs),
    lookup,
    onConnected: (state) => usage?.add(state.lease.id, 0, 0, 1),
    onTraffic: (state, up, down) => usage?.add(state.lease.id, up, down, 0),
  };
}

export function serveConnection(socket: Socket, port: PortState, context: SessionContext): void {
  new Session(socket, port, context);
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { config, adapter } = options;
  const log = options.log ?? silentLogger;
  const policy = options.policy ?? createDestinationPolicy({ allowLoopback: config.allowLoopback });
  const usage = new UsageRecorder(adapter, log);
  const credentials = createExitCredentialOpener(await loadExitCredentialsKey(adapter, config.exitCredentialsKey));
  // Last of what may fail before serving: a shared store starts its heartbeat here.
  const limits = await openLimits(options, log);
  const context = createSessionContext(config, log, policy, usage, limits, options.lookup);
  const ports = new Map<number, PortEntry>();
  const states = new Map<number, LeaseState>();
  let closed = false;

  const listen = (entry: PortEntry) => {
    if (closed || entry.server) return;
    const server = createServer({ allowHalfOpen: true, noDelay: true }, (socket) => serveConnection(socket, entry, context));
    entry.server = server;
    server.on('error', (error: NodeJS.ErrnoException) => {
      log.warn({ err: error, port: entry.port }, 'gateway: cannot listen on a lease port; retrying');
      entry.server = null;
      entry.listening = false;
      server.close();
      if (closed || entry.leases.size === 0) return;
      entry.retry = setTimeout(() => {
        entry.retry = null;
        if (entry.leases.size > 0) listen(entry);
      }, entry.retryMs);
      entry.retryMs = Math.min(entry.retryMs * 2, LISTEN_RETRY_MAX_MS);
    });
    server.listen({ port: entry.port, host: config.host, reusePort: true }, () => {
      entry.listening = true;
      entry.retryMs = 1000;
    });
  };

  const unlisten = (entry: PortEntry) => {
    if (entry.retry) clearTimeout(entry.retry);
    entry.retry = null;
    entry.server?.close();
    entry.server = null;
    entry.listening = false;
    ports.delete(entry.port);
  };

  const attach = (state: LeaseState) => {
    let entry = ports.get(state.lease.port);
    if (!entry) {
      entry = { port: state.lease.port, leases: new Set(), server: null, listening: false, retry: null, retryMs: 1000 };
      ports.set(entry.port, entry);
    }
    entry.leases.add(state);
    listen(entry);
  };

  const detach = (state: LeaseState, port: number) => {
    const entry = ports.get(port);
    if (!entry) return;
    entry.leases.delete(state);
    if (entry.leases.size === 0) unlisten(entry);
  };

  const end = (state: LeaseState) => {
    state.ended = true;
    for (const session of state.sessions) {
      session.collect();
      session.terminate();
    }
    state.sessions.clear();
  };

  const directory = new LeaseDirectory({
    adapter,
    portRange: config.portRange,
    resyncMs: config.resyncMs,
    log,
    credentials,
    events: {
      onUpsert(lease: Lease, previous: Lease | undefined) {
        const state = states.get(lease.id);
        if (!state) {
          const created: LeaseState = { lease, sessions: new Set(), ended: false };
          states.set(lease.id, created);
          attach(created);
          return;
        }
        // A renewal or any other change: connections carry on; only a new port moves the lease.
        const oldPort = previous?.port ?? state.lease.port;
        state.lease = lease;
        if (oldPort !== lease.port) {
          end(state);
          state.ended = false;
          detach(state, oldPort);
          attach(state);
        }
      },
      onRemove(lease: Lease) {
        const state = states.get(lease.id);
        if (!state) return;
        states.delete(lease.id);
        end(state);
        detach(state, state.lease.port);
      },
    },
  });

  const flushUsage = async () => {
    for (const state of states.values()) for (const session of state.sessions) session.collect();
    await usage.flush();
  };
  const flushTimer = setInterval(() => void flushUsage(), config.usageFlushMs);
  flushTimer.unref();

  try {
    await directory.start();
  } catch (error) {
    clearInterval(flushTimer);
    await directory.stop();
    await limits.close();
    throw error;
  }
  log.info({ leases: directory.size, host: config.host, publicHost: config.publicHost }, 'gateway: serving');

  return {
    directory,
    listeningPorts: () => [...ports.values()].filter((entry) => entry.listening).map((entry) => entry.port),
    flushUsage,
    counters: () => context.counters,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(flushTimer);
      await directory.stop();
      for (const state of states.values()) end(state);
      await flushUsage();
      for (const entry of [...ports.values()]) unlisten(entry);
      states.clear();
      await limits.close();
    },
  };
}

async function openLimits(options: GatewayOptions, log: Logger): Promise<GatewayLimits> {
  const { config } = options;
  const settings = limitSettings(config);
  if (typeof options.limits === 'object') return options.limits;
  if (options.limits === 'memory') return new MemoryLimits(settings);
  const backend = config.redisUrl
    ? await createRedisLimitBackend({ url: config.redisUrl, log, prefix: options.redisPrefix ?? `${config.redisPrefix}{gateway}:` })
    : createSqlLimitBackend(options.adapter);
  log.info({ store: config.redisUrl ? 'redis' : 'postgres' }, 'gateway: per-lease limits shared by the fleet');
  return SharedLimits.start(backend, settings, { log, spareSlots: config.spareSlots, ...options.limitTimings });
}
