import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useAtom } from 'jotai';
import { formatMoney } from 'shared/format/money';
import { flagEmoji } from '../listing/flag';
import { unsoldItems } from 'shared/marketplace/proxy-filters';
import { useBuyProxies } from '../api/buy-proxies';
import { cartOpenAtom } from '../state/marketplace-atoms';
import { useCartActions } from './use-cart-actions';

/** '2 proxies', '1 proxy' or 'empty'. */
export function cartCountLabel(count: number): string {
  if (count === 0) return 'empty';
  return count === 1 ? '1 proxy' : `${count} proxies`;
}

export function cartTotal(items: readonly { price: number; sold?: boolean }[]): number {
  return unsoldItems(items).reduce((sum, item) => sum + Math.round(item.price * 100), 0) / 100;
}

/** Cart modal: Delete and Buy per row, Close, Empty Cart and Buy all. */
export function CartModal() {
  const [open, setOpen] = useAtom(cartOpenAtom);
  const { cart, remove, clear } = useCartActions();
  const buy = useBuyProxies();
  const toBuy = unsoldItems(cart);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="cart-title">
      <DialogTitle id="cart-title">
        Cart{' '}
        <Typography component="span" color="text.secondary" data-testid="cart-count">
          {cartCountLabel(cart.length)}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {cart.length === 0 ? (
          <Typography color="text.secondary">Your cart is empty.</Typography>
        ) : (
          <List dense aria-label="Cart items">
            {cart.map((item) => (
              <ListItem
                key={item.id}
                divider
                secondaryAction={
                  <Stack direction="row" spacing={1}>
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
                }
                sx={{ pr: 18 }}
              >
                <ListItemText
                  primary={`${flagEmoji(item.img)} ${item.sock_real_ip} · ${formatMoney(item.price)}`}
                  secondary={`${item.city}, ${item.region} · ${item.user_type}`}
                />
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
