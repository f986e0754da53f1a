import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { api } from 'shared/api/api-client';
import type { TopupRecord } from 'contract/payments';
import { authAtom } from 'shared/auth/auth-atoms';
import { queryKeys } from 'shared/query/query-keys';

export function fetchTopups(userId: string): Promise<TopupRecord[]> {
  return api.get(`payments/topups/${encodeURIComponent(userId)}`).json<TopupRecord[]>();
}

/** The signed-in user's top-ups; refetched when the `balance` event invalidates ['payments']. */
export function useTopups() {
  const { userId } = useAtomValue(authAtom);
  return useQuery({
    queryKey: queryKeys.topups(userId ?? ''),
    queryFn: () => fetchTopups(userId ?? ''),
    enabled: Boolean(userId),
  });
}
