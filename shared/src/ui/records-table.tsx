import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';

export interface RecordColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
}

/** Extra props of a cell: MUI's, and `data-` attributes (a card layout reads them). */
export type CellExtras = Partial<TableCellProps> & { [attribute: `data-${string}`]: string };

/**
 * A table of records (payments history, the operator console): loading, error and empty states, then one row
 * per record. `dense` is the console's tighter spacing; `headCell`, `cell` and `wrap` let a caller add cell
 * attributes and a wrapper (the console's cards on a narrow screen).
 */
export function RecordsTable<Row, Column extends RecordColumn<Row> = RecordColumn<Row>>(props: {
  caption: string;
  columns: Column[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  isLoading?: boolean;
  error?: string | null;
  emptyText: string;
  dense?: boolean;
  headCell?: (column: Column) => CellExtras;
  cell?: (column: Column) => CellExtras;
  wrap?: (table: ReactElement) => ReactElement;
}) {
  const { caption, columns, rows, rowKey, isLoading = false, error = null, emptyText, dense = false, headCell, cell, wrap = (table) => table } = props;
  if (isLoading) return <CircularProgress aria-label={`Loading ${caption.toLowerCase()}`} sx={{ display: 'block', mx: 'auto', my: dense ? 3 : 4 }} />;
  if (error !== null) return <Alert severity="error">{error}</Alert>;
  if (!rows || rows.length === 0) return <Typography sx={{ py: dense ? 2 : 3 }}>{emptyText}</Typography>;
  return wrap(
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align} {...headCell?.(column)}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align} {...cell?.(column)}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>,
  );
}
