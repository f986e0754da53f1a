import Box from '@mui/material/Box';
import { CARD, cardTableSx } from 'shared/ui/card-table';
import { RecordsTable, type RecordColumn } from 'shared/ui/records-table';

export interface Column<Row> extends RecordColumn<Row> {
  /** Its part when the rows become cards on a narrow screen (default: a detail with its label). */
  card?: (typeof CARD)[keyof typeof CARD];
}

/** The console's tables: loading, error and empty states, then one row per record; cards on a narrow screen. */
export function OperatorTable<Row>(props: {
  caption: string;
  columns: Array<Column<Row>>;
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  isLoading?: boolean;
  error?: string | null;
  emptyText: string;
}) {
  return (
    <RecordsTable
      {...props}
      dense
      headCell={() => ({ 'data-card': CARD.tableOnly })}
      cell={(column) => ({ 'data-card': column.card ?? CARD.detail, 'data-label': column.header, sx: { overflowWrap: 'anywhere' } })}
      wrap={(table) => <Box sx={cardTableSx(640)}>{table}</Box>}
    />
  );
}
