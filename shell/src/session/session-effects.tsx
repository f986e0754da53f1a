import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authAtom } from 'shared/auth/auth-atoms';
import { endSession } from 'shared/auth/end-session';
import { queryKeys } from 'shared/query/query-keys';
import { connectBalanceSocket } from '../realtime/balance-socket';
import { watchInactivity } from './inactivity';

/** What a signed-in session runs in the background: the realtime socket and the inactivity logout. */
export function SessionEffects() {
  const { token } = useAtomValue(authAtom);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    return connectBalanceSocket(
      token,
      ({ _id }) => {
        // On `balance` the user details are fetched again (and with them, what the balance pays for).
        void queryClient.invalidateQueries({ queryKey: queryKeys.user(_id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.balance });
        void queryClient.invalidateQueries({ queryKey: ['payments'] });
      },
      // A ticket got a message or a new status: open ticket pages and lists show it without a reload.
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.ticketsRoot }),
    );
  }, [token, queryClient]);

  useEffect(() => {
    if (!token) return;
    return watchInactivity(() => {
      void endSession().finally(() => window.location.reload());
    });
  }, [token]);

  return null;
}
