import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TableSort } from '../state/marketplace-atoms';
import { proxyColumns } from './proxy-columns';

/**
 * The orders a customer picks most, as one control that works at every width: on cards and in a table too
 * narrow for the Uptime column there is no column title to click. A column title clicked elsewhere shows
 * here as that column's order.
 */
export const SORT_CHOICES: readonly { label: string; sorting: TableSort }[] = [
  { label: 'Newest first', sorting: [] },
  { label: 'Uptime, highest first', sorting: [{ id: 'uptime', desc: true }] },
  { label: 'Price, lowest first', sorting: [{ id: 'price', desc: false }] },
  { label: 'Ping, lowest first', sorting: [{ id: 'ping', desc: false }] },
  { label: 'Speed, highest first', sorting: [{ id: 'speed', desc: true }] },
];

// The server's order has a key of its own: an empty value would show the control as if nothing were chosen.
const keyOf = (sorting: TableSort) => (sorting.length === 0 ? 'newest' : sorting.map(({ id, desc }) => `${id}:${desc ? 'desc' : 'asc'}`).join(','));

/** A column title's order that is not one of the choices: "State, descending". */
function otherLabel(sorting: TableSort): string {
  const [first] = sorting;
  const header = proxyColumns.find((column) => (column.id ?? ('accessorKey' in column ? String(column.accessorKey) : '')) === first?.id)?.header;
  return `${typeof header === 'string' ? header : (first?.id ?? '')}, ${first?.desc ? 'descending' : 'ascending'}`;
}

export function SortSelect({ sorting, onChange }: { sorting: TableSort; onChange: (sorting: TableSort) => void }) {
  const current = keyOf(sorting);
  const known = SORT_CHOICES.some((choice) => keyOf(choice.sorting) === current);
  return (
    <TextField
      select
      size="small"
      label="Sort by"
      value={current}
      onChange={(event) => onChange(SORT_CHOICES.find((choice) => keyOf(choice.sorting) === event.target.value)?.sorting ?? [])}
      sx={{ minWidth: 200 }}
    >
      {SORT_CHOICES.map((choice) => (
        <MenuItem key={choice.label} value={keyOf(choice.sorting)}>
          {choice.label}
        </MenuItem>
      ))}
      {!known && <MenuItem value={current}>{otherLabel(sorting)}</MenuItem>}
    </TextField>
  );
}
