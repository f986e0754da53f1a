import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { authAtom } from 'shared/auth/auth-atoms';
import { queryKeys } from '../query/query-keys';
import { api } from 'shared/api/api-client';
import type { UserDetails } from 'contract/accounts';

export function fetchUserDetails(userId: string): Promise<UserDetails> {
  return api.get(`users/${encodeURIComponent(userId)}`).json<UserDetails>();
}

/** The signed-in user's details (username, balance) for the top bar and any page; refetched on the `balance` event. */
export function useCurrentUser() {
  const { userId, token } = useAtomValue(authAtom);
  return useQuery({
    queryKey: queryKeys.user(userId ?? ''),
    queryFn: () => fetchUserDetails(userId ?? ''),
    enabled: Boolean(userId && token),
  });
}
