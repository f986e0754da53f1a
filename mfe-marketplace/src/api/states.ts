import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { StateCount } from 'contract/marketplace';
import { queryKeys } from 'shared/query/query-keys';
import { FIRST_LISTS_FRESH_MS } from './first-lists';

export function fetchStates(): Promise<StateCount[]> {
  return api.get('proxy/states').json<StateCount[]>();
}

/** US states with their listing counts; fresh for a few seconds (see FIRST_LISTS_FRESH_MS). */
export function statesQuery() {
  return queryOptions({ queryKey: queryKeys.states, queryFn: fetchStates, staleTime: FIRST_LISTS_FRESH_MS });
}

/** US states with listings for sale, for the USA tab (selecting USA loads states). */
export function useStates(enabled: boolean) {
  return useQuery({ ...statesQuery(), enabled });
}
