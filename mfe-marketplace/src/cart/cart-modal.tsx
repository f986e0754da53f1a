import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { formatMoney } from 'shared/format/money';
import { unsoldItems } from 'contract/proxy-filters';
import { useCartAvailability } from '../api/availability';
import { purchaseFailureMessage, useBuyProxies } from '../api/buy-proxies';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'shared/routing/router';
import { Flag } from 'shared/ui/flag';
import { cartOpenAtom } from '../state/marketplace-atoms';
import { markTaken } from './cart-availability';
import { PurchaseOutcomeText } from './purchase-outcome-text';
import { cartCountLabel, cartTotal } from './cart-totals';
import { useCartActions } from './use-cart-actions';

/**
 * Cart modal: Delete and Buy per row, Close, Empty Cart and Buy all. Opening it checks which items are
 * still for sale: one sold meanwhile is marked and left out of the total and of Buy all.
 */
export function CartModal() {
  const [open, setOpen] = useAtom(cartOpenAtom);
  const { cart, remove, clear, replace } = useCartActions();
  const buy = useBuyProxies();
  const availability = useCartAvailability(
    cart.filter((item) => !item.sold).map((item) => item.id),
    open,
  );
  const unavailable = availability.data?.unavailable;
  // A reopened cart starts without the last purchase's outcome.
  const resetBuy = buy.reset;
  useEffect(() => {
    if (!open) resetBuy();
  }, [open, resetBuy]);
  useEffect(() => {
    if (unavailable) for (const item of markTaken(cart, unavailable)) replace(item);
  }, [unavailable, cart, replace]);
  const toBuy = unsoldItems(cart);
  // What the last purchase did, said in the cart itself: what was bought, or why nothing was.
  const boughtIds = new Set(buy.data?.bought.map((item) => item.ID) ?? []);
  const boughtIps = (buy.variables ?? []).filter((listing) => boughtIds.has(listing.id)).map((listing) => listing.sock_real_ip);
  const failure = buy.isError ? purchaseFailureMessage(buy.error) : null;
  return (
    <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="cart-title">
      <DialogTitle id="cart-title">
        Cart{' '}
        <Typography component="span" color="text.secondary" data-testid="cart-count">
          {cartCountLabel(cart.length)}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {buy.isSuccess && boughtIps.length > 0 && (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="cart-bought">
            Bought {boughtIps.length === 1 ? 'proxy' : `${boughtIps.length} proxies`}: {boughtIps.join(', ')}. Their login and address are in{' '}
            <strong>My Proxies</strong> below and in{' '}
            <Link component={RouterLink} to="/history">
              History
            </Link>
            .
          </Alert>
        )}
        {failure !== null && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="cart-failure">
            <PurchaseOutcomeText text={failure} />
          </Alert>
        )}
        {cart.length === 0 ? (
          <Typography color="text.secondary">Your cart is empty.</Typography>
        ) : (
          <List dense aria-label="Cart items">
            {cart.map((item) => (
              <ListItem key={item.id} divider data-testid="cart-item" sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '1 1 220px', minWidth: 0 }}>
                  <Flag code={item.img} country={item.country} />
                  <ListItemText
                    primary={`${item.sock_real_ip} · ${formatMoney(item.price)}`}
                    secondary={`${item.city}, ${item.region} · ${item.user_type}`}
                    slotProps={{ primary: { sx: item.sold ? { textDecoration: 'line-through' } : {} } }}
                  />
                </Box>
                {item.sold && (
                  <Alert severity="warning" sx={{ py: 0, flexBasis: '100%' }}>
                    No longer available: someone else bought it.
                  </Alert>
                )}
                <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
                  <Button size="small" color="error" onClick={() => remove(item.id)} aria-label={`Delete ${item.sock_real_ip}`}>
                    Delete
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={buy.isPending || item.sold}
                    onClick={() => buy.mutate([item])}
                    aria-label={`Buy ${item.sock_real_ip}`}
                  >
                    Buy
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Typography sx={{ mr: 'auto', pl: 1 }}>Total {formatMoney(cartTotal(cart))}</Typography>
        <Button onClick={() => setOpen(false)}>Close</Button>
        <Button color="error" disabled={cart.length === 0} onClick={clear}>
          Empty Cart
        </Button>
        <Button variant="contained" disabled={toBuy.length === 0 || buy.isPending} onClick={() => buy.mutate(toBuy)}>
          Buy all
        </Button>
      </DialogActions>
    </Dialog>
  );
}
