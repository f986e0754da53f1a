import { appStore } from '../store/app-store';
import { isAuthenticatedAtom, loginSucceededAtom } from '../auth/auth-atoms';
import { api, serverMessage } from './api-client';

const userInfo = { _id: 'u1', username: 'alice', email: 'alice@example.com' };

function respond(status: number, body: unknown) {
  return jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('api client', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('sends the stored token as a bearer header under /api', async () => {
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo });
    const fetchMock = respond(200, { ok: true });
    globalThis.fetch = fetchMock;
    await api.get('users/u1').json();
    const request = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(new URL(request.url).pathname).toBe('/api/users/u1');
    expect(request.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('logs the user out on any 401 and exposes the server message', async () => {
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo });
    globalThis.fetch = respond(401, { message: 'Session expired' });
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
