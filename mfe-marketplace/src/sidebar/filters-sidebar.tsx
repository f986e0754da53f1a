import FilterListIcon from '@mui/icons-material/FilterList';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { activeFilterCount } from 'contract/proxy-filters';
import { cartCountAtom } from 'shared/cart/cart-atoms';
import { selectedTabAtom } from '../state/tab-atoms';
import { DistanceFilter } from './distance-filter';
import { useCountries } from '../api/countries';
import { useStates } from '../api/states';
import {
  cartOpenAtom,
  chooseLocationAtom,
  filtersAtom,
  filtersOpenAtom,
  resetFiltersAtom,
  selectionAtom,
  updateFiltersAtom,
} from '../state/marketplace-atoms';

/** The id of what the phone's Filters button shows and hides (the checkboxes here, the table's column filters). */
export const FILTER_CONTROLS_ID = 'proxy-filter-controls';

/** "Filters", and how many apply: "Filters · 2 active". */
export function filtersButtonLabel(count: number): string {
  return count === 0 ? 'Filters' : `Filters · ${count} active`;
}

/** Country (or, on the USA tab, state) selection for the chosen tab. */
function LocationSelect() {
  const tab = useAtomValue(selectedTabAtom);
  const selection = useAtomValue(selectionAtom);
  const choose = useSetAtom(chooseLocationAtom);
  const isUsa = tab.as === 'USA';
  const states = useStates(isUsa);
  const countries = useCountries(tab.as, !isUsa);
  const options = isUsa
    ? (states.data ?? []).map(({ state, cnt }) => ({ value: state, label: `${state} - ${cnt}` }))
    : (countries.data ?? []).map(({ ct, country, online }) => ({ value: ct, label: `${country} - ${online}` }));
  const value = (isUsa ? selection.state : selection.country) ?? '';
  return (
    <TextField
      select
      size="small"
      label={isUsa ? 'State' : 'Country'}
      value={options.some((option) => option.value === value) ? value : ''}
      onChange={(event) =>
        choose(isUsa ? { country: 'US', state: event.target.value } : { country: event.target.value, state: null })
      }
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The filter bar above the table: the two checkboxes, 'reset filters', country selection, and on mobile
 * the cart item. It runs across the page rather than down its side, leaving the width to the table. On a
 * phone the checkboxes, 'reset filters' and the table's column filters fold away behind a Filters button
 * that says how many filters apply, so the proxies come first.
 */
export function FiltersSidebar({ compact }: { compact: boolean }) {
  const filters = useAtomValue(filtersAtom);
  const update = useSetAtom(updateFiltersAtom);
  const reset = useSetAtom(resetFiltersAtom);
  const cartCount = useAtomValue(cartCountAtom);
  const openCart = useSetAtom(cartOpenAtom);
  const [open, setOpen] = useAtom(filtersOpenAtom);
  const folded = compact && !open;
  return (
    <Stack
      component="nav"
      aria-label="Proxy filters"
      direction={compact ? 'column' : 'row'}
      spacing={compact ? 1 : 2}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: compact ? 'stretch' : 'center' }}
    >
      {compact && (
        <Button
          variant={open ? 'contained' : 'outlined'}
          startIcon={<FilterListIcon />}
          aria-expanded={open}
          aria-controls={FILTER_CONTROLS_ID}
          onClick={() => setOpen(!open)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {filtersButtonLabel(activeFilterCount(filters))}
        </Button>
      )}
      {!folded && (
        <Stack
          id={FILTER_CONTROLS_ID}
          direction={compact ? 'column' : 'row'}
          spacing={compact ? 0 : 2}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: compact ? 'stretch' : 'center' }}
        >
          <FormControlLabel
            control={<Checkbox checked={filters.excludeBlacklisted} onChange={(event) => update({ excludeBlacklisted: event.target.checked })} />}
            label="Exclude blacklisted proxies"
          />
          <FormControlLabel
            control={<Checkbox checked={filters.residentialOnly} onChange={(event) => update({ residentialOnly: event.target.checked })} />}
            label="Residential only proxies"
          />
          <Box>
            <Link component="button" type="button" onClick={() => reset()}>
              reset filters
            </Link>
          </Box>
          <DistanceFilter />
        </Stack>
      )}
      <Box sx={{ width: compact ? '100%' : 280 }}>
        <LocationSelect />
      </Box>
      {compact && (
        <ListItemButton onClick={() => openCart(true)}>
          <ListItemIcon>
            {/* The count is read out by the text beside it; the badge is for the eye. */}
            <Badge badgeContent={cartCount} color="primary" showZero slotProps={{ badge: { 'aria-hidden': true } }}>
              <ShoppingCartIcon />
            </Badge>
          </ListItemIcon>
          <ListItemText primary="Cart" secondary={cartCount === 1 ? '1 item' : `${cartCount} items`} />
        </ListItemButton>
      )}
    </Stack>
  );
}
