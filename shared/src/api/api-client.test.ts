import { appStore } from '../store/app-store';
import { isAuthenticatedAtom, loginSucceededAtom } from '../auth/auth-atoms';
import { fakeApi } from 'test-kit/fake-api';
import { api, serverMessage } from './api-client';

const userInfo = { _id: 'u1', username: 'alice', email: 'alice@example.com' };

describe('api client', () => {
  it('sends the stored token as a bearer header under /api', async () => {
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo });
    const { calls, requests } = fakeApi({ 'GET /api/users/u1': { body: { ok: true } } });
    await api.get('users/u1').json();
    expect(calls.map((call) => call.path)).toEqual(['/api/users/u1']);
    const [request] = requests;
    expect(request?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('logs the user out on any 401 and exposes the server message', async () => {
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo });
    fakeApi({ 'GET /api/users/u1': { status: 401, body: { message: 'Session expired' } } });
    const error = await api.get('users/u1').json().catch((e: unknown) => e);
    expect(appStore.get(isAuthenticatedAtom)).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(serverMessage(error, 'fallback')).toBe('Session expired');
  });

  it('falls back when the failure carries no message', () => {
    expect(serverMessage(new Error('network'), 'An error occurred. Please try again.')).toBe(
      'An error occurred. Please try again.',
    );
  });
});
