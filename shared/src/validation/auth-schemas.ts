import { object, ref, string } from 'yup';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from 'contract/limits';
import { authMessages, PASSWORD_COMPLEXITY, PASSWORD_MIN_LENGTH } from 'contract/auth-rules';

// Form schemas. The login, register and forgot dialogs (shell) and the reset and change-password
// forms (mfe-account) validate with these, so every form says the same words for the same rule.

/** Validation messages that only forms show (toasts and mismatch), next to the schemas that raise them. */
export const formMessages = {
  invalidEmail: 'Enter a valid email address.',
  tooLong: 'This value is too long.',
  correctErrors: 'Please correct the errors in the form.',
  newPasswordMismatch: 'New password and confirmation do not match',
} as const;

const complexPassword = () =>
  string()
    .required(authMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, formMessages.tooLong)
    .matches(PASSWORD_COMPLEXITY, authMessages.passwordComplexity);

/** Login: username and password required, password at least 8, the captcha solved. */
export const loginSchema = object({
  username: string().trim().required(authMessages.required).max(USERNAME_MAX_LENGTH, formMessages.tooLong),
  password: string()
    .required(authMessages.required)
    .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, formMessages.tooLong),
  captcha: string().required(authMessages.required),
});

/** Register: the catalogue's messages word for word; confirm is checked here and never sent. */
export const registerSchema = object({
  username: string().trim().required(authMessages.usernameRequired).max(USERNAME_MAX_LENGTH, formMessages.tooLong),
  email: string()
    .trim()
    .required(authMessages.emailRequired)
    .max(EMAIL_MAX_LENGTH, formMessages.tooLong)
    .email(formMessages.invalidEmail),
  password: complexPassword(),
  confirmPassword: string()
    .required(authMessages.confirmRequired)
    .oneOf([ref('password')], authMessages.confirmMustMatch),
});

/** Forgot password: 'Email cannot be empty.' (the dialog also toasts it). */
export const forgotPasswordSchema = object({
  email: string()
    .trim()
    .required(authMessages.emailEmpty)
    .max(EMAIL_MAX_LENGTH, formMessages.tooLong)
    .email(formMessages.invalidEmail),
});

/** Reset password (emailed link): same complexity as register; confirmation says 'Passwords must match'. */
export const resetPasswordSchema = object({
  password: complexPassword(),
  confirmPassword: string()
    .required(authMessages.confirmRequired)
    .oneOf([ref('password')], authMessages.passwordsMustMatch),
});

/** Change password (account settings): the server checks the current one; new and confirmation must match. */
export const changePasswordSchema = object({
  oldPassword: string().required(authMessages.passwordRequired).max(PASSWORD_MAX_LENGTH, formMessages.tooLong),
  newPassword: complexPassword(),
  confirmNewPassword: string()
    .required(authMessages.confirmRequired)
    .oneOf([ref('newPassword')], formMessages.newPasswordMismatch),
});
