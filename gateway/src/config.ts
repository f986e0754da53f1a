// The gateway's only reader of the environment. Everything else receives a typed GatewayConfig, so tests
// and the API (which runs the gateway in-process on embedded defaults) pass whatever settings they need.
import { availableParallelism } from 'node:os';
import { SPARE_SLOTS } from './shared-limits.ts';

export interface PortRange {
  first: number;
  last: number;
}

export interface GatewayConfig {
  /** Address the lease ports listen on (0.0.0.0 or :: to serve customers from other machines). */
  host: string;
  /** The host customers are told to use: the proxy string is `publicHost:port`. */
  publicHost: string;
  /** Lease ports are allocated from this range; the gateway serves only leases whose port is in it. */
  portRange: PortRange;
  /** PostgreSQL shared with the API; null: the gateway runs inside the API on embedded PGlite. */
  databaseUrl: string | null;
  /** Redis shared by the fleet: the fleet-wide limits are kept there; null: in PostgreSQL (or, embedded, in memory). */
  redisUrl: string | null;
  /** Prefix of every Redis key (REDIS_PREFIX), so shops or stages sharing one Redis keep apart. */
  redisPrefix: string;
  logLevel: string;
  /** Worker processes of a standalone gateway (main.ts), each serving every lease port (SO_REUSEPORT); default: one per core. */
  workers: number;
  /** The process's /health, /ready and /metrics (status-server.ts); port null: none. */
  status: { host: string; port: number | null };
  /** Concurrent connections one lease may hold across all gateways; more are refused with "not allowed by ruleset". */
  maxConnectionsPerLease: number;
  /**
   * Slots of a busy lease a process keeps reserved in the fleet's store (shared-limits.ts), so most connections
   * skip the store; 0: every admission asks the store, and no connection is ever refused below the cap.
   */
  spareSlots: number;
  /** Time a client has to finish greeting, authentication and request. */
  handshakeTimeoutMs: number;
  /** A relayed connection with no traffic either way for this long is closed. */
  idleTimeoutMs: number;
  /** Time to reach the destination (or the upstream exit). */
  connectTimeoutMs: number;
  /** Failed authentications one source address may make per window before it is refused outright. */
  authFailureLimit: number;
  /**
   * Failed authentications one lease may take per window from all addresses together; then only addresses
   * that authenticated to it within knownSourceMs are still heard.
   */
  leaseAuthFailureLimit: number;
  authFailureWindowMs: number;
  knownSourceMs: number;
  /** Connections one source address may hold in the handshake at once (half-open floods). */
  maxHandshakesPerSource: number;
  /** Test configuration: let traffic reach loopback addresses. */
  allowLoopback: boolean;
  /** Full re-read of the active leases, the safety net under LISTEN/NOTIFY. */
  resyncMs: number;
  /** Usage counters are written at most this often, one row per lease. */
  usageFlushMs: number;
  /** Key material that opens exit credentials; null: the key kept in the database's settings table. */
  exitCredentialsKey: string | null;
}

type Environment = Record<string, string | undefined>;

function integer(env: Environment, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return Number(raw);
}

function flag(env: Environment, name: string): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

export function parsePortRange(text: string): PortRange {
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(text.trim());
  const first = Number(match?.[1]);
  const last = Number(match?.[2]);
  if (!match || first < 1024 || last > 65535 || first > last) {
    throw new Error(`GATEWAY_PORT_RANGE must look like 20000-29999 within 1024-65535, got "${text}"`);
  }
  return { first, last };
}

export const DEFAULT_PORT_RANGE = '20000-29999';
/** The API's default REDIS_PREFIX too. */
export const DEFAULT_REDIS_PREFIX = 'private-sock5:';

/**
 * Loopback destinations are for tests, whose targets listen on 127.0.0.1. In production they would hand every
 * customer the services that listen on the gateway host itself only (its database, Redis, status port).
 */
function allowLoopback(env: Environment): boolean {
  const allowed = flag(env, 'GATEWAY_ALLOW_LOOPBACK');
  if (allowed && env.NODE_ENV === 'production') {
    throw new Error('GATEWAY_ALLOW_LOOPBACK=true is refused with NODE_ENV=production: customers could then reach the services of the gateway host itself.');
  }
  return allowed;
}

export function loadGatewayConfig(env: Environment = process.env): GatewayConfig {
  return {
    host: env.GATEWAY_HOST || '127.0.0.1',
    publicHost: env.GATEWAY_PUBLIC_HOST || '127.0.0.1',
    portRange: parsePortRange(env.GATEWAY_PORT_RANGE || DEFAULT_PORT_RANGE),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX?.trim() || DEFAULT_REDIS_PREFIX,
    logLevel: env.LOG_LEVEL || 'info',
    workers: integer(env, 'GATEWAY_WORKERS', availableParallelism(), 1),
    status: { host: env.GATEWAY_STATUS_HOST || '127.0.0.1', port: env.GATEWAY_STATUS_PORT ? integer(env, 'GATEWAY_STATUS_PORT', 0, 1) : null },
    maxConnectionsPerLease: integer(env, 'GATEWAY_MAX_CONNECTIONS_PER_LEASE', 256, 1),
    spareSlots: integer(env, 'GATEWAY_SPARE_SLOTS', SPARE_SLOTS, 0),
    handshakeTimeoutMs: integer(env, 'GATEWAY_HANDSHAKE_TIMEOUT_MS', 10_000, 100),
    idleTimeoutMs: integer(env, 'GATEWAY_IDLE_TIMEOUT_MS', 300_000, 1000),
    connectTimeoutMs: integer(env, 'GATEWAY_CONNECT_TIMEOUT_MS', 10_000, 100),
    authFailureLimit: integer(env, 'GATEWAY_AUTH_FAILURE_LIMIT', 20, 1),
    leaseAuthFailureLimit: integer(env, 'GATEWAY_LEASE_AUTH_FAILURE_LIMIT', 20, 1),
    authFailureWindowMs: integer(env, 'GATEWAY_AUTH_FAILURE_WINDOW_MS', 60_000, 1000),
    knownSourceMs: 24 * 60 * 60 * 1000,
    maxHandshakesPerSource: integer(env, 'GATEWAY_MAX_HANDSHAKES_PER_SOURCE', 256, 1),
    allowLoopback: allowLoopback(env),
    resyncMs: integer(env, 'GATEWAY_RESYNC_MS', 30_000, 1000),
    usageFlushMs: integer(env, 'GATEWAY_USAGE_FLUSH_MS', 1000, 100),
    exitCredentialsKey: env.EXIT_CREDENTIALS_KEY?.trim() || null,
  };
}
