import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { OwnProxy } from 'contract/marketplace';
import { queryKeys } from 'shared/query/query-keys';
import { FIRST_LISTS_FRESH_MS } from './first-lists';

export function fetchMyProxies(): Promise<OwnProxy[]> {
  return api.get('proxy/my').json<OwnProxy[]>();
}

/** The signed-in user's active proxies; fresh for a few seconds (see FIRST_LISTS_FRESH_MS). */
export function myProxiesQuery() {
  return queryOptions({ queryKey: queryKeys.myProxies, queryFn: fetchMyProxies, staleTime: FIRST_LISTS_FRESH_MS });
}

/** The signed-in user's active proxies with their credentials. */
export function useMyProxies() {
  return useQuery(myProxiesQuery());
}
