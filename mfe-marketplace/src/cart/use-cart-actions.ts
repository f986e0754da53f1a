import { useAtom } from 'jotai';
import { useSnackbar } from 'shared/ui/toasts';
import { useCallback } from 'react';
import type { ProxyListing } from 'contract/marketplace';
import { cartAtom } from 'shared/cart/cart-atoms';

/** Adds to or removes from the cart with the catalogue's toasts. */
export function useCartActions() {
  const [cart, dispatch] = useAtom(cartAtom);
  const { enqueueSnackbar } = useSnackbar();
  const inCart = useCallback((id: string) => cart.some((item) => item.id === id), [cart]);
  const add = useCallback(
    (listing: ProxyListing) => {
      dispatch({ type: 'add', item: listing });
      enqueueSnackbar('Added to cart', { variant: 'success' });
    },
    [dispatch, enqueueSnackbar],
  );
  const remove = useCallback(
    (id: string) => {
      dispatch({ type: 'remove', id });
      enqueueSnackbar('Removed from cart', { variant: 'info' });
    },
    [dispatch, enqueueSnackbar],
  );
  const replace = useCallback((item: ProxyListing) => dispatch({ type: 'replace', item }), [dispatch]);
  return { cart, inCart, add, remove, replace, clear: () => dispatch({ type: 'clear' }) };
}
