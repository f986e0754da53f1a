import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authAtom } from 'shared/auth/auth-atoms';
import { queryKeys } from 'shared/query/query-keys';
import { preloadRemoteModules } from '../remotes/remote-registry';
import { signedInNextModules } from '../routing/route-modules';
import { watchInactivity } from './inactivity';

/** What a signed-in session runs in the background: the realtime socket and the inactivity logout. */
export function SessionEffects() {
  const { token } = useAtomValue(authAtom);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    // The socket client loads with the first signed-in page, never for a visitor.
    let disconnect: (() => void) | null = null;
    let cancelled = false;
    void import('../realtime/balance-socket').then(({ connectBalanceSocket }) => {
      if (cancelled) return;
      disconnect = connectBalanceSocket(token, ({ _id }) => {
        // SPEC §7: on `balance` the user details are fetched again (and with them, what the balance pays for).
        void queryClient.invalidateQueries({ queryKey: queryKeys.user(_id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.balance });
        void queryClient.invalidateQueries({ queryKey: ['payments'] });
      });
    });
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [token, queryClient]);

  useEffect(() => {
    if (!token) return;
    // The pages of the top bar are one click away: fetch their remotes once the browser has nothing better to do.
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void preloadRemoteModules(signedInNextModules).catch(() => undefined));
    return () => cancelIdle(handle);
  }, [token]);

  useEffect(() => {
    if (!token) return;
    return watchInactivity(() => {
      void import('shared/auth/end-session')
        .then(({ endSession }) => endSession())
        .finally(() => window.location.reload());
    });
  }, [token]);

  return null;
}
