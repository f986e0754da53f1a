import { useQuery } from '@tanstack/react-query';
import type { HistoryItem } from 'contract/history';
import { api } from 'shared/api/api-client';
import { queryKeys } from 'shared/query/query-keys';

/** The signed-in customer's leases, newest first; `all` adds those that ended long ago. */
export function fetchHistory(all: boolean): Promise<HistoryItem[]> {
  return api.get(all ? 'proxy/history/all' : 'proxy/history').json<HistoryItem[]>();
}

export function useHistory(all: boolean) {
  return useQuery({ queryKey: all ? queryKeys.historyAll : queryKeys.history, queryFn: () => fetchHistory(all) });
}
