// Account-security rules and their words, shared by the account page (browser checks) and the API (the
// checks that count), so the two can never disagree.

/** A proxy login or password of the customer's own choosing: 5 to 7 letters and digits. */
export const SOCKS_CREDENTIAL_LENGTH = { min: 5, max: 7 } as const;
export const SOCKS_CREDENTIAL_PATTERN = new RegExp(`^[A-Za-z0-9]{${SOCKS_CREDENTIAL_LENGTH.min},${SOCKS_CREDENTIAL_LENGTH.max}}$`);

/** Addresses and networks one account may authorize for password-less proxy use. */
export const IP_ALLOWLIST_MAX = 10;

/** An authenticator code: six digits (RFC 6238 with the usual 30-second step). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

export const accountMessages = {
  passwordRequired: 'Password is required',
  passwordWrong: 'Password is incorrect',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits',
  codeWrong: 'That code is not valid. Enter the current code from your authenticator app.',
  tooManyWrongCodes: 'Too many wrong codes. Try again later.',
  setupMissing: 'Start again: enter your password and press Submit',
  alreadyEnabled: '2-step verification is already enabled',
  notEnabled: '2-step verification is not enabled',
  enabled: '2-step verification enabled',
  disabled: '2-step verification disabled',
  challengeExpired: 'This sign-in took too long. Log in again.',
  socksCredential: `Login and password must be ${SOCKS_CREDENTIAL_LENGTH.min}-${SOCKS_CREDENTIAL_LENGTH.max} characters, letters and digits only`,
  socksBothOrNeither: 'Fill in both login and password, or leave both empty',
  credentialsSaved: 'Credentials saved. Later purchases use them.',
  credentialsCleared: 'Own credentials removed. Later purchases get generated credentials.',
  allowlistTooMany: `At most ${IP_ALLOWLIST_MAX} addresses or ranges`,
  allowlistSaved: 'IP authorization saved',
  signedOutEverywhere: 'Signed out everywhere',
} as const;

/** Why a login:pass pair cannot be saved, or null. Both empty is fine: it returns to generated credentials. */
export function socksCredentialsProblem(login: string, password: string): string | null {
  if (login === '' && password === '') return null;
  if (login === '' || password === '') return accountMessages.socksBothOrNeither;
  if (!SOCKS_CREDENTIAL_PATTERN.test(login) || !SOCKS_CREDENTIAL_PATTERN.test(password)) return accountMessages.socksCredential;
  return null;
}
