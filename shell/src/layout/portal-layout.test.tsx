import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, startTransition, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { loginSucceededAtom, logoutAtom } from 'shared/auth/auth-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { fakeApi } from 'test-kit/fake-api';
import { FIRST_VIEW_PATIENCE_MS } from '../routing/first-view';
import { PortalLayout } from './portal-layout';

const user = { _id: 'u1', username: 'alice', email: 'alice@example.com', balance: 12.5 };

/** `page` at /dashboard in the portal's frame. */
function InFrame({ page }: { page: ReactNode }) {
  return (
    <AppProviders>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route element={<PortalLayout />}>
            <Route path="/dashboard" element={page} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>
  );
}

describe('PortalLayout', () => {
  beforeEach(() => {
    appQueryClient.clear();
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo: user });
    fakeApi({ 'GET /api/users/u1': { body: user }, 'GET /api/config': { body: { paymentsMode: 'sandbox' } } });
  });
  afterEach(() => {
    cleanup();
    appStore.set(logoutAtom);
  });

  it("shows itself with the page's spinner when the page keeps its first view up too long", async () => {
    jest.useFakeTimers();
    try {
      const view = document.createElement('div');
      view.id = 'first-view';
      document.body.prepend(view);
      // A page whose code never arrives.
      const Page = lazy(() => new Promise<never>(() => undefined));
      render(<InFrame page={<Page />} />);
      await act(async () => jest.advanceTimersByTime(FIRST_VIEW_PATIENCE_MS - 100));
      expect(view.isConnected).toBe(true);
      await act(async () => jest.advanceTimersByTime(200));
      expect(view.isConnected).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('puts the frame on screen before it renders the page, which then replaces the spinner', async () => {
    // What was on screen each time the page rendered.
    const frameOnScreen: boolean[] = [];
    function Page() {
      frameOnScreen.push(screen.queryByRole('link', { name: 'Private Sock5' }) !== null);
      return <h1>Proxy marketplace</h1>;
    }
    // As the start-up renders: in a transition.
    await act(async () => {
      startTransition(() => {
        render(<InFrame page={<Page />} />);
      });
    });
    expect(await screen.findByRole('heading', { name: 'Proxy marketplace' })).toBeInTheDocument();
    expect(frameOnScreen[0]).toBe(true);
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });
});
