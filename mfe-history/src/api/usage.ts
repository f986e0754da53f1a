import { useQuery } from '@tanstack/react-query';
import type { LeaseUsage } from 'contract/marketplace';
import { api } from 'shared/api/api-client';
import { queryKeys } from 'shared/query/query-keys';

export function fetchUsage(historyId: string): Promise<LeaseUsage> {
  return api.get(`proxy/usage/${historyId}`).json<LeaseUsage>();
}

/** Traffic the gateway carried for one lease (written by the gateway about once a second). */
export function useUsage(historyId: string) {
  return useQuery({ queryKey: queryKeys.usage(historyId), queryFn: () => fetchUsage(historyId) });
}
