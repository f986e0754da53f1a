// The fleet's limits in Redis (shared-limits.ts says what is kept and why). Each operation is one Lua
// script, so it is atomic and costs one round trip; times come from Redis's own clock, so the gateways'
// clocks need not agree. All keys share one hash tag and so one slot: the scripts run on a Redis Cluster too.
//
//   {prefix}alive              hash   gateway id -> alive until (ms)
//   {prefix}conn:<lease>       hash   gateway id -> connections of the lease it carries
//   {prefix}fail:src:<address> count  failed authentications of the address in the window (expires with it)
//   {prefix}fail:lease:<lease> count  failed authentications on the lease in the window (expires with it)
//   {prefix}known:<lease>      zset   address -> when it last authenticated to the lease
import { Redis } from 'ioredis';
import type { Admission, LimitSettings } from './limits.ts';
import type { Logger } from './logger.ts';
import type { LimitBackend } from './shared-limits.ts';


/** Known addresses kept per lease at most; the least recent go first. */
const MAX_KNOWN_PER_LEASE = 1000;
/**
 * A lease's tallies expire this long after the last admission or heartbeat of a gateway holding some: a
 * lease nobody connects to any more leaves no keys behind for good.
 */
const TALLY_TTL_MS = 86_400_000;

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

// The lease's connections counted for the gateways alive (KEYS[1]: alive, KEYS[2]: conn, ARGV[1]: this
// gateway, always counted); the tallies of gateways whose heartbeat lapsed go.
const TOTAL = `local tallies = redis.call('HGETALL', KEYS[2])
local total = 0
for i = 1, #tallies, 2 do
  local holder = tallies[i]
  if holder == ARGV[1] or tonumber(redis.call('HGET', KEYS[1], holder) or '0') > now then
    total = total + tonumber(tallies[i + 1])
  else
    redis.call('HDEL', KEYS[2], holder)
  end
end`;

// KEYS: alive, conn, fail:src, fail:lease, known
// ARGV: gateway, with credentials (1/0), address, cap, address limit, lease limit, known ms, 1: the failure
// limits only (the gateway has a slot reserved already)
const ADMIT = `${NOW}
if ARGV[2] == '1' then
  if tonumber(redis.call('GET', KEYS[3]) or '0') >= tonumber(ARGV[5]) then return 'source-blocked' end
  if tonumber(redis.call('GET', KEYS[4]) or '0') >= tonumber(ARGV[6]) then
    local seen = redis.call('ZSCORE', KEYS[5], ARGV[3])
    if not seen or tonumber(seen) <= now - tonumber(ARGV[7]) then return 'lease-guarded' end
  end
end
if ARGV[8] ~= '1' then
  ${TOTAL}
  if total >= tonumber(ARGV[4]) then return 'full' end
  redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
  redis.call('PEXPIRE', KEYS[2], ${TALLY_TTL_MS})
end
if ARGV[2] == '1' then
  -- Written at most once a minute per address, not on every connection.
  local seen = redis.call('ZSCORE', KEYS[5], ARGV[3])
  if not seen or tonumber(seen) < now - 60000 then
    redis.call('ZADD', KEYS[5], now, ARGV[3])
    redis.call('PEXPIRE', KEYS[5], ARGV[7])
    if redis.call('ZCARD', KEYS[5]) > ${MAX_KNOWN_PER_LEASE} then redis.call('ZREMRANGEBYRANK', KEYS[5], 0, -${MAX_KNOWN_PER_LEASE + 1}) end
  end
end
return 'ok'`;

// KEYS: alive, conn. ARGV: gateway, slots wanted, the cap they are taken against. Returns the slots taken.
const RESERVE = `${NOW}
${TOTAL}
local taken = math.min(tonumber(ARGV[2]), math.max(0, tonumber(ARGV[3]) - total))
if taken > 0 then
  redis.call('HINCRBY', KEYS[2], ARGV[1], taken)
  redis.call('PEXPIRE', KEYS[2], ${TALLY_TTL_MS})
end
return taken`;

// KEYS: fail:src, fail:lease... ARGV: window ms
const AUTH_FAILED = `for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
end
return 0`;

// KEYS: conn... ARGV: gateway, then the count released of each key
const RELEASE = `for i = 1, #KEYS do
  if redis.call('HINCRBY', KEYS[i], ARGV[1], -tonumber(ARGV[i + 1])) <= 0 then redis.call('HDEL', KEYS[i], ARGV[1]) end
end
return 0`;

// KEYS: alive, conn... ARGV: gateway, alive ms, then per conn key its count (-1: keep it, refresh its expiry)
const HEARTBEAT = `${NOW}
redis.call('HSET', KEYS[1], ARGV[1], now + tonumber(ARGV[2]))
for i = 2, #KEYS do
  local count = tonumber(ARGV[i + 1])
  if count > 0 then redis.call('HSET', KEYS[i], ARGV[1], count)
  elseif count == 0 then redis.call('HDEL', KEYS[i], ARGV[1]) end
  redis.call('PEXPIRE', KEYS[i], ${TALLY_TTL_MS})
end
local gateways = redis.call('HGETALL', KEYS[1])
for i = 1, #gateways, 2 do
  if tonumber(gateways[i + 1]) < now - 3600000 then redis.call('HDEL', KEYS[1], gateways[i]) end
end
return 0`;

