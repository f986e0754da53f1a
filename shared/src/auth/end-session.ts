import { api } from '../api/api-client';
import { appQueryClient } from '../query/query-client';
import { appStore } from '../store/app-store';
import { logoutAtom } from './auth-atoms';
import { readStoredSession } from './session-storage';

/**
 * Logout as a user means it: the server revokes the session (POST /api/auth/logout), then the browser
 * forgets token, userId and every cached server answer. The server call is best effort: an expired
 * session or a lost network must not keep anyone signed in on this device.
 */
export async function endSession(): Promise<void> {
  if (readStoredSession()) {
    try {
      await api.post('auth/logout');
    } catch {
      // Already revoked or unreachable: the local session ends all the same.
    }
  }
  appStore.set(logoutAtom);
  appQueryClient.clear();
}
