import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authAtom } from 'shared/auth/auth-atoms';
import { returnToAtom } from 'shared/auth/auth-dialog-atoms';
import { appStore } from 'shared/store/app-store';
import { themeModeAtom } from 'shared/theme/theme-atoms';
import { fakeApi, deferred } from 'test-kit/fake-api';
import { apiCalls, renderDialog, solveCaptcha } from '../test/auth-dialogs-kit';

const userInfo = { _id: 'u1', username: 'alice', email: 'alice@example.com' };
const verified = { status: 200, body: { success: true } };

async function fillAndSubmit(password = 'correct-horse') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/username/i), 'alice');
  await user.type(screen.getByLabelText(/^password/i), password);
  await solveCaptcha();
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

/** The form's own alert (the widget has its own popover alerts). */
async function formAlert(text: string) {
  const message = await within(screen.getByRole('form', { name: 'Log in' })).findByText(text);
  return message.closest('[role="alert"]');
}

const captchaGroup = () => screen.getByRole('group', { name: 'Captcha' });

describe('login dialog', () => {

  it('requires username, password and a solved captcha before calling anyone', async () => {
    const { calls } = fakeApi({});
    await renderDialog('login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    const form = screen.getByRole('form', { name: 'Log in' });
    await waitFor(() => expect(within(form).getAllByText('This field is required!')).toHaveLength(3));
    expect(within(captchaGroup()).getByText('This field is required!')).toBeInTheDocument();
    expect(apiCalls(calls)).toEqual([]);
  });

  it("says 'Password must not be less than 8 characters'", async () => {
    fakeApi({});
    await renderDialog('login');
    await fillAndSubmit('short12');
    expect(await screen.findByText('Password must not be less than 8 characters')).toBeInTheDocument();
  });

  it('verifies the captcha, then logs in with it; success signs in, goes dark and returns to the route', async () => {
    const { calls } = fakeApi({
      'POST /api/auth/verify': verified,
      'POST /api/auth/login': { status: 200, body: { token: 'jwt', userInfo } },
    });
    await renderDialog('login');
    appStore.set(themeModeAtom, 'light');
    appStore.set(returnToAtom, '/history?page=2');
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/history closed'));
    expect(apiCalls(calls)).toEqual(['POST /api/auth/verify', 'POST /api/auth/login']);
    expect(calls.find((c) => c.path === '/api/auth/verify')?.body).toEqual({ token: 'solved-payload' });
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({
      username: 'alice',
      password: 'correct-horse',
      captcha: 'solved-payload',
    });
    expect(appStore.get(authAtom)).toEqual({ token: 'jwt', userId: 'u1', user: userInfo });
    expect(localStorage.getItem('token')).toBe('jwt');
    expect(localStorage.getItem('userId')).toBe('u1');
    expect(appStore.get(themeModeAtom)).toBe('dark');
  });

  it('goes to /dashboard when the visitor came from nowhere in particular', async () => {
    fakeApi({ 'POST /api/auth/verify': verified, 'POST /api/auth/login': { status: 200, body: { token: 'jwt', userInfo } } });
    await renderDialog('login');
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/dashboard closed'));
  });

  it("a failed captcha verification says 'This field is required!' and never sends the login", async () => {
    const { calls } = fakeApi({ 'POST /api/auth/verify': { status: 200, body: { success: false } } });
    await renderDialog('login');
    await fillAndSubmit();
    expect(await within(captchaGroup()).findByText('This field is required!')).toBeInTheDocument();
    expect(apiCalls(calls)).toEqual(['POST /api/auth/verify']);
  });

  it.each([
    [400, { message: 'Wrong username or password' }, 'Wrong username or password'],
    [404, { message: 'Not found' }, 'Wrong username or password'],
    [500, { message: 'boom' }, 'Internal server error!'],
    [403, { message: 'Forbidden' }, 'Access Denied! Invalid Credentials'],
    [429, undefined, 'Access Denied! Invalid Credentials'],
    [200, { message: 'ok but no user' }, 'Access Denied! Invalid Credentials'],
  ])('a login answered %i shows %j as %s', async (status, body, expected) => {
    fakeApi({ 'POST /api/auth/verify': verified, 'POST /api/auth/login': { status, body } });
    await renderDialog('login');
    await fillAndSubmit();
    expect(await formAlert(expected)).toBeInTheDocument();
    expect(appStore.get(authAtom).token).toBeNull();
    expect(screen.getByTestId('probe')).toHaveTextContent('/ login');
  });

  it("a login that cannot reach the server says 'An error occurred. Please try again.'", async () => {
    fakeApi({ 'POST /api/auth/verify': verified, 'POST /api/auth/login': 'network-error' });
    await renderDialog('login');
    await fillAndSubmit();
    expect(await formAlert('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it('a captcha the login refuses as used is the captcha message, not a credentials one', async () => {
    fakeApi({ 'POST /api/auth/verify': verified, 'POST /api/auth/login': { status: 400, body: { message: 'This field is required!' } } });
    await renderDialog('login');
    await fillAndSubmit();
    expect(await within(captchaGroup()).findByText('This field is required!')).toBeInTheDocument();
    expect(screen.queryByText('Wrong username or password')).not.toBeInTheDocument();
  });

  it("reads 'Log in...' with inputs disabled while submitting, and resets the captcha after the attempt", async () => {
    const answer = deferred<{ status: number; body?: unknown }>();
    const { calls } = fakeApi({ 'POST /api/auth/verify': verified, 'POST /api/auth/login': answer.promise });
    await renderDialog('login');
    const user = await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Log in...' })).toBeDisabled();
    expect(screen.getByLabelText(/username/i)).toBeDisabled();
    expect(screen.getByLabelText(/^password/i)).toBeDisabled();
    answer.resolve({ status: 400, body: { message: 'Wrong username or password' } });
    expect(await screen.findByText('Wrong username or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();

    // The used solution is gone: a second try without solving again is stopped in the form.
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await within(captchaGroup()).findByText('This field is required!')).toBeInTheDocument();
    expect(apiCalls(calls)).toEqual(['POST /api/auth/verify', 'POST /api/auth/login']);
  });
});