// KEYS: alive, conn... ARGV: gateway
const LEAVE = `for i = 1, #KEYS do redis.call('HDEL', KEYS[i], ARGV[1]) end
return 0`;

interface LimitCommands {
  gatewayAdmit(...args: Array<string | number>): Promise<Admission>;
  gatewayReserve(...args: Array<string | number>): Promise<number>;
  gatewayAuthFailed(...args: Array<string | number>): Promise<number>;
  gatewayRelease(...args: Array<string | number>): Promise<number>;
  gatewayHeartbeat(...args: Array<string | number>): Promise<number>;
  gatewayLeave(...args: Array<string | number>): Promise<number>;
}

export interface RedisLimitOptions {
  url: string;
  log: Logger;
  /** Key prefix, ending in a {hash tag} so a cluster keeps a script's keys on one node (`REDIS_PREFIX{gateway}:`). */
  prefix: string;
}

export async function createRedisLimitBackend(options: RedisLimitOptions): Promise<LimitBackend> {
  const { prefix } = options;
  // No offline queue: while Redis is away a call fails at once and the gateway applies the limits alone.
  // Auto-pipelining sends the calls of one turn of the event loop in one write.
  const redis = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
  });
  let lastErrorLog = 0;
  redis.on('error', (error) => {
    if (Date.now() - lastErrorLog < 10_000) return;
    lastErrorLog = Date.now();
    options.log.warn({ err: error }, 'gateway: Redis connection error');
  });
  redis.defineCommand('gatewayAdmit', { numberOfKeys: 5, lua: ADMIT });
  redis.defineCommand('gatewayReserve', { numberOfKeys: 2, lua: RESERVE });
  redis.defineCommand('gatewayAuthFailed', { lua: AUTH_FAILED });
  redis.defineCommand('gatewayRelease', { lua: RELEASE });
  redis.defineCommand('gatewayHeartbeat', { lua: HEARTBEAT });
  redis.defineCommand('gatewayLeave', { lua: LEAVE });
  const commands = redis as unknown as LimitCommands;
  try {
    await redis.connect();
  } catch (error) {
    options.log.error({ err: error }, 'gateway: Redis cannot be reached; limits are per process until it can');
  }

  const alive = `${prefix}alive`;
  const conn = (leaseId: number) => `${prefix}conn:${leaseId}`;
  const failedSource = (source: string) => `${prefix}fail:src:${source}`;
  const failedLease = (leaseId: number) => `${prefix}fail:lease:${leaseId}`;
  const known = (leaseId: number) => `${prefix}known:${leaseId}`;

  /** One script for both: `authorizeOnly` checks the failure limits of a connection that holds a slot already. */
  const gatewayAdmit = (gatewayId: string, leaseId: number, source: string, withCredentials: boolean, settings: LimitSettings, authorizeOnly: boolean) =>
    commands.gatewayAdmit(
      alive,
      conn(leaseId),
      failedSource(source),
      failedLease(leaseId),
      known(leaseId),
      gatewayId,
      withCredentials ? 1 : 0,
      source,
      settings.maxConnectionsPerLease,
      settings.authFailureLimit,
      settings.leaseAuthFailureLimit,
      settings.knownSourceMs,
      authorizeOnly ? 1 : 0,
    );

  return {
    admit(gatewayId, leaseId, source, withCredentials, settings) {
      return gatewayAdmit(gatewayId, leaseId, source, withCredentials, settings, false);
    },

    authorize(gatewayId, leaseId, source, settings) {
      return gatewayAdmit(gatewayId, leaseId, source, true, settings, true);
    },

    reserve(gatewayId, leaseId, count, cap) {
      return commands.gatewayReserve(alive, conn(leaseId), gatewayId, count, cap);
    },

    async authFailed(source, leaseIds, settings) {
      const keys = [failedSource(source), ...[...new Set(leaseIds)].map(failedLease)];
      await commands.gatewayAuthFailed(keys.length, ...keys, settings.authFailureWindowMs);
    },

    async release(gatewayId, released) {
      const keys = [...released.keys()].map(conn);
      await commands.gatewayRelease(keys.length, ...keys, gatewayId, ...released.values());
    },

    async heartbeat(gatewayId, aliveMs, counts, refresh) {
      const keys = [alive, ...[...counts.keys(), ...refresh].map(conn)];
      await commands.gatewayHeartbeat(keys.length, ...keys, gatewayId, aliveMs, ...counts.values(), ...refresh.map(() => -1));
    },

    async leave(gatewayId, leaseIds) {
      const keys = [alive, ...leaseIds.map(conn)];
      await commands.gatewayLeave(keys.length, ...keys, gatewayId);
    },

    async close() {
      redis.disconnect();
    },
  };
}
