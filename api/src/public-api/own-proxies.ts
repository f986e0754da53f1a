// A customer's proxies as the public API shows them: every lease not ended (paid, or waiting for an
// auto-renewal), with its endpoint and credentials. PostgreSQL builds the JSON in one indexed statement, so
// a thousand proxies reach Node as one string (the list route sends it as it is).
import { sql, type Kysely } from 'kysely';
import type { V1Proxy } from 'contract/public-api';
import type { Schema } from '../db/schema.ts';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** `{"proxies":[...]}` (contract V1ProxiesResponse) of the customer's leases not ended (or only these), oldest first. */
export async function ownProxiesJson(db: Kysely<Schema>, publicHost: string, userId: string, now: Date, leaseIds?: readonly number[]): Promise<string> {
  const only = leaseIds === undefined ? sql`true` : sql`le.id = any(${leaseIds.map(String)}::bigint[])`;
  const { rows } = await sql<{ json: string }>`
    select json_build_object('proxies', coalesce(json_agg(json_build_object(
      'id', le.id::text, 'listingId', li.id::text, 'host', ${publicHost}::text, 'port', le.port,
      'login', split_part(le.socks_auth, ':', 1), 'password', substr(le.socks_auth, strpos(le.socks_auth, ':') + 1),
      'endpoint', ${publicHost}::text || ':' || le.port, 'expiresAt', ${iso('le.expires_at')},
      'paid', le.expires_at > ${now}, 'autoRenew', le.renew,
      -- A retired exit keeps serving its running leases (as in the portal's history).
      'online', li.online or (ex.state = 'retired' and le.expires_at > ${now} and ex.check_ok is not false),
      'uptime7d', li.uptime_7d, 'country', li.ct, 'state', li.state, 'city', li.city, 'isp', li.isp, 'type', li.user_type,
      'price', (le.price_cents / 100.0)::float8
    ) order by le.starts_at, le.id), '[]'))::text as json
    from proxy_leases le
    join proxy_listings li on li.id = le.listing_id
    join exits ex on ex.id = li.exit_id
    where le.user_id = ${userId} and le.ended_at is null and ${only}`.execute(db);
  return rows[0]?.json ?? '{"proxies":[]}';
}

export async function ownProxies(db: Kysely<Schema>, publicHost: string, userId: string, now: Date, leaseIds?: readonly number[]): Promise<V1Proxy[]> {
  return (JSON.parse(await ownProxiesJson(db, publicHost, userId, now, leaseIds)) as { proxies: V1Proxy[] }).proxies;
}
