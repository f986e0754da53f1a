// What the operator console shows about the inventory: exits per state, type, source and country; a page of
// exits; one exit with its check history (hours of checks with their ping, state changes), its blacklist
// answers and its location. Read-only; the figures are counted by PostgreSQL, never kept in memory.
import { sql, type Kysely } from 'kysely';
import type { ExitState } from 'contract/inventory';
import type { DeclaredType } from '../inventory/exit-types.ts';
import type { ExitDetail, ExitList, ExitListQuery, InventoryOverview, StateCounts } from 'contract/operator-console';
import type { Schema } from '../db/schema.ts';
import { listingPriceCents } from '../marketplace/pricing.ts';

const empty = (): StateCounts => ({ unchecked: 0, online: 0, dead: 0, retired: 0, total: 0 });

function grouped<K extends string>(rows: { key: K; state: ExitState; n: number }[]): Map<K, StateCounts> {
  const out = new Map<K, StateCounts>();
  for (const row of rows) {
    const counts = out.get(row.key) ?? empty();
    counts[row.state] += Number(row.n);
    counts.total += Number(row.n);
    out.set(row.key, counts);
  }
  return out;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const int = (value: number | string | null): number | null => (value === null ? null : Number(value));

function endpointOf(row: { kind: string; host: string | null; port: number | null; endpoint_key: string }): string {
  if (row.kind === 'direct' || row.host === null) return row.endpoint_key.replace(/^direct:/, '');
  return `${row.host.includes(':') ? `[${row.host}]` : row.host}:${row.port}`;
}

export function createInventoryFigures(db: Kysely<Schema>) {
  return {
    async overview(): Promise<InventoryOverview> {
      const { rows } = await sql<{ type: DeclaredType; source: string; ct: string; country: string; state: ExitState; n: number }>`
        select e.declared_type as type, e.source, coalesce(li.ct, '??') as ct, coalesce(li.country, 'Unknown') as country,
               e.state, count(*)::int as n
        from exits e left join proxy_listings li on li.exit_id = e.id
        group by 1, 2, 3, 4, 5`.execute(db);
      const states = empty();
      for (const row of rows) {
        states[row.state] += Number(row.n);
        states.total += Number(row.n);
      }
      const byType = grouped(rows.map((r) => ({ key: r.type, state: r.state, n: r.n })));
      const bySource = grouped(rows.map((r) => ({ key: r.source, state: r.state, n: r.n })));
      const byCountry = grouped(rows.map((r) => ({ key: r.ct, state: r.state, n: r.n })));
      const names = new Map(rows.map((r) => [r.ct, r.country]));
      const { rows: market } = await sql<{ for_sale: number; leased: number }>`
        select count(*) filter (where online and (leased_until is null or leased_until <= now()))::int as for_sale,
               count(*) filter (where leased_until > now())::int as leased
        from proxy_listings`.execute(db);
      const byTotal = (a: { counts: StateCounts }, b: { counts: StateCounts }) => b.counts.total - a.counts.total;
      return {
        states,
        byType: [...byType].map(([type, counts]) => ({ type, counts })).sort(byTotal),
        bySource: [...bySource].map(([source, counts]) => ({ source, counts })).sort(byTotal),
        byCountry: [...byCountry].map(([ct, counts]) => ({ ct, country: names.get(ct) ?? ct, counts })).sort(byTotal),
        forSale: Number(market[0]?.for_sale ?? 0),
        leased: Number(market[0]?.leased ?? 0),
      };
    },

    async list(query: ExitListQuery): Promise<ExitList> {
      const where = [sql`true`];
      if (query.state) where.push(sql`e.state = ${query.state}`);
      if (query.source) where.push(sql`e.source = ${query.source}`);
      if (query.type) where.push(sql`e.declared_type = ${query.type}`);
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(sql`(e.host ilike ${like} or e.exit_ip ilike ${like} or e.label ilike ${like} or e.endpoint_key ilike ${like})`);
      }
      const filter = sql.join(where, sql` and `);
      const { rows } = await sql<ListRow>`
        select e.id, e.source, e.kind, e.host, e.port, e.endpoint_key, e.declared_type, e.state, coalesce(li.ct, '??') as ct,
               e.exit_ip, e.ping_ms, e.checked_at, count(*) over ()::int as total
        from exits e left join proxy_listings li on li.exit_id = e.id
        where ${filter}
        order by e.id desc
        limit ${Number(query.limit ?? 50)}`.execute(db);
      return { exits: rows.map(exitRow), total: Number(rows[0]?.total ?? 0) };
    },

    async detail(id: number, now: Date): Promise<ExitDetail | null> {
      const { rows } = await sql<DetailRow>`
        select e.*, coalesce(li.ct, '??') as ct, li.id as listing_id,
               case when li.id is null then null else ${listingPriceCents(now)} end as market_price_cents
        from exits e left join proxy_listings li on li.exit_id = e.id
        where e.id = ${id}`.execute(db);
      const row = rows[0];
      if (!row) return null;
      const { rows: hours } = await sql<{ hour: Date; checks: number; ok: number; ping: number | null }>`
        select hour, checks, ok,
               (select round(avg(p))::int from unnest(pings) as p) as ping
        from exit_uptime_hours
        where exit_id = ${id} and hour > ${now}::timestamptz - interval '7 days'
        order by hour`.execute(db);
      const { rows: transitions } = await sql<{ changed_at: Date; from_state: string; to_state: string; reason: string }>`
        select * from (
          select changed_at, from_state, to_state, reason, id from exit_state_changes
          where exit_id = ${id} order by changed_at desc, id desc limit 200
        ) t order by changed_at, id`.execute(db);
      const dayStart = now.getTime() - 24 * 3600_000;
      const share = (list: typeof hours) => {
        const checks = list.reduce((sum, h) => sum + Number(h.checks), 0);
        const ok = list.reduce((sum, h) => sum + Number(h.ok), 0);
        return checks === 0 ? null : Math.round((ok / checks) * 1000) / 10;
      };
      return {
        exit: {
          ...exitRow(row),
          label: row.label,
          priceCents: int(row.price_cents),
          marketPriceCents: int(row.market_price_cents),
          stateChangedAt: iso(row.state_changed_at)!,
          createdAt: iso(row.created_at)!,
          checkStage: row.check_stage,
          checkFailure: row.check_failure,
          speedMbps: row.speed_mbps === null ? null : Number(row.speed_mbps),
          checks: Number(row.checks_count),
        },
        location: {
          ip: row.geo_ip,
          at: iso(row.geo_at),
          ct: row.geo_ct,
          region: row.geo_region,
          city: row.geo_city,
          isp: row.geo_isp,
          asn: int(row.geo_asn),
          timeZone: row.geo_time_zone,
          ptr: row.ptr_name,
        },
        blacklists: {
          ip: row.dnsbl_ip,
          checkedAt: iso(row.dnsbl_checked_at),
          sbl: listed(row.dnsbl_sbl),
          xbl: listed(row.dnsbl_xbl),
          css: listed(row.dnsbl_css),
          pbl: listed(row.dnsbl_pbl),
          error: row.dnsbl_error,
        },
        hours: hours.map((h) => ({ hour: iso(h.hour)!, checks: Number(h.checks), ok: Number(h.ok), pingMs: int(h.ping) })),
        transitions: transitions.map((t) => ({ at: iso(t.changed_at)!, from: t.from_state, to: t.to_state, reason: t.reason })),
        uptime: { day: share(hours.filter((h) => new Date(h.hour).getTime() >= dayStart)), week: share(hours) },
      };
    },
  };
}

