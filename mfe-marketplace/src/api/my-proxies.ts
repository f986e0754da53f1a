import { useQuery } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { OwnProxy } from 'contract/marketplace';
import { queryKeys } from 'shared/query/query-keys';

export function fetchMyProxies(): Promise<OwnProxy[]> {
  return api.get('proxy/my').json<OwnProxy[]>();
}

/** The signed-in user's active proxies with their credentials. */
export function useMyProxies() {
  return useQuery({ queryKey: queryKeys.myProxies, queryFn: fetchMyProxies });
}
