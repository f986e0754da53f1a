// /api/auth/login and /login/2fa: signing in with a solved captcha and the password, then, with 2-step
// verification on, an authenticator or recovery code. Each ends the account's previous session.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { LoginRequest, LoginResponse } from 'contract/accounts';
import { SecondFactorLoginRequest, SecondFactorLoginResponse, SecondFactorRequired } from 'contract/account-security';
import { accountMessages } from 'contract/account-rules';
import { authMessages, PASSWORD_MIN_LENGTH } from 'contract/auth-rules';
import Type from 'typebox';
import { toUserInfo, type UserRow } from '../../../accounts/users.ts';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';

const login: FastifyPluginAsyncTypebox = async (app) => {
  const { users, account } = app.repositories;

  /** A new session (ending the previous one), remembered in the account's sign-in activity. */
  async function signIn(request: FastifyRequest, user: UserRow): Promise<LoginResponse> {
    // Said only after the right password (and code): a guesser learns nothing about the account.
    if (await users.isDisabled(user.id)) throw new HttpError(403, authMessages.accountDisabled);
    const { token, sessionId } = await app.sessions.start(user.id);
    await account.recordSignIn(user.id, sessionId, request.ip, request.headers['user-agent'] ?? '');
    return { token, userInfo: toUserInfo(user) };
  }

  app.post(
    '/login',
    {
      config: { public: true, rateLimit: app.authRateLimit, requiredMessages: { captcha: authMessages.required } },
      schema: {
        summary:
          'Log in with a solved captcha; ends the previous session of the account. With 2-step verification on, answers a challenge for POST /api/auth/login/2fa instead of a session',
        body: LoginRequest,
        response: { 200: Type.Union([LoginResponse, SecondFactorRequired]), ...errors(400, 403, 429) },
      },
    },
    async (request): Promise<LoginResponse | SecondFactorRequired> => {
      const username = request.body.username.trim();
      const { password, captcha } = request.body;
      if (username === '') throw new HttpError(400, authMessages.usernameRequired);
      if (password === '') throw new HttpError(400, authMessages.passwordRequired);
      if (password.length < PASSWORD_MIN_LENGTH) throw new HttpError(400, authMessages.passwordTooShort);
      // Every attempt spends one solved captcha, right or wrong: guessing costs proof of work each time.
      if (!(await app.captcha.consume(captcha))) throw new HttpError(400, authMessages.required);

      const user = await users.findByUsername(username);
      // Counted (per account and address) before the password is checked, so parallel guesses cannot all
      // slip under the limit; a right password takes its attempt back.
      const attempt = user ? await app.loginThrottle.begin(user.id, request.ip) : null;
      if (attempt && !attempt.allowed) throw new HttpError(429, authMessages.tooManyFailedLogins, attempt.retryAfterSeconds);
      if (attempt && attempt.waitMs > 0) await sleep(attempt.waitMs);
      const valid = await app.passwords.verify(user?.password_hash ?? null, password);
      if (!user || !attempt || !valid) throw new HttpError(400, authMessages.wrongCredentials);
      await app.loginThrottle.succeeded(user.id, attempt.attemptId, request.ip);
      if (await users.isDisabled(user.id)) throw new HttpError(403, authMessages.accountDisabled);
      if (await app.twoFactor.isEnabled(user.id)) {
        return { secondFactorRequired: true, challenge: await app.loginChallenges.issue(user.id) };
      }
      return signIn(request, user);
    },
  );

  app.post(
    '/login/2fa',
    {
      config: { public: true, rateLimit: app.authRateLimit },
      schema: {
        summary: 'Finish a login with 2-step verification: the challenge from POST /api/auth/login and an authenticator or recovery code',
        body: SecondFactorLoginRequest,
        response: { 200: SecondFactorLoginResponse, ...errors(400, 429) },
      },
    },
    async (request): Promise<SecondFactorLoginResponse> => {
      const code = request.body.code.trim();
      if (code === '') throw new HttpError(400, accountMessages.codeRequired);
      const challenge = await app.loginChallenges.verify(request.body.challenge);
      const user = challenge === null ? undefined : await users.findById(challenge.userId);
      if (!challenge || !user) throw new HttpError(400, accountMessages.challengeExpired);
      const codeAttempt = await app.secondFactorThrottle.begin(user.id);
      if (!codeAttempt.allowed) throw new HttpError(429, accountMessages.tooManyWrongCodes, codeAttempt.retryAfterSeconds);
      // The challenge is used up by its first accepted code: a second use, even at the same moment, is refused.
      const result = await app.loginChallenges.redeem(challenge, (trx) => app.twoFactor.verify(user.id, code, trx));
      if (result === 'used') {
        await app.secondFactorThrottle.succeeded(codeAttempt.attemptId);
        throw new HttpError(400, accountMessages.challengeExpired);
      }
      if (!result.ok) {
        // Turned off meanwhile (from a signed-in session): the password step alone decides again.
        if (result.reason === 'not-enabled') {
          await app.secondFactorThrottle.succeeded(codeAttempt.attemptId);
          throw new HttpError(400, accountMessages.challengeExpired);
        }
        throw new HttpError(400, accountMessages.codeWrong);
      }
      await app.secondFactorThrottle.succeeded(codeAttempt.attemptId);
      return signIn(request, user);
    },
  );
};

export default login;
