import { publicApi } from 'shared/api/api-client';
import type { ForgotPasswordRequest, LoginRequest, LoginResponse, RegisterRequest, RegisterResponse, VerifyCaptchaResponse } from 'contract/accounts';
import type { MessageResponse } from 'contract/errors';

// The calls of the visitor's way in. They carry no session, hence publicApi.

/** POST /api/auth/verify: checks the solved captcha without consuming it; the login then consumes it. */
export function verifyCaptcha(solution: string): Promise<VerifyCaptchaResponse> {
  return publicApi.post('auth/verify', { json: { token: solution } }).json<VerifyCaptchaResponse>();
}

/** POST /api/auth/login. The answer is typed loosely on purpose: a reply without userInfo counts as a failed login. */
export function logIn(request: LoginRequest): Promise<Partial<LoginResponse>> {
  return publicApi.post('auth/login', { json: request }).json<Partial<LoginResponse>>();
}

export function registerAccount(request: RegisterRequest): Promise<RegisterResponse> {
  return publicApi.post('auth/register', { json: request }).json<RegisterResponse>();
}

export function requestPasswordReset(request: ForgotPasswordRequest): Promise<MessageResponse> {
  return publicApi.post('users/forgot', { json: request }).json<MessageResponse>();
}
