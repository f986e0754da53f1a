import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { CountriesRequest, CountryItem } from 'contract/marketplace';
import { queryKeys } from 'shared/query/query-keys';
import { invalidateProxyLists } from './invalidate-proxy-lists';

export function fetchCountries(request: CountriesRequest): Promise<CountryItem[]> {
  return api.post('proxy/region', { json: request }).json<CountryItem[]>();
}

/** Countries of a region tab with their online counts; `region` is the tab's `as`. */
export function useCountries(region: string, enabled: boolean) {
  const client = useQueryClient();
  const queryKey = queryKeys.countries(region);
  return useQuery({
    queryKey,
    enabled,
    queryFn: async () => {
      const countries = await fetchCountries({ region });
      invalidateProxyLists(client, queryKey);
      return countries;
    },
  });
}
