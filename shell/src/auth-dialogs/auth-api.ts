import { publicApi } from 'shared/api/api-client';
import type { ForgotPasswordRequest, LoginRequest, LoginResponse, RegisterRequest, RegisterResponse, VerifyCaptchaResponse } from 'contract/accounts';
import type { SecondFactorLoginRequest, SecondFactorRequired } from 'contract/account-security';
import type { MessageResponse } from 'contract/errors';

// The calls of the visitor's way in. They carry no session, hence publicApi.

/** POST /api/auth/verify: checks the solved captcha without consuming it; the login then consumes it. */
export function verifyCaptcha(solution: string): Promise<VerifyCaptchaResponse> {
  return publicApi.post('auth/verify', { json: { token: solution } }).json<VerifyCaptchaResponse>();
}

/**
 * POST /api/auth/login. The answer is typed loosely on purpose: a reply without userInfo counts as a failed
 * login. An account with 2-step verification answers a challenge for the code step instead.
 */
export function logIn(request: LoginRequest): Promise<Partial<LoginResponse> & Partial<SecondFactorRequired>> {
  return publicApi.post('auth/login', { json: request }).json<Partial<LoginResponse> & Partial<SecondFactorRequired>>();
}

/** POST /api/auth/login/2fa: the challenge of the password step and a code finish the login. */
export function logInWithCode(request: SecondFactorLoginRequest): Promise<LoginResponse> {
  return publicApi.post('auth/login/2fa', { json: request }).json<LoginResponse>();
}

export function registerAccount(request: RegisterRequest): Promise<RegisterResponse> {
  return publicApi.post('auth/register', { json: request }).json<RegisterResponse>();
}

export function requestPasswordReset(request: ForgotPasswordRequest): Promise<MessageResponse> {
  return publicApi.post('users/forgot', { json: request }).json<MessageResponse>();
}
