import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
} from '@tanstack/react-table';
import Box from '@mui/material/Box';
import { Fragment } from 'react';
import type { ProxyListing } from 'contract/marketplace';
import { formatMoney } from 'shared/format/money';
import type { TextFilterField } from 'contract/proxy-filters';
import { Flag } from 'shared/ui/flag';

// The table's columns, declared once for TanStack Table: header, value, sort and filter of each. The
// table itself stays headless (MUI's Table renders it); filtering is the one shared implementation
// (contract/proxy-filters), applied before the rows reach the table.

export function addedLabel(days: number): string {
  if (days === 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** An IPv4 address as a number, so 10.0.0.9 sorts before 10.0.0.10. */
export function ipOrder(ip: string): number {
  return ip.split('.').reduce((sum, part) => sum * 256 + (Number(part) || 0), 0);
}

/** What the filter row shows under a column's title. */
export type ColumnFilterKind =
  | { kind: 'text'; field: TextFilterField }
  | { kind: 'bound'; field: 'minSpeed' | 'maxPing' | 'maxPrice'; label: string }
  | { kind: 'type' }
  | { kind: 'added' };

export interface ProxyColumnMeta {
  filter?: ColumnFilterKind;
  /** Columns of short numbers: right-aligned so digits line up. */
  numeric?: boolean;
  /**
   * Shown in the table only where the table is wide enough for it (and always on cards): the table's other
   * columns fit beside the details panel at 1280 px, this one would not. The sort control offers it everywhere.
   */
  optional?: boolean;
}

export const tableFeatureSet = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, text: sortFn_text },
  columnMeta: {} as ProxyColumnMeta,
});

const helper = createColumnHelper<typeof tableFeatureSet, ProxyListing>();

/** Text that wraps between words, never inside one (a state name is not cut in half). */
const wrap = (text: string) => <Box component="span" sx={{ overflowWrap: 'break-word' }}>{text}</Box>;

/** A figure with its unit, kept on one line: "87 Mbps", "34 ms". */
const unit = (value: number, name: string) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{`${value}\u00a0${name}`}</Box>;

/** A domain may wrap after its dots and hyphens, so a long host name does not widen its column. */
const domain = (text: string) => (
  <Box component="span">
    {text.split(/(?<=[.-])/).map((part, index) => (
      <Fragment key={index}>
        {index > 0 && <wbr />}
        {part}
      </Fragment>
    ))}
  </Box>
);

/** A figure with its unit ("87 Mbps", "34 ms"); one the checker has not measured yet: a dash, and why on hover. */
const unmeasured = (value: number | null, name: string) =>
  value === null ? (
    <Box component="span" title="Not measured yet">
      —
    </Box>
  ) : (
    unit(value, name)
  );

/** Sorts a measured figure; an unknown one counts as `fallback`, so it comes last on the column's first click. */
const byMeasured = (key: 'speed' | 'ping', fallback: number) => (a: { original: ProxyListing }, b: { original: ProxyListing }) =>
  (a.original[key] ?? fallback) - (b.original[key] ?? fallback);

/** Uptime over 7 days as a percentage with one decimal ("99.4%"), or a dash when the checker has not measured it. */
export function uptimeLabel(uptime: number | null): string {
  return uptime === null ? '—' : `${uptime.toFixed(1)}%`;
}

/**
 * IP (with flag), Domain, State, City, ISP, ZIP, Speed, Ping, Uptime (where it fits), Type, Added, Price; the
 * cart toggle is separate.
 */
export const proxyColumns = helper.columns([
  helper.accessor('sock_real_ip', {
    id: 'ip',
    header: 'IP',
    sortFn: (a, b) => ipOrder(a.original.sock_real_ip) - ipOrder(b.original.sock_real_ip),
    cell: ({ row }) => (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
        <Flag code={row.original.img} country={row.original.country} />
        {row.original.sock_real_ip}
      </Box>
    ),
    meta: { filter: { kind: 'text', field: 'sock_real_ip' } },
  }),
  helper.accessor('domain', { header: 'Domain', sortFn: 'text', cell: ({ getValue }) => domain(getValue()), meta: { filter: { kind: 'text', field: 'domain' } } }),
  helper.accessor('region', { header: 'State', sortFn: 'text', cell: ({ getValue }) => wrap(getValue()), meta: { filter: { kind: 'text', field: 'region' } } }),
  helper.accessor('city', { header: 'City', sortFn: 'text', cell: ({ getValue }) => wrap(getValue()), meta: { filter: { kind: 'text', field: 'city' } } }),
  helper.accessor('isp', { header: 'ISP', sortFn: 'text', cell: ({ getValue }) => wrap(getValue()), meta: { filter: { kind: 'text', field: 'isp' } } }),
  helper.accessor('zip', { header: 'ZIP', sortFn: 'alphanumeric', meta: { filter: { kind: 'text', field: 'zip' } } }),
  helper.accessor('speed', {
    header: 'Speed',
    sortFn: byMeasured('speed', -1),
    sortDescFirst: true,
    cell: ({ getValue }) => unmeasured(getValue(), 'Mbps'),
    meta: { numeric: true, filter: { kind: 'bound', field: 'minSpeed', label: 'Minimum speed' } },
  }),
  helper.accessor('ping', {
    header: 'Ping',
    sortFn: byMeasured('ping', Number.MAX_SAFE_INTEGER),
    sortDescFirst: false,
    cell: ({ getValue }) => unmeasured(getValue(), 'ms'),
    meta: { numeric: true, filter: { kind: 'bound', field: 'maxPing', label: 'Maximum ping' } },
  }),
  // An unmeasured exit's uptime is undefined to the table, which keeps it last in either direction.
  helper.accessor((listing) => listing.uptime ?? undefined, {
    id: 'uptime',
    header: 'Uptime',
    sortFn: 'basic',
    sortDescFirst: true,
    sortUndefined: 'last',
    cell: ({ row }) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }} title={row.original.uptime === null ? 'Uptime not measured yet' : 'Uptime over the last 7 days'}>
        {uptimeLabel(row.original.uptime)}
      </Box>
    ),
    meta: { numeric: true, optional: true },
  }),
  helper.accessor('user_type', { header: 'Type', sortFn: 'text', meta: { filter: { kind: 'type' } } }),
  helper.accessor('added_days_ago', {
    id: 'added',
    header: 'Added',
    sortFn: 'basic',
    sortDescFirst: false,
    cell: ({ getValue }) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{addedLabel(getValue())}</Box>,
    meta: { filter: { kind: 'added' } },
  }),
  helper.accessor('price', {
    header: 'Price',
    sortFn: 'basic',
    sortDescFirst: false,
    cell: ({ getValue }) => formatMoney(getValue()),
    meta: { numeric: true, filter: { kind: 'bound', field: 'maxPrice', label: 'Maximum price' } },
  }),
]);
