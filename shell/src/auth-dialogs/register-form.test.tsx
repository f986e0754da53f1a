import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, deferred } from 'test-kit/fake-api';
import { apiCalls, renderDialog } from '../test/auth-dialogs-kit';

const complexity =
  'Password must contain an uppercase letter, a lowercase letter, a special character (@!$&-_,), a number, and be at least 8 characters long';

interface Entries {
  username?: string;
  email?: string;
  password?: string;
  confirm?: string;
}

async function fill({ username = 'alice', email = 'alice@example.com', password = 'Secret-Pass1', confirm }: Entries = {}) {
  confirm ??= password;
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText(/^username/i), username);
  if (email) await user.type(screen.getByLabelText(/^email/i), email);
  if (password) await user.type(screen.getByLabelText(/^password/i), password);
  if (confirm) await user.type(screen.getByLabelText(/^confirm password/i), confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

const form = () => screen.getByRole('form', { name: 'Register' });

describe('register dialog', () => {

  it('names each missing field in the catalogue wording', async () => {
    const { calls } = fakeApi({});
    await renderDialog('register');
    await fill({ username: '', email: '', password: '', confirm: '' });
    for (const message of ['Username is required', 'Email is required', 'Password is required', 'Confirm Password is required']) {
      expect(await within(form()).findByText(message)).toBeInTheDocument();
    }
    expect(apiCalls(calls)).toEqual([]);
  });

  it('explains the password rule and the confirmation', async () => {
    fakeApi({});
    await renderDialog('register');
    await fill({ password: 'weakpassword', confirm: 'different' });
    expect(await within(form()).findByText(complexity)).toBeInTheDocument();
    expect(within(form()).getByText('Must match the password')).toBeInTheDocument();
  });

  it("registers, toasts 'Registration successful' and opens the login dialog", async () => {
    const answer = deferred<{ status: number; body?: unknown }>();
    const { calls } = fakeApi({ 'POST /api/auth/register': answer.promise });
    await renderDialog('register');
    await fill();
    expect(await screen.findByRole('button', { name: 'Registering...' })).toBeDisabled();
    answer.resolve({ status: 201, body: { userInfo: { _id: 'u1', username: 'alice', email: 'alice@example.com' }, message: 'ok' } });
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/ login'));
    // The login dialog starts with the name just registered.
    expect(await screen.findByRole('textbox', { name: /^username/i })).toHaveValue('alice');
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toEqual({
      username: 'alice',
      email: 'alice@example.com',
      password: 'Secret-Pass1',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("toasts 'Registration failed' and shows the server's reason in the form", async () => {
    fakeApi({ 'POST /api/auth/register': { status: 409, body: { message: 'Username is already taken' } } });
    await renderDialog('register');
    await fill();
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(within(form()).getByText('Username is already taken')).toBeInTheDocument();
    expect(screen.getByTestId('probe')).toHaveTextContent('/ register');
  });

  it("falls back to 'Registration failed' in the form when the server gives no reason", async () => {
    fakeApi({ 'POST /api/auth/register': 'network-error' });
    await renderDialog('register');
    await fill();
    expect(await within(form()).findByText('Registration failed')).toBeInTheDocument();
  });
});
