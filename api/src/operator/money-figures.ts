// The shop's money as the operator console shows it, read from the ledger alone: per UTC day and per month,
// top-ups, sales, renewals, refunds (automatic: an exit dead within 2 hours of purchase or a blacklist credit;
// manual: approved on the support desk), operators' adjustments and the net; the liability (what the
// customers' balances add up to); the ledger check (accounts whose balance is not the sum of their ledger
// rows: the figure must be 0); and the ledger itself as CSV for a range of days.
import { sql, type Kysely } from 'kysely';
import type { MoneyPeriod, MoneyReport } from 'contract/operator-console';
import type { Schema } from '../db/schema.ts';

const DAY_MS = 86_400_000;
/** The longest range one CSV export covers. */
export const MAX_EXPORT_DAYS = 366;

/** YYYY-MM-DD of a UTC day. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Each ledger row with the name of its figure; refunds split into automatic and manual. */
const CLASSIFIED = sql`
  select l.*, case
      when l.kind = 'topup' then 'topups'
      when l.kind = 'purchase' then 'sales'
      when l.kind = 'renewal' then 'renewals'
      when l.kind = 'refund' and (l.reference like 'blacklist-credit:%' or r.reason = 'dead-exit') then 'refundsAutomatic'
      when l.kind = 'refund' then 'refundsManual'
      else 'adjustments' end as figure
  from ledger l
  left join refunds r on l.kind = 'refund' and l.reference = 'refund:lease:' || r.lease_id::text`;

interface PeriodRow {
  period: string;
  topups: string | number;
  sales: string | number;
  renewals: string | number;
  refunds_automatic: string | number;
  refunds_manual: string | number;
  adjustments: string | number;
  net: string | number;
}

function toPeriod(row: PeriodRow): MoneyPeriod {
  const n = (value: string | number) => Number(value);
  const refunds = n(row.refunds_automatic) + n(row.refunds_manual);
  return {
    period: row.period,
    topups: n(row.topups),
    sales: n(row.sales),
    renewals: n(row.renewals),
    refundsAutomatic: n(row.refunds_automatic),
    refundsManual: n(row.refunds_manual),
    adjustments: n(row.adjustments),
    net: n(row.net),
    revenue: -(n(row.sales) + n(row.renewals)) - refunds,
  };
}

/** A range of whole UTC days as [start, end) instants; a clear message when it is backwards or too long. */
export function dayRange(from: string, to: string, maxDays: number): { start: Date; end: Date } | string {
  const start = dayStart(from);
  const end = new Date(dayStart(to).getTime() + DAY_MS);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return 'Give days as YYYY-MM-DD.';
  if (end <= start) return 'The range ends before it starts: "from" must be on or before "to".';
  if ((end.getTime() - start.getTime()) / DAY_MS > maxDays) return `A range covers at most ${maxDays} days.`;
  return { start, end };
}

function csvField(value: string): string {
  // A cell a spreadsheet would run as a formula is quoted as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function createMoneyFigures(db: Kysely<Schema>) {
  async function periods(unit: 'day' | 'month', start: Date, end: Date): Promise<MoneyPeriod[]> {
    const format = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
    const { rows } = await sql<PeriodRow>`
      select to_char(date_trunc(${unit}, c.created_at at time zone 'UTC'), ${format}) as period,
        coalesce(sum(c.amount_cents) filter (where c.figure = 'topups'), 0) as topups,
        coalesce(sum(c.amount_cents) filter (where c.figure = 'sales'), 0) as sales,
        coalesce(sum(c.amount_cents) filter (where c.figure = 'renewals'), 0) as renewals,
        coalesce(sum(c.amount_cents) filter (where c.figure = 'refundsAutomatic'), 0) as refunds_automatic,
        coalesce(sum(c.amount_cents) filter (where c.figure = 'refundsManual'), 0) as refunds_manual,
        coalesce(sum(c.amount_cents) filter (where c.figure = 'adjustments'), 0) as adjustments,
        coalesce(sum(c.amount_cents), 0) as net
      from (${CLASSIFIED}) c
      where c.created_at >= ${start} and c.created_at < ${end}
      group by 1 order by 1`.execute(db);
    return rows.map(toPeriod);
  }

  return {
    async report(from: string, to: string): Promise<MoneyReport | string> {
      const range = dayRange(from, to, MAX_EXPORT_DAYS);
      if (typeof range === 'string') return range;
      const monthStart = new Date(Date.UTC(range.start.getUTCFullYear(), range.start.getUTCMonth(), 1));
      const last = new Date(range.end.getTime() - DAY_MS);
      const monthEnd = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 1));
      const { rows: check } = await sql<{ accounts: number; mismatched: number; difference: string | number; liability: string | number }>`
        select count(*)::int as accounts,
               count(*) filter (where u.balance_cents <> coalesce(s.total, 0))::int as mismatched,
               coalesce(sum(abs(u.balance_cents - coalesce(s.total, 0))), 0) as difference,
               coalesce(sum(u.balance_cents), 0) as liability
        from users u left join (select user_id, sum(amount_cents) as total from ledger group by user_id) s on s.user_id = u.id`.execute(db);
      const figures = check[0]!;
      return {
        from,
        to,
        days: await periods('day', range.start, range.end),
        months: await periods('month', monthStart, monthEnd),
        liabilityCents: Number(figures.liability),
        ledgerCheck: { accounts: Number(figures.accounts), mismatched: Number(figures.mismatched), differenceCents: Number(figures.difference) },
      };
    },

    /** The ledger rows of a range of days as CSV (oldest first), amounts in dollars. */
    async ledgerCsv(start: Date, end: Date): Promise<string> {
      const { rows } = await sql<{ id: number; created_at: Date; user_id: string; username: string; kind: string; figure: string; amount_cents: string | number; reference: string }>`
        select c.id, c.created_at, c.user_id, u.username, c.kind, c.figure, c.amount_cents, c.reference
        from (${CLASSIFIED}) c join users u on u.id = c.user_id
        where c.created_at >= ${start} and c.created_at < ${end}
        order by c.created_at, c.id`.execute(db);
      const lines = ['id,created_at,user_id,username,kind,figure,amount_usd,reference'];
      for (const row of rows) {
        const cents = Number(row.amount_cents);
        const amount = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
        lines.push(
          [String(row.id), new Date(row.created_at).toISOString(), row.user_id, csvField(row.username), row.kind, row.figure, amount, csvField(row.reference)].join(','),
        );
      }
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}
