import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSetAtom } from 'jotai';
import { formatMoney } from 'shared/format/money';
import { cartOpenAtom } from '../state/marketplace-atoms';
import { cartCountLabel, cartTotal } from './cart-totals';
import { useCartActions } from './use-cart-actions';

/** Cart summary with a Show button that opens the cart modal. */
export function CartSummary() {
  const { cart } = useCartActions();
  const open = useSetAtom(cartOpenAtom);
  return (
    <Paper variant="outlined" component="section" aria-label="Cart summary" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography component="h2" variant="h6">
        Cart
      </Typography>
      <Typography data-testid="cart-summary-count">{cartCountLabel(cart.length)}</Typography>
      {cart.length > 0 && <Typography color="text.secondary">{formatMoney(cartTotal(cart))}</Typography>}
      <Button variant="outlined" onClick={() => open(true)} sx={{ ml: 'auto' }}>
        Show
      </Button>
    </Paper>
  );
}
