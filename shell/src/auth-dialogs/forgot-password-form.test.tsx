import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, deferred } from 'test-kit/fake-api';
import { apiCalls, renderDialog } from '../test/auth-dialogs-kit';

const form = () => screen.getByRole('form', { name: 'Forgot password' });
/**
 * Toasts sit outside the modal dialog, which hides them from the accessibility tree while it is open; the
 * first toast also waits for the toast host to load.
 */
function findToast(text: string) {
  return waitFor(() => {
    const toast = screen
      .getAllByText(text)
      .find((element) => !form().contains(element) && element.closest('[role="alert"]'));
    if (!toast) throw new Error(`no toast says ${text}`);
    return toast;
  });
}

async function submit(email: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^email/i), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('forgot password dialog', () => {

  it("an empty email says 'Email cannot be empty.' in a toast and under the field", async () => {
    const { calls } = fakeApi({});
    await renderDialog('forgotPassword');
    await submit('');
    expect(await within(form()).findByText('Email cannot be empty.')).toBeInTheDocument();
    expect(await findToast('Email cannot be empty.')).toBeDefined();
    expect(apiCalls(calls)).toEqual([]);
  });

  it("sends the mail and toasts 'Message sucessfully send to your email.'", async () => {
    const answer = deferred<{ status: number; body?: unknown }>();
    const { calls } = fakeApi({ 'POST /api/users/forgot': answer.promise });
    await renderDialog('forgotPassword');
    await submit('alice@example.com');
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer.resolve({ status: 200, body: { message: 'Message sucessfully send to your email.' } });
    expect(await within(form()).findByText('Message sucessfully send to your email.')).toBeInTheDocument();
    expect(await findToast('Message sucessfully send to your email.')).toBeDefined();
    expect(calls.find((c) => c.path === '/api/users/forgot')?.body).toEqual({ email: 'alice@example.com' });
  });

  it("a 400 says 'No User with this email address.'", async () => {
    fakeApi({ 'POST /api/users/forgot': { status: 400, body: { message: 'Bad Request' } } });
    await renderDialog('forgotPassword');
    await submit('nobody@example.com');
    expect(await within(form()).findByText('No User with this email address.')).toBeInTheDocument();
  });

  it("another failure shows the server's message", async () => {
    fakeApi({ 'POST /api/users/forgot': { status: 503, body: { message: 'Mail service is down' } } });
    await renderDialog('forgotPassword');
    await submit('alice@example.com');
    expect(await within(form()).findByText('Mail service is down')).toBeInTheDocument();
  });

  it('without any message: the fallback wording in the form and in the toast', async () => {
    fakeApi({ 'POST /api/users/forgot': 'network-error' });
    await renderDialog('forgotPassword');
    await submit('alice@example.com');
    expect(await within(form()).findByText('Error while getting a post. Try again later.')).toBeInTheDocument();
    expect(await findToast('An error occurred. Please try again.')).toBeDefined();
  });
});
