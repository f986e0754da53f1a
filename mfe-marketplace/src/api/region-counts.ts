import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { RegionCount } from 'contract/marketplace';
import { queryKeys } from 'shared/query/query-keys';
import { FIRST_LISTS_FRESH_MS } from './first-lists';

export function fetchRegionCounts(): Promise<RegionCount[]> {
  return api.get('proxy/region').json<RegionCount[]>();
}

/** Listings for sale per tab; fresh for a few seconds (see FIRST_LISTS_FRESH_MS). */
export function regionCountsQuery() {
  return queryOptions({ queryKey: queryKeys.regions, queryFn: fetchRegionCounts, staleTime: FIRST_LISTS_FRESH_MS });
}

/** Listings for sale per tab (each tab with its proxy count; the counts come from the server). */
export function useRegionCounts() {
  return useQuery(regionCountsQuery());
}
