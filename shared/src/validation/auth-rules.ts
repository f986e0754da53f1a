// SPEC §5 rules and messages, shared by the forms (yup) and the API (server-side checks) so the two
// can never disagree on a word.

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for passphrases and password managers; bounded so hashing cannot be abused. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MAX_LENGTH = 32;
export const EMAIL_MAX_LENGTH = 254;

/** Lowercase, uppercase, digit, one of @ ! $ & - _ , and at least 8 characters. */
export const PASSWORD_COMPLEXITY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@!$&\-_,]).{8,}$/;

export const authMessages = {
  required: 'This field is required!',
  passwordTooShort: 'Password must not be less than 8 characters',
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordComplexity:
    'Password must contain an uppercase letter, a lowercase letter, a special character (@!$&-_,), a number, and be at least 8 characters long',
  confirmRequired: 'Confirm Password is required',
  confirmMustMatch: 'Must match the password',
  passwordsMustMatch: 'Passwords must match',
  emailEmpty: 'Email cannot be empty.',
  wrongCredentials: 'Wrong username or password',
  forgotSent: 'Message sucessfully send to your email.',
  noUserWithEmail: 'No User with this email address.',
} as const;
