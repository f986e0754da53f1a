import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { MAX_PROXIES_PER_PURCHASE } from 'contract/limits';
import type { BuyMatchingRequest } from 'contract/marketplace';
import { useSnackbar } from 'shared/ui/toasts';
import { useBuyMatching } from '../api/buy-matching';
import { PURCHASED_MESSAGE, purchaseFailureMessage } from '../api/buy-proxies';
import { PurchaseOutcomeText } from '../cart/purchase-outcome-text';
import { findQueryAtom, selectionAtom } from '../state/marketplace-atoms';

export const QUANTITY_KINDS: { value: BuyMatchingRequest['kind']; label: string }[] = [
  { value: 'Residential', label: 'Residential' },
  { value: 'Mobile', label: 'Mobile' },
  { value: 'Datacenter', label: 'Datacenter' },
  { value: 'any', label: 'Any type' },
];

/** "Buy 5 Residential in Texas": what the button says it will do. */
export function quantityLabel(count: number, kind: BuyMatchingRequest['kind'], place: string): string {
  const what = kind === 'any' ? (count === 1 ? 'proxy' : 'proxies') : kind;
  return `Buy ${count} ${what} in ${place}`;
}

/** A whole number from 1 to the purchase limit, or null. */
export function parseQuantity(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const count = Number(text.trim());
  return count >= 1 && count <= MAX_PROXIES_PER_PURCHASE ? count : null;
}

/**
 * Buying many at once in the chosen state or country: how many and of which kind; the server picks the best
 * online matches (lowest ping, then highest speed) and buys all of them or none.
 */
export function QuantityBuy() {
  const selection = useAtomValue(selectionAtom);
  const findQuery = useAtomValue(findQueryAtom);
  const buy = useBuyMatching();
  const { enqueueSnackbar } = useSnackbar();
  const [countText, setCountText] = useState('5');
  const [kind, setKind] = useState<BuyMatchingRequest['kind']>('Residential');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (selection.country === null || findQuery !== null) return null;

  const place = selection.state ?? selection.country;
  const count = parseQuantity(countText);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (count === null || selection.country === null) return;
    const request: BuyMatchingRequest = { count, kind, country: selection.country, ...(selection.state ? { state: selection.state } : {}) };
    setOutcome(null);
    buy.mutate(request, {
      onSuccess: (bought) => {
        enqueueSnackbar(PURCHASED_MESSAGE, { variant: 'success' });
        setOutcome({ ok: true, text: `Bought ${bought.length} ${bought.length === 1 ? 'proxy' : 'proxies'} in ${place}: they are in My Proxies below.` });
      },
      onError: (error) => {
        const message = purchaseFailureMessage(error);
        enqueueSnackbar(message, { variant: 'error' });
        setOutcome({ ok: false, text: message });
      },
    });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="quantity-buy-title" sx={{ p: 2, minWidth: 0 }}>
      <Typography id="quantity-buy-title" component="h2" variant="h6">
        Buy several at once
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        The best online proxies that match (lowest ping, then highest speed): all of them or none.
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label="How many"
          value={countText}
          onChange={(event) => setCountText(event.target.value)}
          error={count === null}
          helperText={count === null ? `1 to ${MAX_PROXIES_PER_PURCHASE}` : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 112 }}
        />
        <TextField select size="small" label="Type" value={kind} onChange={(event) => setKind(event.target.value as BuyMatchingRequest['kind'])} sx={{ width: 160 }}>
          {QUANTITY_KINDS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={count === null || buy.isPending}>
          {quantityLabel(count ?? 0, kind, place)}
        </Button>
      </Box>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 1 }} data-testid="quantity-buy-outcome">
          <PurchaseOutcomeText text={outcome.text} />
        </Alert>
      )}
    </Paper>
  );
}
