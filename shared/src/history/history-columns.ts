import type { HistoryItem } from 'contract/history';
import { formatDayMonthTime } from 'shared/format/date';
import { formatMoney } from 'shared/format/money';

// The history table's columns: how each cell reads, and the column filters, which match what the cell
// shows (case-insensitive substring, every filled filter must match). One module serves the table, its
// tests and the benchmark's keystroke figure.

export const HISTORY_COLUMNS = ['IP', 'ONLINE', 'PAID', 'IP:PORT/COPY', 'NOTE', 'LOCATION', 'ISP', 'TYPE', 'BOUGHT', 'PRICE'] as const;
export type HistoryColumn = (typeof HISTORY_COLUMNS)[number];

/** One filter text per column, in column order. */
export type HistoryFilters = readonly string[];
export const EMPTY_HISTORY_FILTERS: HistoryFilters = HISTORY_COLUMNS.map(() => '');

export const onlineLabel = (item: Pick<HistoryItem, 'online'>) => (item.online === 1 ? 'Yes' : 'Dead');
export const paidLabel = (item: Pick<HistoryItem, 'paid'>) => (item.paid === 1 ? 'On' : 'Expired');
/** The proxy as a client takes it: login:pass@ip:port. */
export const proxyString = (item: Pick<HistoryItem, 'socks_auth' | 'proxy'>) => `${item.socks_auth}@${item.proxy}`;
/** country/region-city zip */
export const locationLabel = (item: Pick<HistoryItem, 'country' | 'region' | 'city' | 'zip'>) =>
  `${item.country}/${item.region}-${item.city} ${item.zip}`;

const MINUTE = 60_000;

/** What remains of a paid period, to the minute: '23h 05m', '12m', 'under a minute'. */
export function timeLeftLabel(expiresAt: string, now: number): string {
  const left = new Date(expiresAt).getTime() - now;
  if (!(left > 0)) return '';
  if (left < MINUTE) return 'under a minute';
  const minutes = Math.floor(left / MINUTE);
  const hours = Math.floor(minutes / 60);
  const rest = String(minutes % 60).padStart(2, '0');
  return hours > 0 ? `${hours}h ${rest}m` : `${minutes % 60}m`;
}

/**
 * NOTE: where the lease stands. Paid: the time left, and whether it renews; over with renew on: it waits
 * for its offline exit; over otherwise: ended.
 */
export function noteLabel(item: Pick<HistoryItem, 'paid' | 'renew' | 'expires_at'>, now: number): string {
  if (item.paid === 1) {
    const left = timeLeftLabel(item.expires_at, now);
    return `${left === '' ? 'ending' : `${left} left`}${item.renew === 1 ? ', auto-renews' : ''}`;
  }
  return item.renew === 1 ? 'waiting for the exit to come online' : 'ended';
}

/** The text of each column's cell, in column order. */
export function historyCells(item: HistoryItem, now: number): string[] {
  return [
    item.real_ip,
    onlineLabel(item),
    paidLabel(item),
    proxyString(item),
    noteLabel(item, now),
    locationLabel(item),
    item.isp,
    item.user_type,
    formatDayMonthTime(item.added_timestamp),
    formatMoney(item.price),
  ];
}

export interface HistoryRow {
  item: HistoryItem;
  cells: string[];
  /** The cells in lower case, worked out once per load so a keystroke only compares. */
  search: string[];
}

export function historyRows(items: readonly HistoryItem[], now: number): HistoryRow[] {
  return items.map((item) => {
    const cells = historyCells(item, now);
    return { item, cells, search: cells.map((cell) => cell.toLowerCase()) };
  });
}

/** Rows whose every filled column filter is a substring of that cell, ignoring case and surrounding spaces. */
export function filterHistoryRows(rows: readonly HistoryRow[], filters: HistoryFilters): HistoryRow[] {
  const needles = filters.map((filter, column) => [column, filter.trim().toLowerCase()] as const).filter(([, needle]) => needle !== '');
  if (needles.length === 0) return rows as HistoryRow[];
  return rows.filter((row) => needles.every(([column, needle]) => row.search[column]?.includes(needle)));
}

/** A blacklist flag as the panel shows it: from a real answer, or 'Unknown' when there is none. */
export const blacklistLabel = (flag: 0 | 1 | null) => (flag === null ? 'Unknown' : flag === 1 ? 'Yes' : 'Clean (in Spamhaus)');
