import { createStore } from 'jotai';
import { authAtom, isAuthenticatedAtom, loginSucceededAtom, logoutAtom } from './auth-atoms';
import { readStoredSession } from './session-storage';

const userInfo = { _id: 'u1', username: 'alice', email: 'alice@example.com' };

describe('auth atoms', () => {
  it('a login stores token and userId and authenticates', () => {
    const store = createStore();
    expect(store.get(isAuthenticatedAtom)).toBe(false);
    store.set(loginSucceededAtom, { token: 't1', userInfo });
    expect(store.get(isAuthenticatedAtom)).toBe(true);
    expect(store.get(authAtom).user).toEqual(userInfo);
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('userId')).toBe('u1');
  });

  it('logout removes token and userId and clears the user', () => {
    const store = createStore();
    store.set(loginSucceededAtom, { token: 't1', userInfo });
    store.set(logoutAtom);
    expect(store.get(authAtom)).toEqual({ token: null, userId: null, user: null });
    expect(store.get(isAuthenticatedAtom)).toBe(false);
    expect(readStoredSession()).toBeNull();
  });
});
