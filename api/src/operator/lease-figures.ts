// Leases as the operator console shows them: those running now (started, not yet expired) by exit type and
// country, how many end within the next hour, the share that renews itself, and the ten that moved the most
// traffic (the gateways' byte counts).
import { sql, type Kysely } from 'kysely';
import type { LeaseOverview } from 'contract/operator-console';
import type { Schema } from '../db/schema.ts';

const TOP = 10;

export function createLeaseFigures(db: Kysely<Schema>) {
  return {
    async overview(now: Date): Promise<LeaseOverview> {
      const running = sql`le.starts_at <= ${now} and le.expires_at > ${now}`;
      const { rows: groups } = await sql<{ type: string; ct: string; country: string; n: number; renew: number; soon: number }>`
        select e.declared_type as type, li.ct, li.country, count(*)::int as n,
               count(*) filter (where le.renew)::int as renew,
               count(*) filter (where le.expires_at <= ${now}::timestamptz + interval '1 hour')::int as soon
        from proxy_leases le
        join proxy_listings li on li.id = le.listing_id
        join exits e on e.id = li.exit_id
        where ${running}
        group by 1, 2, 3`.execute(db);
      const { rows: top } = await sql<{ id: number; username: string; real_ip: string; ct: string; up: string | number; down: string | number; expires_at: Date }>`
        select le.id, u.username, li.real_ip, li.ct, coalesce(us.bytes_up, 0) as up, coalesce(us.bytes_down, 0) as down, le.expires_at
        from proxy_leases le
        join proxy_listings li on li.id = le.listing_id
        join users u on u.id = le.user_id
        left join proxy_lease_usage us on us.lease_id = le.id
        where ${running}
        order by coalesce(us.bytes_up, 0) + coalesce(us.bytes_down, 0) desc, le.id
        limit ${TOP}`.execute(db);
      const byType = new Map<string, number>();
      const byCountry = new Map<string, { country: string; count: number }>();
      let count = 0;
      let renew = 0;
      let soon = 0;
      for (const row of groups) {
        count += row.n;
        renew += row.renew;
        soon += row.soon;
        byType.set(row.type, (byType.get(row.type) ?? 0) + row.n);
        const place = byCountry.get(row.ct) ?? { country: row.country, count: 0 };
        place.count += row.n;
        byCountry.set(row.ct, place);
      }
      return {
        active: count,
        byType: [...byType].map(([type, n]) => ({ type, count: n })).sort((a, b) => b.count - a.count),
        byCountry: [...byCountry].map(([ct, place]) => ({ ct, ...place })).sort((a, b) => b.count - a.count),
        expiringNextHour: soon,
        autoRenew: { on: renew, share: count === 0 ? null : Math.round((renew / count) * 1000) / 10 },
        topByTraffic: top.map((row) => ({
          historyId: String(row.id),
          username: row.username,
          realIp: row.real_ip,
          ct: row.ct,
          bytesUp: Number(row.up),
          bytesDown: Number(row.down),
          expiresAt: new Date(row.expires_at).toISOString(),
        })),
      };
    },
  };
}
