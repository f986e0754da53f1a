import ky, { HTTPError, type KyInstance } from 'ky';
import { authMessages } from 'contract/auth-rules';
import { logoutAtom, signedOutReasonAtom } from 'shared/auth/auth-atoms';
import { readStoredSession } from '../auth/session-storage';
import { appStore } from 'shared/store/app-store';

const base = ky.create({
  prefix: '/api',
  // Same origin as the page; resolved explicitly so it also holds where Request needs absolute URLs.
  baseUrl: typeof document === 'undefined' ? undefined : document.baseURI,
  credentials: 'include',
  retry: 0,
  timeout: 30_000,
});

/** Calls made without a session (login, register, forgot and reset carry no token). */
export const publicApi: KyInstance = base;

/**
 * The signed-in API client: bearer token from storage, and any 401 ends the session.
 * Components never call it directly; each endpoint module wraps it with its types and query hook.
 */
export const api: KyInstance = base.extend({
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const session = readStoredSession();
        if (session) request.headers.set('Authorization', `Bearer ${session.token}`);
      },
    ],
    afterResponse: [
      async ({ response }) => {
        if (response.status !== 401) return;
        // A session replaced by a login elsewhere is told so, instead of only being asked to log in.
        const body = (await response.clone().json().catch(() => null)) as { message?: unknown } | null;
        if (body?.message === authMessages.sessionReplaced) appStore.set(signedOutReasonAtom, authMessages.sessionReplaced);
        appStore.set(logoutAtom);
      },
    ],
  },
});

/** The server's `{message}` of a failed call, else the given fallback (each failure has fallback wording). */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof HTTPError) {
    const data = error.data;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
    if (typeof data === 'string' && data.length > 0 && data.length < 300) return data;
  }
  return fallback;
}

/** The HTTP status of a failed call, if the server answered. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof HTTPError ? error.response.status : undefined;
}
