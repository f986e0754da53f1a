import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { authAtom } from 'shared/auth/auth-atoms';
import { queryKeys } from '../query/query-keys';
import { api } from 'shared/api/api-client';
import type { UserDetails } from 'contract/accounts';

export function fetchUserDetails(userId: string): Promise<UserDetails> {
  return api.get(`users/${encodeURIComponent(userId)}`).json<UserDetails>();
}

/**
 * The user's details, fresh for 10 s: the start-up asks for them while the page's code still arrives, and
 * the top bar mounting a moment later uses that answer instead of asking again. A changed balance does not
 * wait for the 10 s: the `balance` event and a purchase refetch it.
 */
export function currentUserQuery(userId: string) {
  return queryOptions({ queryKey: queryKeys.user(userId), queryFn: () => fetchUserDetails(userId), staleTime: 10_000 });
}

/** The signed-in user's details (username, balance) for the top bar and any page; refetched on the `balance` event. */
export function useCurrentUser() {
  const { userId, token } = useAtomValue(authAtom);
  return useQuery({ ...currentUserQuery(userId ?? ''), enabled: Boolean(userId && token) });
}
