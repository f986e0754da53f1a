import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { authAtom } from 'shared/auth/auth-atoms';
import { leaseEventMessage } from 'shared/history/lease-messages';
import { invalidateProxyLists } from 'shared/query/invalidate-proxy-lists';
import { appQueryClient } from 'shared/query/query-client';
import { queryKeys } from 'shared/query/query-keys';
import { useSnackbar } from 'shared/ui/toasts';
import { preloadRemoteModules } from '../remotes/remote-registry';
import { signedInNextModules } from '../routing/route-modules';
import { markIdleSignOut } from './idle-sign-out';
import { watchInactivity } from './inactivity';

/** A few seconds after the page's load event, at the browser's next idle period. Returns a cancel function. */
export const SETTLE_AFTER_LOAD_MS = 3000;
function whenSettledAndIdle(run: () => void): () => void {
  let idleHandle: number | undefined;
  let timer: number | undefined;
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 0));
  const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
  const afterLoad = () => {
    timer = window.setTimeout(() => {
      idleHandle = idle(run);
    }, SETTLE_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    window.removeEventListener('load', afterLoad);
    window.clearTimeout(timer);
    if (idleHandle !== undefined) cancelIdle(idleHandle);
  };
}

/** What a signed-in session runs in the background: the realtime socket and the inactivity logout. */
export function SessionEffects() {
  const { token } = useAtomValue(authAtom);
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (!token) return;
    // The socket client loads with the first signed-in page, never for a visitor.
    let disconnect: (() => void) | null = null;
    let cancelled = false;
    void import('../realtime/balance-socket').then(({ connectBalanceSocket }) => {
      if (cancelled) return;
      disconnect = connectBalanceSocket(
        token,
        ({ _id }) => {
          // On `balance` the user details are fetched again (and with them, what the balance pays for).
          void appQueryClient.invalidateQueries({ queryKey: queryKeys.user(_id) });
          void appQueryClient.invalidateQueries({ queryKey: queryKeys.balance });
          void appQueryClient.invalidateQueries({ queryKey: ['payments'] });
        },
        // A ticket got a message or a new status: open ticket pages and lists show it without a reload.
        () => void appQueryClient.invalidateQueries({ queryKey: queryKeys.ticketsRoot }),
        (event) => {
          // The renewal sweep changed a lease: say so, and show the proxy lists as they are now.
          const { text, variant } = leaseEventMessage(event);
          enqueueSnackbar(text, { variant });
          invalidateProxyLists(appQueryClient, ['proxy', 'lease-event']);
        },
        // Operators only: the console's figures of these areas changed; its open pages refetch them.
        ({ areas }) => {
          for (const area of areas) void appQueryClient.invalidateQueries({ queryKey: queryKeys.operator(area) });
        },
      );
    });
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [token, enqueueSnackbar]);

  useEffect(() => {
    if (!token) return;
    // The pages of the top bar are one click away: fetch their remotes once the page has settled and the
    // browser is idle, so the prefetch never competes with what the current page still needs.
    return whenSettledAndIdle(() => void preloadRemoteModules(signedInNextModules).catch(() => undefined));
  }, [token]);

  useEffect(() => {
    if (!token) return;
    return watchInactivity(() => {
      markIdleSignOut();
      void import('shared/auth/end-session')
        .then(({ endSession }) => endSession())
        .finally(() => window.location.reload());
    });
  }, [token]);

  return null;
}
