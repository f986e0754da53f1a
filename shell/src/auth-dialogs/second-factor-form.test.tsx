import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authAtom } from 'shared/auth/auth-atoms';
import { appStore } from 'shared/store/app-store';
import { deferred, fakeApi } from 'test-kit/fake-api';
import { apiCalls, renderDialog, solveCaptcha } from '../test/auth-dialogs-kit';

const userInfo = { _id: 'u1', username: 'alice', email: 'alice@example.com' };
const verified = { status: 200, body: { success: true } };
const secondFactor = { status: 200, body: { secondFactorRequired: true, challenge: 'challenge-1' } };

async function passPasswordStep() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/username/i), 'alice');
  await user.type(screen.getByLabelText(/^password/i), 'correct-horse');
  await solveCaptcha();
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByRole('form', { name: 'Authentication code' });
  return user;
}

const codeForm = () => screen.getByRole('form', { name: 'Authentication code' });

describe('login code step (2-step verification)', () => {
  it('after password and captcha asks for the code instead of signing in, then signs in with it', async () => {
    const answer = deferred<{ status: number; body?: unknown }>();
    const { calls } = fakeApi({ 'POST /api/auth/verify': verified, 'POST /api/auth/login': secondFactor, 'POST /api/auth/login/2fa': answer.promise });
    await renderDialog('login');
    const user = await passPasswordStep();
    expect(appStore.get(authAtom).token).toBeNull();
    expect(within(codeForm()).getByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')).toBeInTheDocument();
    await user.type(within(codeForm()).getByLabelText(/Authentication code/), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(within(codeForm()).getByLabelText(/Authentication code/)).toBeDisabled();
    answer.resolve({ status: 200, body: { token: 'jwt', userInfo } });
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/dashboard closed'));
    expect(appStore.get(authAtom)).toEqual({ token: 'jwt', userId: 'u1', user: userInfo });
    expect(apiCalls(calls)).toEqual(['POST /api/auth/verify', 'POST /api/auth/login', 'POST /api/auth/login/2fa']);
    expect(calls.at(-1)?.body).toEqual({ challenge: 'challenge-1', code: '123456' });
  });

  it('an empty code is asked for without a call; a wrong code shows the server words and stays on the step', async () => {
    const { calls } = fakeApi({
      'POST /api/auth/verify': verified,
      'POST /api/auth/login': secondFactor,
      'POST /api/auth/login/2fa': { status: 400, body: { message: 'That code is not valid. Enter the current code from your authenticator app.' } },
    });
    await renderDialog('login');
    const user = await passPasswordStep();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await within(codeForm()).findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app');
    expect(apiCalls(calls)).not.toContain('POST /api/auth/login/2fa');
    await user.type(within(codeForm()).getByLabelText(/Authentication code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await within(codeForm()).findByText('That code is not valid. Enter the current code from your authenticator app.')).toBeInTheDocument();
    expect(appStore.get(authAtom).token).toBeNull();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it.each([
    ['too many wrong codes', { status: 429, body: { message: 'Too many wrong codes. Try again later.' } }, 'Too many wrong codes. Try again later.'],
    ['a lost connection', 'network-error' as const, 'An error occurred. Please try again.'],
  ])('%s says so', async (_case, reply, text) => {
    fakeApi({ 'POST /api/auth/verify': verified, 'POST /api/auth/login': secondFactor, 'POST /api/auth/login/2fa': reply });
    await renderDialog('login');
    const user = await passPasswordStep();
    await user.type(within(codeForm()).getByLabelText(/Authentication code/), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await within(codeForm()).findByText(text)).toBeInTheDocument();
  });

  it('goes back to the password step', async () => {
    fakeApi({ 'POST /api/auth/verify': verified, 'POST /api/auth/login': secondFactor });
    await renderDialog('login');
    const user = await passPasswordStep();
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
  });
});
