import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
}

/** The one table both history tabs use: loading, error and empty states, then one row per record. */
export function PaymentsTable<Row>(props: {
  caption: string;
  columns: Array<Column<Row>>;
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  isLoading: boolean;
  error: string | null;
  emptyText: string;
}) {
  const { caption, columns, rows, rowKey, isLoading, error, emptyText } = props;
  if (isLoading) return <CircularProgress aria-label={`Loading ${caption.toLowerCase()}`} sx={{ display: 'block', mx: 'auto', my: 4 }} />;
  if (error !== null) return <Alert severity="error">{error}</Alert>;
  if (!rows || rows.length === 0) return <Typography sx={{ py: 3 }}>{emptyText}</Typography>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
