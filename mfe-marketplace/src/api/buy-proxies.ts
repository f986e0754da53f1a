import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useSnackbar } from 'notistack';
import { api } from 'shared/api/api-client';
import type { BuyRequest, OwnProxy, ProxyListing, PurchaseItem } from 'contract/marketplace';
import { authAtom } from 'shared/auth/auth-atoms';
import { cartAtom } from 'shared/cart/cart-atoms';
import { queryKeys } from 'shared/query/query-keys';
import { soldAtom } from '../state/marketplace-atoms';

export const PURCHASED_MESSAGE = 'Purchased Successfully !!!';
/** Any failed purchase shows this, whatever the reason. */
export const PURCHASE_FAILED_MESSAGE = 'Insufficient Funds !!!';

export function buyProxies(request: BuyRequest): Promise<PurchaseItem[]> {
  return api.post('proxy/buy', { json: request }).json<PurchaseItem[]>();
}

/**
 * Buys listings (one, or the cart's unsold ones). A purchase does not invalidate the proxy
 * lists; it refreshes the user (balance) by _id. The bought proxies join My Proxies from the answer itself
 * and leave the cart; the table shows them as sold with their credentials.
 */
export function useBuyProxies() {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { userId } = useAtomValue(authAtom);
  const dispatchCart = useSetAtom(cartAtom);
  const setSold = useSetAtom(soldAtom);
  return useMutation({
    mutationFn: (listings: ProxyListing[]) => buyProxies({ ID: listings.map((listing) => listing.id) }),
    onSuccess: (bought) => {
      // PROXY is the gateway endpoint that carries the lease; the listing's sock_real_ip is only its exit.
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
    onError: () => {
      enqueueSnackbar(PURCHASE_FAILED_MESSAGE, { variant: 'error' });
    },
  });
}
