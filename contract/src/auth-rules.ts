// Rules and messages, shared by the forms (yup) and the API (server-side checks) so the two
// can never disagree on a word.

import { PASSWORD_MAX_LENGTH } from 'contract/limits';

export const PASSWORD_MIN_LENGTH = 8;
/** Letters, digits, dot, underscore and hyphen: safe to show anywhere and unambiguous to type. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
/** Deliberately loose (something@domain.tld, no spaces): the mailed link is the real proof of the address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Lowercase, uppercase, digit, one of @ ! $ & - _ , and at least PASSWORD_MIN_LENGTH characters. */
export const PASSWORD_COMPLEXITY = new RegExp(`^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[@!$&\\-_,]).{${PASSWORD_MIN_LENGTH},}$`);

/** The hint under every field where a new password is chosen. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters with an uppercase letter, a lowercase letter, a number and one of @ ! $ & - _ ,`;

export const authMessages = {
  required: 'This field is required!',
  passwordTooShort: `Password must not be less than ${PASSWORD_MIN_LENGTH} characters`,
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordComplexity:
    `Password must contain an uppercase letter, a lowercase letter, a special character (@!$&-_,), a number, and be at least ${PASSWORD_MIN_LENGTH} characters long`,
  confirmRequired: 'Confirm Password is required',
  confirmMustMatch: 'Must match the password',
  passwordsMustMatch: 'Passwords must match',
  emailEmpty: 'Email cannot be empty.',
  wrongCredentials: 'Wrong username or password',
  forgotSent: 'Message sucessfully send to your email.',
  noUserWithEmail: 'No User with this email address.',
  // Server answers for cases the catalogue gives no wording for.
  usernameInvalid: 'Username must be 3 to 32 characters: letters, digits, dot, underscore or hyphen',
  emailInvalid: 'Email address is not valid',
  accountDisabled: 'This account has been disabled by the shop: it cannot sign in and its proxies do not work. Open a ticket from another account or write to the shop to have it enabled again.',
  passwordTooLong: `Password must not be longer than ${PASSWORD_MAX_LENGTH} characters`,
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  registered: 'Registration successful',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully!',
  passwordReset: 'Password reset successfully!',
  resetLinkInvalid: 'This password reset link is invalid, has expired or was already used.',
  tooManyFailedLogins: 'Too many failed logins for this account. Try again later.',
  tooManyRequests: 'Too many requests. Try again later.',
  sessionEnded: 'Your session has ended. Please log in again.',
  /** A 401 for a session that a login elsewhere replaced: the client shows it instead of the generic one. */
  sessionReplaced: 'You were signed out because your account signed in elsewhere.',
  notYourAccount: 'You can only access your own account.',
  loggedOut: 'Logged out',
} as const;
