import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { loginSucceededAtom, logoutAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { queryKeys } from 'shared/query/query-keys';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { themeModeAtom } from 'shared/theme/theme-atoms';
import { AppProviders } from 'shared/ui/app-providers';
import { deferred, fakeApi, type FakeReply } from 'test-kit/fake-api';
import { prefetchFrameData } from './portal-layout';
import { TopBar } from './top-bar';

const user = { _id: 'u1', username: 'alice', email: 'alice@example.com', balance: 12.5 };

describe('TopBar', () => {
  beforeEach(() => {
    appQueryClient.clear();
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo: user });
    fakeApi({ 'GET /api/users/u1': { body: user } });
  });
  afterEach(() => {
    cleanup();
    appStore.set(logoutAtom);
  });

  async function renderAt(path: string) {
    await act(async () => {
      render(
        <AppProviders>
          <MemoryRouter initialEntries={[path]}>
            <TopBar />
          </MemoryRouter>
        </AppProviders>,
      );
    });
  }

  it('shows a spinner, then the balance with two decimals and the username linking to the profile', async () => {
    const answer = deferred<FakeReply>();
    fakeApi({ 'GET /api/users/u1': answer.promise });
    await renderAt('/dashboard');
    expect(screen.getByRole('progressbar', { name: 'Loading user' })).toBeInTheDocument();
    await act(async () => answer.resolve({ body: user }));
    expect(await screen.findByTestId('balance')).toHaveTextContent('$12.50');
    expect(screen.getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/user-profile');
    expect(screen.getByRole('link', { name: 'Private Sock5' })).toHaveAttribute('href', '/');
  });

  it('shows what the start-up asked for before it mounted, without asking again', async () => {
    const api = fakeApi({ 'GET /api/users/u1': { body: user }, 'GET /api/config': { body: { paymentsMode: 'sandbox' } } });
    prefetchFrameData();
    await waitFor(() => expect(appQueryClient.getQueryData(queryKeys.user('u1'))).toEqual(user));
    await waitFor(() => expect(appQueryClient.getQueryData(queryKeys.portalConfig)).toEqual({ paymentsMode: 'sandbox' }));
    await renderAt('/dashboard');
    expect(screen.getByTestId('balance')).toHaveTextContent('$12.50');
    expect(screen.queryByRole('progressbar', { name: 'Loading user' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/users/u1')).toHaveLength(1);
    expect(api.callsTo('GET /api/config')).toHaveLength(1);
  });

  it('asks for nothing at start-up without a session', async () => {
    appStore.set(logoutAtom);
    const api = fakeApi({ 'GET /api/users/u1': { body: user }, 'GET /api/config': { body: { paymentsMode: 'sandbox' } } });
    prefetchFrameData();
    await act(async () => undefined);
    expect(api.calls).toHaveLength(0);
  });

  it('gives an operator the console in the navigation, and a customer not', async () => {
    await renderAt('/dashboard');
    await screen.findByTestId('balance');
    expect(screen.queryByRole('link', { name: 'Operator' })).not.toBeInTheDocument();
    cleanup();
    appQueryClient.clear();
    fakeApi({ 'GET /api/users/u1': { body: { ...user, roles: ['operator'] } } });
    await renderAt('/operator/money');
    expect(await screen.findByRole('link', { name: 'Operator' })).toHaveAttribute('href', '/operator');
  });

  it('offers a visitor Login and Register, which open their dialogs', async () => {
    appStore.set(logoutAtom);
    await renderAt('/terms-and-conditions');
    expect(screen.queryByTestId('username')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(appStore.get(authDialogAtom)).toBe('register');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(appStore.get(authDialogAtom)).toBe('login');
    appStore.set(authDialogAtom, 'closed');
  });

  it('lists the five navigation items and highlights the current one', async () => {
    await renderAt('/payments');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Proxy', 'History', 'Payments', 'Support', 'Terms & Conditions']);
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveClass('active');
    expect(within(nav).getByRole('link', { name: 'History' })).not.toHaveClass('active');
  });

  it('toggles the theme and keeps the choice', async () => {
    await renderAt('/dashboard');
    expect(appStore.get(themeModeAtom)).toBe('dark');
    // The hint next to the button says what a click will do (for the eye: the button is named by its label).
    expect(screen.getByText('Switch to light theme')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Toggle light/dark theme' }));
    expect(appStore.get(themeModeAtom)).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(screen.getByText('Switch to dark theme')).toBeInTheDocument();
  });

  it('shows the failure when user details cannot be fetched', async () => {
    fakeApi({ 'GET /api/users/u1': { status: 503, body: { message: 'Database unavailable' } } });
    await renderAt('/dashboard');
    expect(await screen.findByText(/^Error: /)).toBeInTheDocument();
  });
});
