// The account rules checked on the server with the same words the forms use (contract/auth-rules).
// The route schemas reject wrong types and absurd lengths; these functions say what is wrong with a value
// of the right type. Each returns the message to send, or null when the value is acceptable.
import { PASSWORD_MAX_LENGTH } from 'contract/limits';
import { authMessages, EMAIL_PATTERN, PASSWORD_COMPLEXITY, USERNAME_PATTERN } from 'contract/auth-rules';

export function usernameProblem(username: string): string | null {
  if (username === '') return authMessages.usernameRequired;
  return USERNAME_PATTERN.test(username) ? null : authMessages.usernameInvalid;
}

export function emailProblem(email: string): string | null {
  if (email === '') return authMessages.emailRequired;
  return EMAIL_PATTERN.test(email) ? null : authMessages.emailInvalid;
}

/** A new password (register, reset, change): lower and upper case, a digit, a special character, 8+ long. */
export function newPasswordProblem(password: string): string | null {
  if (password === '') return authMessages.passwordRequired;
  if (password.length > PASSWORD_MAX_LENGTH) return authMessages.passwordTooLong;
  return PASSWORD_COMPLEXITY.test(password) ? null : authMessages.passwordComplexity;
}
