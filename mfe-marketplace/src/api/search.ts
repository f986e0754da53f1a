import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { ProxyListing, SearchRequest } from 'contract/marketplace';
import { queryKeys } from 'shared/query/query-keys';
import { invalidateProxyLists } from './invalidate-proxy-lists';

export function fetchSearch(request: SearchRequest): Promise<ProxyListing[]> {
  return api.post('proxy/search', { json: request }).json<ProxyListing[]>();
}

/** A US state is searched with METHOD 'search', a country by its code alone. */
export function searchRequest(country: string, state: string | null): SearchRequest {
  return state ? { METHOD: 'search', COUNTRY: country, STATE: state } : { COUNTRY: country };
}

/** Listings for sale in the chosen country or US state; nothing is fetched until one is chosen. */
export function useSearch(country: string | null, state: string | null) {
  const client = useQueryClient();
  const queryKey = queryKeys.search(country ?? '', state ?? undefined);
  return useQuery({
    queryKey,
    enabled: country !== null,
    queryFn: async () => {
      const listings = await fetchSearch(searchRequest(country ?? '', state));
      invalidateProxyLists(client, queryKey);
      return listings;
    },
  });
}
