import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { CARD, cardTableSx } from 'shared/ui/card-table';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
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
  const { caption, columns, rows, rowKey, isLoading = false, error = null, emptyText } = props;
  if (isLoading) return <CircularProgress aria-label={`Loading ${caption.toLowerCase()}`} sx={{ display: 'block', mx: 'auto', my: 3 }} />;
  if (error !== null) return <Alert severity="error">{error}</Alert>;
  if (!rows || rows.length === 0) return <Typography sx={{ py: 2 }}>{emptyText}</Typography>;
  return (
    <Box sx={cardTableSx(640)}>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align} data-card={CARD.tableOnly}>
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell key={column.header} align={column.align} data-card={column.card ?? CARD.detail} data-label={column.header} sx={{ overflowWrap: 'anywhere' }}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
