import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { ProxyInfoRequest, ProxyListing } from 'contract/marketplace';
import { queryKeys } from 'shared/query/query-keys';
import { invalidateProxyLists } from './invalidate-proxy-lists';

export function fetchProxyInfo(id: string): Promise<ProxyListing[]> {
  const request: ProxyInfoRequest = { METHOD: 'proxy', ID: id };
  return api.post('proxy/info', { json: request }).json<ProxyListing[]>();
}

/** One listing's details for the detail panel (the answer is a list holding the proxy). */
export function useProxyInfo(id: string | null) {
  const client = useQueryClient();
  const queryKey = queryKeys.proxyInfo(id ?? '');
  return useQuery({
    queryKey,
    enabled: id !== null,
    queryFn: async () => {
      const [listing] = await fetchProxyInfo(id ?? '');
      invalidateProxyLists(client, queryKey);
      return listing ?? null;
    },
  });
}
