import { errorStatus, serverMessage } from 'shared/api/api-client';
import { authMessages } from 'contract/auth-rules';

// Authentication error catalogue: which words a visitor reads for each way a call can fail.

export const loginMessages = {
  serverError: 'Internal server error!',
  accessDenied: 'Access Denied! Invalid Credentials',
  unexpected: 'An error occurred. Please try again.',
} as const;

export const registerMessages = {
  success: 'Registration successful',
  failed: 'Registration failed',
} as const;

export const forgotMessages = {
  fallback: 'Error while getting a post. Try again later.',
  toastFallback: 'An error occurred. Please try again.',
} as const;

/** What a failed login says. A 400 naming the captcha means the solution was used or missing: the captcha's own message. */
export function loginFailure(error: unknown): { message: string; field: 'form' | 'captcha' } {
  const status = errorStatus(error);
  if (status === undefined) return { message: loginMessages.unexpected, field: 'form' };
  if (status === 400 && serverMessage(error, '') === authMessages.required) {
    return { message: authMessages.required, field: 'captcha' };
  }
  if (status === 400 || status === 404) return { message: authMessages.wrongCredentials, field: 'form' };
  if (status === 500) return { message: loginMessages.serverError, field: 'form' };
  return { message: loginMessages.accessDenied, field: 'form' };
}

/** What a failed forgot-password request says in the form, and in its toast. */
export function forgotFailure(error: unknown): { form: string; toast: string } {
  if (errorStatus(error) === 400) return { form: authMessages.noUserWithEmail, toast: authMessages.noUserWithEmail };
  const message = serverMessage(error, '');
  if (message) return { form: message, toast: message };
  // A lost connection's own text ("Failed to fetch") means nothing to a customer: the catalogue's fallback wording does.
  return { form: forgotMessages.fallback, toast: forgotMessages.toastFallback };
}
