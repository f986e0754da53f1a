// Every lease is served by the gateway on a port of its own, so a port belongs to one active lease at a
// time. Uniqueness depends on now() (a lease stops holding its port when it ends), which no index can
// express; instead a purchase takes a transaction-scoped advisory lock on the port it picks and checks,
// after taking it, that no active lease holds the port. Two purchases can never both pass for one port:
// the second either fails to take the lock (and picks another) or takes it after the first committed and
// then sees its lease. try-locks never wait, so multi-proxy purchases cannot deadlock on ports.
import { randomInt } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';

export interface PortRange {
  first: number;
  last: number;
}

/** Names "lease port locks" for pg_try_advisory_xact_lock(namespace, port). */
const PORT_LOCK_NAMESPACE = 731_200_504;

/** Random picks before walking the whole range (only a nearly full range gets that far). */
const RANDOM_ATTEMPTS = 32;

/**
 * Held: by an active lease, or by a lease with auto-renewal that ended within the hour, so a renewal that
 * runs a little late still finds its port free.
 */
const HELD = sql`(expires_at > now() or (renew and expires_at > now() - interval '1 hour'))`;

export class NoFreePortError extends Error {
  constructor(range: PortRange) {
    super(`every lease port in ${range.first}-${range.last} is taken: widen GATEWAY_PORT_RANGE`);
  }
}

async function claim(trx: Transaction<Schema>, port: number): Promise<boolean> {
  const lock = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${PORT_LOCK_NAMESPACE}, ${port}) as locked`.execute(
    trx,
  );
  if (!lock.rows[0]?.locked) return false;
  const holder = await sql`select 1 from proxy_leases where port = ${port} and ${HELD} limit 1`.execute(trx);
  return holder.rows.length === 0;
}

/** A port for a new lease, claimed for the rest of the transaction (which must then insert the lease). */
export async function allocateLeasePort(trx: Transaction<Schema>, range: PortRange): Promise<number> {
  const size = range.last - range.first + 1;
  for (let attempt = 0; attempt < Math.min(RANDOM_ATTEMPTS, size); attempt++) {
    const port = range.first + randomInt(size);
    if (await claim(trx, port)) return port;
  }
  const held = await sql<{ port: number }>`
    select distinct port from proxy_leases where port between ${range.first} and ${range.last} and ${HELD}`.execute(trx);
  const taken = new Set(held.rows.map((row) => row.port));
  const start = randomInt(size);
  for (let offset = 0; offset < size; offset++) {
    const port = range.first + ((start + offset) % size);
    if (!taken.has(port) && (await claim(trx, port))) return port;
  }
  throw new NoFreePortError(range);
}
