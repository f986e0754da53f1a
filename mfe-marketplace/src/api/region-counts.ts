import { useQuery } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { RegionCount } from 'contract/marketplace';
import { queryKeys } from 'shared/query/query-keys';

export function fetchRegionCounts(): Promise<RegionCount[]> {
  return api.get('proxy/region').json<RegionCount[]>();
}

/** Listings for sale per tab (each tab with its proxy count; the counts come from the server). */
export function useRegionCounts() {
  return useQuery({ queryKey: queryKeys.regions, queryFn: fetchRegionCounts });
}
