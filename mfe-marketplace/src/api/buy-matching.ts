import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import type { BuyMatchingRequest, OwnProxy, PurchaseItem } from 'contract/marketplace';
import { api } from 'shared/api/api-client';
import { authAtom } from 'shared/auth/auth-atoms';
import { queryKeys } from 'shared/query/query-keys';
import { soldAtom } from '../state/marketplace-atoms';

export function buyMatching(request: BuyMatchingRequest): Promise<PurchaseItem[]> {
  return api.post('proxy/buy-matching', { json: request }).json<PurchaseItem[]>();
}

/**
 * A quantity buy: the server picks and buys the best matching listings, all or none. The bought proxies join
 * My Proxies and show as sold in the table (like any purchase, it leaves the cached lists as they are), and
 * the balance refreshes.
 */
export function useBuyMatching() {
  const client = useQueryClient();
  const { userId } = useAtomValue(authAtom);
  const setSold = useSetAtom(soldAtom);
  return useMutation<PurchaseItem[], Error, BuyMatchingRequest>({
    mutationFn: buyMatching,
    onSuccess: (bought) => {
      const own: OwnProxy[] = bought.map((item) => ({ proxy: item.PROXY, socks_auth: item.SOCKS_AUTH }));
      client.setQueryData<OwnProxy[]>(queryKeys.myProxies, (previous) => [...(previous ?? []), ...own]);
      setSold((previous) => ({
        ...previous,
        ...Object.fromEntries(bought.map((item) => [item.ID, { proxy: item.PROXY, socks_auth: item.SOCKS_AUTH }])),
      }));
      if (userId) void client.invalidateQueries({ queryKey: queryKeys.user(userId) });
    },
  });
}
