import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useSnackbar } from 'shared/ui/toasts';
import { api, errorStatus, serverMessage } from 'shared/api/api-client';
import type { BuyRequest, OwnProxy, ProxyListing, PurchaseItem } from 'contract/marketplace';
import { authAtom } from 'shared/auth/auth-atoms';
import { cartAtom } from 'shared/cart/cart-atoms';
import { queryKeys } from 'shared/query/query-keys';
import { buyAvailable, takenMessage, type PurchaseOutcome } from '../cart/cart-availability';
import { soldAtom } from '../state/marketplace-atoms';

export const PURCHASED_MESSAGE = 'Purchased Successfully !!!';
/** Only a short balance (402) says this; other failures say what happened. */
export const INSUFFICIENT_FUNDS_MESSAGE = 'Insufficient Funds !!!';
export const PURCHASE_FAILED_FALLBACK = 'The purchase failed. Please try again.';

export function buyProxies(request: BuyRequest): Promise<PurchaseItem[]> {
  return api.post('proxy/buy', { json: request }).json<PurchaseItem[]>();
}

/** The toast of a failed purchase: the catalogue's words for a short balance, the server's for the rest. */
export function purchaseFailureMessage(error: unknown): string {
  if (errorStatus(error) === 402) return INSUFFICIENT_FUNDS_MESSAGE;
  return serverMessage(error, PURCHASE_FAILED_FALLBACK);
}

/**
 * Buys listings (one, or the cart's unsold ones). Listings someone else bought meanwhile are named, leave
 * the cart, and the rest is still bought. A purchase does not invalidate the proxy lists; it refreshes the
 * user (balance) by _id. The bought proxies join My Proxies with the address the API answered, leave the
 * cart, and the table shows them as sold with their credentials.
 */
export function useBuyProxies() {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { userId } = useAtomValue(authAtom);
  const dispatchCart = useSetAtom(cartAtom);
  const setSold = useSetAtom(soldAtom);

  const dropTaken = (taken: readonly ProxyListing[]) => {
    if (taken.length === 0) return;
    for (const listing of taken) dispatchCart({ type: 'remove', id: listing.id });
    enqueueSnackbar(takenMessage(taken), { variant: 'warning' });
  };

  return useMutation<PurchaseOutcome, Error, ProxyListing[]>({
    mutationFn: (listings) => buyAvailable(listings, (ids) => buyProxies({ ID: ids })),
    onSuccess: ({ bought, taken }) => {
      dropTaken(taken);
      if (bought.length === 0) return;
      const own: OwnProxy[] = bought.map((item) => ({ proxy: item.PROXY, socks_auth: item.SOCKS_AUTH }));
      client.setQueryData<OwnProxy[]>(queryKeys.myProxies, (previous) => [...(previous ?? []), ...own]);
      setSold((previous) => ({
        ...previous,
        ...Object.fromEntries(bought.map((item) => [item.ID, { proxy: item.PROXY, socks_auth: item.SOCKS_AUTH }])),
      }));
      for (const item of bought) dispatchCart({ type: 'remove', id: item.ID });
      if (userId) void client.invalidateQueries({ queryKey: queryKeys.user(userId) });
      enqueueSnackbar(PURCHASED_MESSAGE, { variant: 'success' });
    },
    onError: (error) => {
      dropTaken((error as { taken?: ProxyListing[] }).taken ?? []);
      enqueueSnackbar(purchaseFailureMessage(error), { variant: 'error' });
    },
  });
}
