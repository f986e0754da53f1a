import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { FIND_MAX_LENGTH, FIND_MIN_LENGTH } from 'contract/limits';
import { findAtom, findQueryAtom } from '../state/marketplace-atoms';

/** Typing settles for this long before the catalogue is searched. */
export const FIND_DELAY_MS = 400;

/**
 * Search across the catalogue without choosing a state first: listings whose city, ISP, ZIP, domain or IP
 * start with what is typed (from 2 characters). Clearing the box returns to the chosen location.
 */
export function CatalogueSearch() {
  const applied = useAtomValue(findQueryAtom);
  const find = useSetAtom(findAtom);
  const [draft, setDraft] = useState(applied ?? '');
  const [lastApplied, setLastApplied] = useState(applied);
  if (applied !== lastApplied) {
    // Cleared elsewhere (a tab or a location was chosen): show what now applies.
    setLastApplied(applied);
    if (applied === null) setDraft('');
  }
  useEffect(() => {
    const query = draft.trim();
    const next = query.length >= FIND_MIN_LENGTH ? query : null;
    if (next === applied) return;
    const timer = setTimeout(() => find(next), FIND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, applied, find]);
  return (
    <TextField
      type="search"
      size="small"
      fullWidth
      label="Search the catalogue"
      placeholder="City, ISP, ZIP, domain or IP"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: FIND_MAX_LENGTH },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      helperText="Finds proxies in every country by the start of a city, ISP, ZIP, domain or IP."
    />
  );
}
