import { useQuery } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { StateCount } from 'contract/marketplace';
import { queryKeys } from 'shared/query/query-keys';

export function fetchStates(): Promise<StateCount[]> {
  return api.get('proxy/states').json<StateCount[]>();
}

/** US states with listings for sale, for the USA tab (selecting USA loads states). */
export function useStates(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.states, queryFn: fetchStates, enabled });
}
