import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useAtomValue, useSetAtom } from 'jotai';
import { useDeferredValue } from 'react';
import { serverMessage } from 'shared/api/api-client';
import { Flag } from 'shared/ui/flag';
import type { RegionTab } from '../state/tab-atoms';
import { useCountries } from '../api/countries';
import { useStates } from '../api/states';
import { chooseLocationAtom, findQueryAtom, selectionAtom } from '../state/marketplace-atoms';

const US = 'US';

/** A failed list load shows 'Error: {message}' or 'error'. */
export function LoadError({ error }: { error: unknown }) {
  const message = serverMessage(error, error instanceof Error ? error.message : '');
  return <Alert severity="error">{message ? `Error: ${message}` : 'error'}</Alert>;
}

/** On a phone the list scrolls inside this height instead of pushing the other regions and the results away. */
const COMPACT_LIST_HEIGHT = 'min(40vh, 320px)';
/** Placeholders while a list loads: about as many chips as the list will hold, so nothing moves when it arrives. */
const PLACEHOLDER_CHIPS = { USA: 51, other: 12 };

/**
 * USA: 'state - count' per state; other tabs: each country with its flag and online count. `compact`
 * (phones): the list scrolls within a fixed height.
 */
export function LocationList({ tab, onChosen, compact = false }: { tab: RegionTab; onChosen?: () => void; compact?: boolean }) {
  const isUsa = tab.as === 'USA';
  const states = useStates(isUsa);
  const countries = useCountries(tab.as, !isUsa);
  const chosen = useAtomValue(selectionAtom);
  // While a catalogue search shows its results, no location is the one shown.
  const searching = useAtomValue(findQueryAtom) !== null;
  const selection = searching ? { country: null, state: null } : chosen;
  const choose = useSetAtom(chooseLocationAtom);
  const query = isUsa ? states : countries;
  // The chips are built as a transition, in slices the browser can interrupt, after the answer arrives: the
  // 51 states in one go were one of the longest tasks of the dashboard's start on a phone. Until then the
  // placeholders stay.
  const shownStates = useDeferredValue(states.data);
  const shownCountries = useDeferredValue(countries.data);
  const shown = isUsa ? shownStates : shownCountries;

  const listSx = {
    display: 'flex',
    flexWrap: 'wrap',
    alignContent: 'flex-start',
    gap: 1,
    p: 0,
    m: 0,
    listStyle: 'none',
    ...(compact ? { maxHeight: COMPACT_LIST_HEIGHT, overflowY: 'auto' } : {}),
  } as const;

  if (query.isPending || (query.isSuccess && shown === undefined)) {
    return (
      <Box role="progressbar" aria-label="Loading locations" sx={{ ...listSx, ...(compact ? { height: COMPACT_LIST_HEIGHT, overflowY: 'hidden' } : {}) }}>
        {Array.from({ length: isUsa ? PLACEHOLDER_CHIPS.USA : PLACEHOLDER_CHIPS.other }, (_, index) => (
          <Skeleton key={index} variant="rounded" width={96 + ((index * 37) % 64)} height={32} sx={{ borderRadius: 4 }} />
        ))}
      </Box>
    );
  }
  if (query.isError) return <LoadError error={query.error} />;

  return (
    <Box component="ul" aria-label={isUsa ? 'US states' : 'Countries'} sx={listSx}>
      {isUsa
        ? shownStates?.map(({ state, cnt }) => (
            <li key={state}>
              <Chip
                clickable
                label={`${state} - ${cnt}`}
                color={selection.country === US && selection.state === state ? 'primary' : 'default'}
                aria-pressed={selection.country === US && selection.state === state}
                onClick={() => {
                  choose({ country: US, state });
                  onChosen?.();
                }}
              />
            </li>
          ))
        : shownCountries?.map(({ ct, online, img, country }) => (
            <li key={ct}>
              <Chip
                clickable
                label={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                    <Flag code={img} country={country} />
                    {country} - {online}
                  </Box>
                }
                color={selection.country === ct ? 'primary' : 'default'}
                aria-pressed={selection.country === ct}
                onClick={() => {
                  choose({ country: ct, state: null });
                  onChosen?.();
                }}
              />
            </li>
          ))}
      {shown?.length === 0 && (
        <Typography component="li" color="text.secondary">
          No Proxy Data available
        </Typography>
      )}
    </Box>
  );
}
