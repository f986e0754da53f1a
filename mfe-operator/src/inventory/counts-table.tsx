import type { StateCounts } from 'contract/operator-console';
import { CARD } from 'shared/ui/card-table';
import { count } from '../charts/console-figures';
import { OperatorTable, type Column } from '../operator-table';

interface CountsRow {
  key: string;
  label: string;
  counts: StateCounts;
}

const STATE_COLUMNS = [
  ['unchecked', 'Unchecked'],
  ['online', 'Online'],
  ['dead', 'Dead'],
  ['retired', 'Retired'],
  ['total', 'Total'],
] as const;

const COLUMNS: Column<CountsRow>[] = [
  { header: 'Name', cell: (row) => row.label, card: CARD.lead },
  ...STATE_COLUMNS.map(([key, header]): Column<CountsRow> => ({ header, cell: (row) => count(row.counts[key]), align: 'right' })),
];

/** Exits per state for each source or country; cards on narrow screens. */
export function CountsTable({ caption, rows }: { caption: string; rows: CountsRow[] }) {
  return <OperatorTable caption={caption} columns={COLUMNS} rows={rows} rowKey={(row) => row.key} emptyText="No exits." />;
}
