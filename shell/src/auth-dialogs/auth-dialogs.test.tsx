import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginSucceededAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { appStore } from 'shared/store/app-store';
import { themeModeAtom } from 'shared/theme/theme-atoms';
import { fakeApi } from 'test-kit/fake-api';
import { renderDialog } from '../test/auth-dialogs-kit';

const dialogTitle = () => screen.getByRole('dialog').querySelector('#auth-dialog-title')?.textContent;

describe('auth dialogs', () => {
  beforeEach(() => {
    fakeApi({});
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

  it('an empty field passed through says nothing until a submit, so the link below it takes one click', async () => {
    await renderDialog('login');
    const user = userEvent.setup();
    // The username field has the focus; leaving it empty must not push the links away from the pointer.
    await user.tab();
    expect(screen.queryByText('This field is required!')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Log in$/ }));
    expect((await screen.findAllByText('This field is required!')).length).toBeGreaterThan(0);
  });

  it('something typed and left still says what is wrong with it at once', async () => {
    await renderDialog('login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^password/i), 'short');
    await user.tab();
    expect(await screen.findByText('Password must not be less than 8 characters')).toBeInTheDocument();
  });
});

describe('auth dialog theme', () => {
  beforeEach(() => {
    fakeApi({});
  });

  const paperColour = () => getComputedStyle(screen.getByRole('dialog')).backgroundColor;

  it.each(['dark', 'light'] as const)('is light over the always-light landing page, with the stored %s theme', async (stored) => {
    appStore.set(themeModeAtom, stored);
    await renderDialog('login', { path: '/' });
    expect(paperColour()).toBe('rgb(255, 255, 255)');
  });

  it.each([
    ['dark', 'rgb(23, 28, 46)'],
    ['light', 'rgb(255, 255, 255)'],
  ] as const)('follows the stored %s theme on any other page', async (stored, colour) => {
    appStore.set(themeModeAtom, stored);
    await renderDialog('register', { path: '/reset-password/abc' });
    expect(paperColour()).toBe(colour);
  });
});
