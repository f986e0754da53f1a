import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StateCounts } from 'contract/operator-console';
import { CARD, cardTableSx } from 'shared/ui/card-table';
import { count } from '../charts/console-figures';

const COLUMNS = [
  ['unchecked', 'Unchecked'],
  ['online', 'Online'],
  ['dead', 'Dead'],
  ['retired', 'Retired'],
  ['total', 'Total'],
] as const;

/** Exits per state for each source or country; cards on narrow screens. */
export function CountsTable({ caption, rows }: { caption: string; rows: { key: string; label: string; counts: StateCounts }[] }) {
  return (
    <Box sx={cardTableSx(560)}>
      <Table size="small">
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '4px 0', fontWeight: 600 }}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell data-card={CARD.tableOnly}>Name</TableCell>
            {COLUMNS.map(([key, label]) => (
              <TableCell key={key} align="right" data-card={CARD.tableOnly}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row" data-card={CARD.lead}>
                {row.label}
              </TableCell>
              {COLUMNS.map(([key, label]) => (
                <TableCell key={key} align="right" data-card={CARD.detail} data-label={label}>
                  {count(row.counts[key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
