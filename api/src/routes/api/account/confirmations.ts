// The checks a session must pass again before changes a hijacked session could abuse (2-step settings,
// API keys): the account password, counted against the login limit, and an authenticator code, counted per
// account.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { accountMessages } from 'contract/account-rules';
import { authMessages } from 'contract/auth-rules';
import type { SessionUser } from '../../../accounts/sessions.ts';
import { HttpError } from '../../../http/errors.ts';

export function accountConfirmations(app: FastifyInstance) {
  const { users } = app.repositories;

  /** The account password again. */
  async function confirmPassword(self: SessionUser, address: string, password: string): Promise<void> {
    if (password === '') throw new HttpError(400, accountMessages.passwordRequired);
    // Guesses from a stolen session count against the same per-account limit as logins.
    const attempt = await app.loginThrottle.begin(self.id, address);
    if (!attempt.allowed) throw new HttpError(429, authMessages.tooManyFailedLogins, attempt.retryAfterSeconds);
    if (attempt.waitMs > 0) await sleep(attempt.waitMs);
    const user = await users.findById(self.id);
    if (!user) throw new HttpError(401, authMessages.sessionEnded);
    if (!(await app.passwords.verify(user.password_hash, password))) throw new HttpError(400, accountMessages.passwordWrong);
    await app.loginThrottle.succeeded(self.id, attempt.attemptId, address);
  }

  /**
   * Wrong codes are counted per account, checked and recorded in one step; past the limit every code is
   * refused until the window moves on. An attempt whose code was not wrong is taken back with `forgive`.
   */
  async function beginCodeAttempt(self: SessionUser): Promise<{ forgive: () => Promise<void> }> {
    const attempt = await app.secondFactorThrottle.begin(self.id);
    if (!attempt.allowed) throw new HttpError(429, accountMessages.tooManyWrongCodes, attempt.retryAfterSeconds);
    return { forgive: () => app.secondFactorThrottle.succeeded(attempt.attemptId) };
  }

  return { confirmPassword, beginCodeAttempt };
}
