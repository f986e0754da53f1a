import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginSucceededAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { appStore } from 'shared/store/app-store';
import { mockApi, renderDialog } from './auth-dialogs-test-kit';

const dialogTitle = () => screen.getByRole('dialog').querySelector('#auth-dialog-title')?.textContent;

describe('auth dialogs (SPEC §2 transitions)', () => {
  const realFetch = globalThis.fetch;
  beforeEach(() => mockApi({}));
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('login leads to register, and register back to login', async () => {
    await renderDialog('login');
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('login leads to forgot password, which leads back to login', async () => {
    await renderDialog('login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() => expect(dialogTitle()).toBe('Forgot password'));
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    await waitFor(() => expect(dialogTitle()).toBe('Log in'));
  });

  it('closes on its X button', async () => {
    await renderDialog('register');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(appStore.get(authDialogAtom)).toBe('closed'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on Escape', async () => {
    await renderDialog('forgotPassword');
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(appStore.get(authDialogAtom)).toBe('closed'));
  });

  it('closes on a click outside', async () => {
    await renderDialog('login');
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await userEvent.setup().click(backdrop as Element);
    await waitFor(() => expect(appStore.get(authDialogAtom)).toBe('closed'));
  });

  it('labels every input', async () => {
    await renderDialog('register');
    for (const label of [/^username/i, /^email/i, /^password/i, /^confirm password/i]) {
      expect(screen.getByLabelText(label)).toBeInstanceOf(HTMLInputElement);
    }
  });

  it('never shows the login dialog to a signed-in user', async () => {
    await renderDialog('closed');
    act(() => {
      appStore.set(loginSucceededAtom, { token: 't', userInfo: { _id: 'u1', username: 'alice', email: 'a@example.com' } });
      appStore.set(authDialogAtom, 'login');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
