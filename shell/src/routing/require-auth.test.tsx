import { render, screen } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router';
import { authMessages } from 'contract/auth-rules';
import { loginSucceededAtom, logoutAtom, signedOutReasonAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom, returnToAtom } from 'shared/auth/auth-dialog-atoms';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { LOGIN_REQUIRED_MESSAGE, RequireAuth } from './require-auth';
import { IDLE_SIGN_OUT_MESSAGE, markIdleSignOut, takeIdleSignOut } from '../session/idle-sign-out';

function DialogState() {
  return <p data-testid="dialog">{useAtomValue(authDialogAtom)}</p>;
}

function renderAt(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <DialogState />
        <Routes>
          <Route path="/" element={<p>landing</p>} />
          <Route
            path="/history"
            element={
              <RequireAuth>
                <p>history content</p>
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('RequireAuth', () => {
  beforeEach(() => {
    appStore.set(logoutAtom);
    appStore.set(authDialogAtom, 'closed');
    appStore.set(signedOutReasonAtom, null);
  });

  it('a session replaced by a login elsewhere says so instead of the general message', async () => {
    appStore.set(signedOutReasonAtom, authMessages.sessionReplaced);
    renderAt('/history');
    expect(await screen.findByText('You were signed out because your account signed in elsewhere.')).toBeInTheDocument();
    expect(screen.queryByText(LOGIN_REQUIRED_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByTestId('dialog')).toHaveTextContent('login');
  });

  it('after an inactivity logout says why before the general message, once', async () => {
    markIdleSignOut();
    renderAt('/history');
    expect(await screen.findByText(`${IDLE_SIGN_OUT_MESSAGE} ${LOGIN_REQUIRED_MESSAGE}`)).toBeInTheDocument();
    expect(takeIdleSignOut()).toBe(false);
  });

  it('without a session: toasts, opens the login dialog, goes to / and remembers the route', async () => {
    renderAt('/history?page=2');
    expect(await screen.findByText(LOGIN_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('landing')).toBeInTheDocument();
    expect(screen.queryByText('history content')).not.toBeInTheDocument();
    expect(screen.getByTestId('dialog')).toHaveTextContent('login');
    expect(appStore.get(returnToAtom)).toBe('/history?page=2');
  });

  it('with a session: forgets the remembered route once the protected page is reached', () => {
    appStore.set(returnToAtom, '/history');
    appStore.set(loginSucceededAtom, { token: 't', userInfo: { _id: 'u1', username: 'alice', email: 'a@example.com' } });
    renderAt('/history');
    expect(screen.getByText('history content')).toBeInTheDocument();
    expect(appStore.get(returnToAtom)).toBe('/dashboard');
  });

  it('with a session: renders the page', () => {
    appStore.set(loginSucceededAtom, { token: 't', userInfo: { _id: 'u1', username: 'alice', email: 'a@example.com' } });
    renderAt('/history');
    expect(screen.getByText('history content')).toBeInTheDocument();
    expect(screen.getByTestId('dialog')).toHaveTextContent('closed');
  });
});