const listed = (value: number | null): 0 | 1 | null => (value === null ? null : value === 1 ? 1 : 0);

interface ListRow {
  id: number;
  source: string;
  kind: string;
  host: string | null;
  port: number | null;
  endpoint_key: string;
  declared_type: DeclaredType;
  state: ExitState;
  ct: string;
  exit_ip: string | null;
  ping_ms: number | null;
  checked_at: Date | null;
  total?: number;
}

interface DetailRow extends ListRow {
  label: string;
  price_cents: number | null;
  market_price_cents: number | null;
  state_changed_at: Date;
  created_at: Date;
  check_stage: string | null;
  check_failure: string | null;
  speed_mbps: number | null;
  checks_count: number | string;
  geo_ip: string | null;
  geo_at: Date | null;
  geo_ct: string | null;
  geo_region: string | null;
  geo_city: string | null;
  geo_isp: string | null;
  geo_asn: number | string | null;
  geo_time_zone: string | null;
  ptr_name: string | null;
  dnsbl_ip: string | null;
  dnsbl_checked_at: Date | null;
  dnsbl_sbl: number | null;
  dnsbl_xbl: number | null;
  dnsbl_css: number | null;
  dnsbl_pbl: number | null;
  dnsbl_error: string | null;
}

function exitRow(row: ListRow) {
  return {
    id: Number(row.id),
    source: row.source,
    endpoint: endpointOf(row),
    type: row.declared_type,
    state: row.state,
    ct: row.ct,
    exitIp: row.exit_ip,
    pingMs: int(row.ping_ms),
    checkedAt: iso(row.checked_at),
  };
}
