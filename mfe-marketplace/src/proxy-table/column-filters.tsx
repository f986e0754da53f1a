import { MenuItem, TableCell, TableRow, TextField } from '@mui/material';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import {
  ADDED_FILTER_OPTIONS,
  DISTANCE_FILTER_VALUES,
  TYPE_FILTER_DELAY_MS,
  TYPE_FILTER_VALUES,
  type AddedFilter,
  type DistanceFilter,
  type ProxyFilters,
  type TextFilterField,
  type TypeFilter,
} from 'shared/marketplace/proxy-filters';
import { filtersAtom, updateFiltersAtom } from '../state/marketplace-atoms';

const inputSx = { minWidth: 72 };

function TextFilter({ field, label }: { field: TextFilterField; label: string }) {
  const filters = useAtomValue(filtersAtom);
  const update = useSetAtom(updateFiltersAtom);
  return (
    <TextField
      size="small"
      variant="standard"
      placeholder="filter"
      value={filters.text[field]}
      onChange={(event) => update({ text: { ...filters.text, [field]: event.target.value } })}
      slotProps={{ htmlInput: { 'aria-label': `Filter ${label}` } }}
      sx={inputSx}
    />
  );
}

function BoundFilter({ field, label }: { field: 'minSpeed' | 'maxPing' | 'maxPrice'; label: string }) {
  const value = useAtomValue(filtersAtom)[field];
  const update = useSetAtom(updateFiltersAtom);
  return (
    <TextField
      size="small"
      variant="standard"
      placeholder={field === 'minSpeed' ? 'min' : 'max'}
      value={value}
      onChange={(event) => update({ [field]: event.target.value } as Partial<ProxyFilters>)}
      slotProps={{ htmlInput: { 'aria-label': label, inputMode: 'decimal' } }}
      sx={{ width: 64 }}
    />
  );
}

/** The type filter applies 500 ms after the choice. */
function TypeFilterSelect() {
  const applied = useAtomValue(filtersAtom).type;
  const update = useSetAtom(updateFiltersAtom);
  const [draft, setDraft] = useState<TypeFilter>(applied);
  const [lastApplied, setLastApplied] = useState(applied);
  if (applied !== lastApplied) {
    // Filters reset elsewhere (reset filters): show what now applies.
    setLastApplied(applied);
    setDraft(applied);
  }
  useEffect(() => {
    if (draft === applied) return;
    const timer = setTimeout(() => update({ type: draft }), TYPE_FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, applied, update]);
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={draft}
      onChange={(event) => setDraft(event.target.value as TypeFilter)}
      slotProps={{ select: { inputProps: { 'aria-label': 'Filter Type' } } }}
      sx={inputSx}
    >
      {TYPE_FILTER_VALUES.map((type) => (
        <MenuItem key={type} value={type}>
          {type}
        </MenuItem>
      ))}
    </TextField>
  );
}

function AddedFilterSelect() {
  const added = useAtomValue(filtersAtom).added;
  const update = useSetAtom(updateFiltersAtom);
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={String(added)}
      onChange={(event) => update({ added: (event.target.value === 'any' ? 'any' : Number(event.target.value)) as AddedFilter })}
      slotProps={{ select: { inputProps: { 'aria-label': 'Filter Added' } } }}
      sx={inputSx}
    >
      {ADDED_FILTER_OPTIONS.map((option) => (
        <MenuItem key={option.label} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function DistanceFilterSelect() {
  const distance = useAtomValue(filtersAtom).distance;
  const update = useSetAtom(updateFiltersAtom);
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={String(distance)}
      onChange={(event) => update({ distance: Number(event.target.value) as DistanceFilter })}
      slotProps={{ select: { inputProps: { 'aria-label': 'Filter distance' } } }}
      sx={{ minWidth: 64, mt: 0.5 }}
    >
      {DISTANCE_FILTER_VALUES.map((miles) => (
        <MenuItem key={miles} value={String(miles)}>
          +{miles} mi
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A filter under every column header. */
export function ColumnFilters() {
  return (
    <TableRow>
      <TableCell><TextFilter field="sock_real_ip" label="IP" /></TableCell>
      <TableCell><TextFilter field="domain" label="Domain" /></TableCell>
      <TableCell><TextFilter field="region" label="State" /></TableCell>
      <TableCell>
        <TextFilter field="city" label="City" />
        <DistanceFilterSelect />
      </TableCell>
      <TableCell><TextFilter field="isp" label="ISP" /></TableCell>
      <TableCell><TextFilter field="zip" label="ZIP" /></TableCell>
      <TableCell><BoundFilter field="minSpeed" label="Minimum speed" /></TableCell>
      <TableCell><BoundFilter field="maxPing" label="Maximum ping" /></TableCell>
      <TableCell><TypeFilterSelect /></TableCell>
      <TableCell><AddedFilterSelect /></TableCell>
      <TableCell><BoundFilter field="maxPrice" label="Maximum price" /></TableCell>
      <TableCell />
    </TableRow>
  );
}
