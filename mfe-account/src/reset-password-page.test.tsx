import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAtomValue } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { authAtom, loginSucceededAtom, logoutAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { deferred, fakeApi, type FakeReply } from 'test-kit/fake-api';
import ResetPasswordPage, { INCOMPLETE_LINK_MESSAGE } from './reset-password-page';

// The page runs with the real API client and form; only the network is faked (test-kit/fake-api).

function Probe() {
  const location = useLocation();
  const dialog = useAtomValue(authDialogAtom);
  return <output data-testid="probe">{`${location.pathname} ${dialog}`}</output>;
}

async function renderAt(path: string) {
  appStore.set(authDialogAtom, 'closed');
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <Probe />
          <Routes>
            <Route path="/" element={<p>Landing</p>} />
            <Route path="/reset-password/:token?" element={<ResetPasswordPage />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

const form = () => screen.getByRole('form', { name: 'Reset password' });
const newPassword = () => screen.getByLabelText(/^Enter New Password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm New Password/);

/** A toast, not the same words under the form. */
async function findToast(text: string) {
  await waitFor(() => expect(screen.getAllByText(text).some((element) => !form().contains(element))).toBe(true));
  return screen.getAllByText(text).find((element) => !form().contains(element))?.closest('[role="alert"]');
}

async function submitWith(password: string, confirmation: string) {
  const user = userEvent.setup();
  if (password) await user.type(newPassword(), password);
  if (confirmation) await user.type(confirmPassword(), confirmation);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

const GOOD_PASSWORD = 'New-Secret1';

describe('reset password page', () => {
  beforeEach(() => appStore.set(logoutAtom));

  it('shows both password fields, each with its own show/hide toggle, and the build label', async () => {
    fakeApi({});
    await renderAt('/reset-password/abc123');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument();
    expect(screen.getByTestId('build-label-account')).toHaveTextContent('account build test');
    const user = userEvent.setup();
    for (const [field, name] of [
      [newPassword(), 'enter new password'],
      [confirmPassword(), 'confirm new password'],
    ] as const) {
      expect(field).toHaveAttribute('type', 'password');
      await user.click(screen.getByRole('button', { name: `Show ${name}` }));
      expect(field).toHaveAttribute('type', 'text');
      await user.click(screen.getByRole('button', { name: `Hide ${name}` }));
      expect(field).toHaveAttribute('type', 'password');
    }
  });

  it("an empty form says 'Password is required' and 'Confirm Password is required', with the toast, and sends nothing", async () => {
    const { calls } = fakeApi({});
    await renderAt('/reset-password/abc123');
    await submitWith('', '');
    expect(await within(form()).findByText('Password is required')).toBeInTheDocument();
    expect(within(form()).getByText('Confirm Password is required')).toBeInTheDocument();
    expect(await findToast('Please correct the errors in the form.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('a password without the required complexity gets the complexity message and the toast', async () => {
    const { calls } = fakeApi({});
    await renderAt('/reset-password/abc123');
    await submitWith('alllowercase1', 'alllowercase1');
    expect(
      await within(form()).findByText(
        'Password must contain an uppercase letter, a lowercase letter, a special character (@!$&-_,), a number, and be at least 8 characters long',
      ),
    ).toBeInTheDocument();
    expect(await findToast('Please correct the errors in the form.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("a different confirmation says 'Passwords must match' and sends nothing", async () => {
    const { calls } = fakeApi({});
    await renderAt('/reset-password/abc123');
    await submitWith(GOOD_PASSWORD, `${GOOD_PASSWORD}x`);
    expect(await within(form()).findByText('Passwords must match')).toBeInTheDocument();
    expect(await findToast('Please correct the errors in the form.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("posts the password to /api/users/reset/:token, reads 'Processing...' meanwhile, then goes to / with the login dialog", async () => {
    const answer = deferred<FakeReply>();
    const { calls } = fakeApi({ 'POST /api/users/reset/abc123': answer.promise });
    await renderAt('/reset-password/abc123');
    await submitWith(GOOD_PASSWORD, GOOD_PASSWORD);
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(newPassword()).toBeDisabled();
    expect(confirmPassword()).toBeDisabled();
    answer.resolve({ status: 200, body: { message: 'Password reset successfully!' } });
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/ login'));
    expect(await screen.findByText('Password reset successfully!')).toBeInTheDocument();
    // The token travels only in the path; the confirmation is checked here and never sent.
    expect(calls).toEqual([{ method: 'POST', path: '/api/users/reset/abc123', body: { password: GOOD_PASSWORD } }]);
  });

  it('a signed-in browser forgets its session after a reset, since the reset ended it on the server', async () => {
    appStore.set(loginSucceededAtom, { token: 'old-token', userInfo: { _id: 'u1', username: 'alice', email: 'a@example.com' } });
    const { calls } = fakeApi({
      'POST /api/users/reset/abc123': { status: 200, body: { message: 'Password reset successfully!' } },
      'POST /api/auth/logout': { status: 401, body: { message: 'Your session has ended. Please log in again.' } },
    });
    await renderAt('/reset-password/abc123');
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    await submitWith(GOOD_PASSWORD, GOOD_PASSWORD);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/ login'));
    expect(appStore.get(authAtom).token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/users/reset/abc123', 'POST /api/auth/logout']);
  });

  it("a refused link toasts 'Failed to reset password. Please try again.' and shows the server's reason under the form", async () => {
    fakeApi({
      'POST /api/users/reset/used-token': {
        status: 400,
        body: { message: 'This password reset link is invalid, has expired or was already used.' },
      },
    });
    await renderAt('/reset-password/used-token');
    await submitWith(GOOD_PASSWORD, GOOD_PASSWORD);
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid, has expired or was already used.',
    );
    expect(await findToast('Failed to reset password. Please try again.')).toBeTruthy();
    expect(screen.getByTestId('probe')).toHaveTextContent('/reset-password/used-token closed');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it.each([
    ['a lost connection', 'network-error' as const],
    ['a reply without a message', { status: 502 }],
  ])("%s shows 'Failed to reset password' under the form", async (_case, reply) => {
    fakeApi({ 'POST /api/users/reset/abc123': reply });
    await renderAt('/reset-password/abc123');
    await submitWith(GOOD_PASSWORD, GOOD_PASSWORD);
    expect(await within(form()).findByRole('alert')).toHaveTextContent(/^Failed to reset password$/);
    expect(await findToast('Failed to reset password. Please try again.')).toBeTruthy();
  });

  it('offers a new link (forgot-password dialog) and, signed out, the login dialog', async () => {
    fakeApi({});
    await renderAt('/reset-password/abc123');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(screen.getByTestId('probe')).toHaveTextContent('/reset-password/abc123 forgotPassword');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByTestId('probe')).toHaveTextContent('/reset-password/abc123 login');
  });

  it('without a token says the link is incomplete and offers the forgot-password dialog instead of a form', async () => {
    const { calls } = fakeApi({});
    await renderAt('/reset-password');
    expect(screen.getByText(INCOMPLETE_LINK_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Reset password' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(screen.getByTestId('probe')).toHaveTextContent('/reset-password forgotPassword');
    expect(screen.getByTestId('build-label-account')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
