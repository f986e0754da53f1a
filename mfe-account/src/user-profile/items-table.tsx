import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/**
 * A small table of the API tab (keys, webhook endpoints, deliveries): a header row, a line when the list is
 * empty, then one row per item. Scrollable tables can be focused, so that a narrow screen scrolls them
 * sideways by keyboard too.
 */
export function ItemsTable<Item>({
  label,
  headers,
  items,
  emptyText,
  itemKey,
  cells,
  scrollable = false,
}: {
  label: string;
  /** Column titles; an empty string for a column without one (the actions). */
  headers: string[];
  items: Item[] | undefined;
  emptyText: string;
  itemKey: (item: Item) => string;
  cells: (item: Item) => ReactNode;
  scrollable?: boolean;
}) {
  return (
    <TableContainer {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable` } : {})}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {headers.map((header, index) => (
              <TableCell key={index}>{header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items?.length === 0 && (
            <TableRow>
              <TableCell colSpan={headers.length}>{emptyText}</TableCell>
            </TableRow>
          )}
          {items?.map((item) => (
            <TableRow key={itemKey(item)}>{cells(item)}</TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
