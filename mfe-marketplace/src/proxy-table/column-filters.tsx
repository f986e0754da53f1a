import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import {
  ADDED_FILTER_OPTIONS,
  TYPE_FILTER_DELAY_MS,
  TYPE_FILTER_VALUES,
  type AddedFilter,
  type ProxyFilters,
  type TextFilterField,
  type TypeFilter,
} from 'contract/proxy-filters';
import { filtersAtom, updateFiltersAtom } from '../state/marketplace-atoms';
import type { ColumnFilterKind } from './proxy-columns';

// Filters take their column's width (never more), so the table decides the widths, not its inputs.
const inputSx = { width: '100%', minWidth: 40, '& .MuiInputBase-root': { fontSize: '0.8125rem' } };

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
      sx={inputSx}
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

/** The filter shown under a column's title. */
export function ColumnFilter({ filter, label }: { filter: ColumnFilterKind; label: string }) {
  switch (filter.kind) {
    case 'text':
      return <TextFilter field={filter.field} label={label} />;
    case 'bound':
      return <BoundFilter field={filter.field} label={filter.label} />;
    case 'type':
      return <TypeFilterSelect />;
    case 'added':
      return <AddedFilterSelect />;
  }
}
