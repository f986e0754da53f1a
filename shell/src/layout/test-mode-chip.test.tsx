import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { loginSucceededAtom, logoutAtom } from 'shared/auth/auth-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { fakeApi, type FakeRoute } from 'test-kit/fake-api';
import { TopBar } from './top-bar';

const user = { _id: 'u1', username: 'alice', email: 'alice@example.com', balance: 12.5 };

async function renderTopBar(config: FakeRoute) {
  const api = fakeApi({ 'GET /api/users/u1': { body: user }, 'GET /api/config': config });
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/dashboard']}>
          <TopBar />
        </MemoryRouter>
      </AppProviders>,
    );
  });
  await screen.findByTestId('balance');
  return api;
}

describe('test-mode mark in the top bar', () => {
  beforeEach(() => {
    appQueryClient.clear();
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo: user });
  });
  afterEach(() => {
    cleanup();
    appStore.set(logoutAtom);
  });

  it('says TEST MODE — no real money while payments run in the sandbox', async () => {
    const api = await renderTopBar({ body: { paymentsMode: 'sandbox' } });
    const chip = await screen.findByRole('status', { name: 'TEST MODE — no real money' });
    expect(chip).toHaveTextContent('TEST MODE — no real money');
    // Asked without a token: the answer is the same for everyone.
    const [request] = api.requests.filter((r) => new URL(r.url).pathname === '/api/config');
    expect(request?.headers.get('Authorization')).toBeNull();
  });

  it('on a phone, where the bar is full, runs as a strip under it with the whole text', async () => {
    const desktop = window.matchMedia;
    // Every max-width query matches: a narrow screen.
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query.includes('max-width') });
    try {
      await renderTopBar({ body: { paymentsMode: 'sandbox' } });
      const strip = await screen.findByRole('status');
      expect(strip).toHaveTextContent('TEST MODE — no real money');
      expect(screen.getAllByTestId('test-mode')).toHaveLength(1);
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('is absent with real payments, with payments off, and when the answer does not come', async () => {
    for (const config of [{ body: { paymentsMode: 'live' } }, { body: { paymentsMode: 'off' } }, { status: 503, body: { message: 'down' } }] as const) {
      appQueryClient.clear();
      const api = await renderTopBar(config);
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(api.callsTo('GET /api/config')).toHaveLength(1);
      expect(screen.queryByTestId('test-mode')).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('is not shown signed out (the landing page has no top-bar chip)', async () => {
    appStore.set(logoutAtom);
    fakeApi({ 'GET /api/config': { body: { paymentsMode: 'sandbox' } } });
    await act(async () => {
      render(
        <AppProviders>
          <MemoryRouter initialEntries={['/']}>
            <TopBar />
          </MemoryRouter>
        </AppProviders>,
      );
    });
    expect(screen.queryByTestId('test-mode')).not.toBeInTheDocument();
  });
});
