// A customer's proxies as the public API shows them: every lease not ended (paid, or waiting for an
// auto-renewal), with its endpoint and credentials, in one indexed query.
import { sql, type Kysely } from 'kysely';
import type { V1Proxy } from 'contract/public-api';
import type { Schema } from '../db/schema.ts';

interface Row {
  id: string;
  listing_id: string;
  port: number;
  socks_auth: string;
  expires_at: Date;
  paid: boolean;
  renew: boolean;
  online: boolean;
  uptime_7d: number | null;
  ct: string;
  state: string;
  city: string;
  isp: string;
  user_type: string;
  price_cents: number;
}

export function toV1Proxy(row: Row, publicHost: string): V1Proxy {
  const colon = row.socks_auth.indexOf(':');
  return {
    id: row.id,
    listingId: row.listing_id,
    host: publicHost,
    port: row.port,
    login: row.socks_auth.slice(0, colon),
    password: row.socks_auth.slice(colon + 1),
    endpoint: `${publicHost}:${row.port}`,
    expiresAt: new Date(row.expires_at).toISOString(),
    paid: row.paid,
    autoRenew: row.renew,
    online: row.online,
    uptime7d: row.uptime_7d,
    country: row.ct,
    state: row.state,
    city: row.city,
    isp: row.isp,
    type: row.user_type,
    price: Number(row.price_cents) / 100,
  };
}

/** The customer's leases not ended (or only these ids), oldest first. */
export async function ownProxies(db: Kysely<Schema>, publicHost: string, userId: string, now: Date, leaseIds?: readonly number[]): Promise<V1Proxy[]> {
  const only = leaseIds === undefined ? sql`true` : sql`le.id = any(${leaseIds.map(String)}::bigint[])`;
  const { rows } = await sql<Row>`
    select le.id::text as id, li.id::text as listing_id, le.port, le.socks_auth, le.expires_at,
      le.expires_at > ${now} as paid, le.renew,
      -- A retired exit keeps serving its running leases (as in the portal's history).
      (li.online or (ex.state = 'retired' and le.expires_at > ${now} and ex.check_ok is not false)) as online,
      li.uptime_7d, li.ct, li.state, li.city, li.isp, li.user_type, le.price_cents
    from proxy_leases le
    join proxy_listings li on li.id = le.listing_id
    join exits ex on ex.id = li.exit_id
    where le.user_id = ${userId} and le.ended_at is null and ${only}
    order by le.starts_at, le.id`.execute(db);
  return rows.map((row) => toV1Proxy(row, publicHost));
}
