import { atom } from 'jotai';
import type { UserInfo } from 'contract/accounts';
import { clearStoredSession, readStoredSession, writeStoredSession } from './session-storage';

/** Auth state. User details (balance) are server state and live in the query cache, not here. */
export interface AuthState {
  token: string | null;
  userId: string | null;
  user: UserInfo | null;
}

function initialAuthState(): AuthState {
  const stored = readStoredSession();
  return { token: stored?.token ?? null, userId: stored?.userId ?? null, user: null };
}

export const authAtom = atom<AuthState>(initialAuthState());

export const isAuthenticatedAtom = atom((get) => get(authAtom).token !== null);

/**
 * Why the session ended, when the server said more than "log in again" (a login elsewhere replaced it);
 * the guard shows it instead of its general message. A new login clears it.
 */
export const signedOutReasonAtom = atom<string | null>(null);

/** A successful login: store token and userId and mark the visitor authenticated. */
export const loginSucceededAtom = atom(null, (_get, set, payload: { token: string; userInfo: UserInfo }) => {
  set(signedOutReasonAtom, null);
  writeStoredSession({ token: payload.token, userId: payload.userInfo._id });
  set(authAtom, { token: payload.token, userId: payload.userInfo._id, user: payload.userInfo });
});

/** Logout: remove stored token and userId, clear user and token. */
export const logoutAtom = atom(null, (_get, set) => {
  clearStoredSession();
  set(authAtom, { token: null, userId: null, user: null });
});
