import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useAtomValue, useSetAtom } from 'jotai';
import { serverMessage } from 'shared/api/api-client';
import { Flag } from 'shared/ui/flag';
import type { RegionTab } from '../state/tab-atoms';
import { useCountries } from '../api/countries';
import { useStates } from '../api/states';
import { chooseLocationAtom, selectionAtom } from '../state/marketplace-atoms';

const US = 'US';

/** A failed list load shows 'Error: {message}' or 'error'. */
export function LoadError({ error }: { error: unknown }) {
  const message = serverMessage(error, error instanceof Error ? error.message : '');
  return <Alert severity="error">{message ? `Error: ${message}` : 'error'}</Alert>;
}

/** USA: 'state - count' per state; other tabs: each country with its flag and online count. */
export function LocationList({ tab, onChosen }: { tab: RegionTab; onChosen?: () => void }) {
  const isUsa = tab.as === 'USA';
  const states = useStates(isUsa);
  const countries = useCountries(tab.as, !isUsa);
  const selection = useAtomValue(selectionAtom);
  const choose = useSetAtom(chooseLocationAtom);
  const query = isUsa ? states : countries;

  if (query.isPending) return <CircularProgress size={24} aria-label="Loading locations" />;
  if (query.isError) return <LoadError error={query.error} />;

  return (
    <Box component="ul" aria-label={isUsa ? 'US states' : 'Countries'} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
      {isUsa
        ? states.data?.map(({ state, cnt }) => (
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
        : countries.data?.map(({ ct, online, img, country }) => (
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
      {(isUsa ? states.data?.length : countries.data?.length) === 0 && (
        <Typography component="li" color="text.secondary">
          No Proxy Data available
        </Typography>
      )}
    </Box>
  );
}
