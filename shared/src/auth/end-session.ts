import { startTransition } from 'react';
import { api } from 'shared/api/api-client';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { logoutAtom } from 'shared/auth/auth-atoms';
import { readStoredSession } from './session-storage';

/**
 * Logout as a user means it: the server revokes the session (POST /api/auth/logout), then the browser
 * forgets token, userId and every cached server answer, and the page moves on with `leave` if given. The
 * server call is best effort: an expired session or a lost network must not keep anyone signed in here.
 */
export async function endSession(leave?: () => void): Promise<void> {
  if (readStoredSession()) {
    try {
      await api.post('auth/logout');
    } catch {
      // Already revoked or unreachable: the local session ends all the same.
    }
  }
  // `leave` (a page moving away, e.g. to `/`) renders together with the logout: a signed-in-only page never
  // renders signed out, so its guard does not mistake a deliberate logout for a visit without a session.
  startTransition(() => {
    appStore.set(logoutAtom);
    appQueryClient.clear();
    leave?.();
  });
}
