import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { serverMessage } from 'shared/api/api-client';
import { PLACE_QUERY_MAX_LENGTH } from 'contract/limits';
import { DISTANCE_KM_VALUES, type DistanceKm } from 'contract/proxy-filters';
import { usePlaceLookup } from '../api/place';
import { filtersAtom, selectionAtom, updateFiltersAtom } from '../state/marketplace-atoms';

/** A distance chosen with a place, when none was chosen yet. */
const FIRST_KM: DistanceKm = 100;

/** What the filter says it does: "Within 100 km of 78701 Austin, TX", or how to start. */
export function distanceSummary(km: DistanceKm, from: string | null): string {
  if (from === null) return 'Type a ZIP code, a city or a state to measure distances from.';
  return km === 0 ? `Any distance from ${from}` : `Within ${km} km of ${from}`;
}

/**
 * "Within N km of <place>": the customer types a US ZIP code, a city ("Austin, TX", "Berlin, DE") or a
 * US state, the API says where it is, and the table keeps the listings that close to it. Without a place the
 * distance is disabled, with a hint; the chosen US state is offered as a place in one click.
 */
export function DistanceFilter() {
  const distance = useAtomValue(filtersAtom).distance;
  const state = useAtomValue(selectionAtom).state;
  const update = useSetAtom(updateFiltersAtom);
  const lookup = usePlaceLookup();
  const [query, setQuery] = useState('');

  const measureFrom = (text: string) => {
    if (text.trim().length < 2) return;
    lookup.mutate(text, {
      onSuccess: (place) => update({ distance: { km: distance.km === 0 ? FIRST_KM : distance.km, from: place } }),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    measureFrom(query);
  };

  return (
    <Box component="form" role="search" aria-label="Distance" onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, minWidth: 0 }}>
      <TextField
        select
        size="small"
        label="Within"
        value={String(distance.km)}
        disabled={distance.from === null}
        onChange={(event) => update({ distance: { ...distance, km: Number(event.target.value) as DistanceKm } })}
        sx={{ width: 156 }}
      >
        {DISTANCE_KM_VALUES.map((km) => (
          <MenuItem key={km} value={String(km)}>
            {km === 0 ? 'any distance' : `${km} km`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="of ZIP, city or state"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        error={lookup.isError}
        slotProps={{ htmlInput: { maxLength: PLACE_QUERY_MAX_LENGTH, enterKeyHint: 'search' } }}
        sx={{ width: { xs: '100%', sm: 210 } }}
      />
      <Button type="submit" variant="outlined" disabled={query.trim().length < 2 || lookup.isPending}>
        Measure
      </Button>
      {distance.from !== null && (
        <Button type="button" onClick={() => update({ distance: { km: 0, from: null } })}>
          Clear distance
        </Button>
      )}
      <Typography
        variant="body2"
        role="status"
        color={lookup.isError ? 'error' : 'text.secondary'}
        data-testid="distance-summary"
        sx={{ flexBasis: '100%', minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {lookup.isError ? serverMessage(lookup.error, 'The place could not be looked up.') : distanceSummary(distance.km, distance.from?.name ?? null)}
        {distance.from === null && state !== null && !lookup.isError && (
          <>
            {' '}
            <Link component="button" type="button" onClick={() => measureFrom(state)}>
              Measure from {state}
            </Link>
          </>
        )}
      </Typography>
    </Box>
  );
}
