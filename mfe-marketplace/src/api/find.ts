import { useQuery } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { FindRequest, ProxyListing } from 'contract/marketplace';
import { queryKeys } from 'shared/query/query-keys';

export function fetchFind(request: FindRequest): Promise<ProxyListing[]> {
  return api.post('proxy/find', { json: request }).json<ProxyListing[]>();
}

/** Listings for sale anywhere whose city, ISP, ZIP, domain or IP starts with the query; nothing until set. */
export function useFind(query: string | null) {
  return useQuery({
    queryKey: queryKeys.find(query ?? ''),
    enabled: query !== null,
    queryFn: () => fetchFind({ q: query ?? '' }),
  });
}
