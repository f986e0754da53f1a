// /api/auth: register, captcha (challenge + verify), login, logout.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CaptchaChallenge,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  VerifyCaptchaRequest,
  VerifyCaptchaResponse,
} from 'contract/accounts';
import { MessageResponse } from 'contract/errors';
import { authMessages, PASSWORD_MIN_LENGTH } from 'contract/auth-rules';
import { emailProblem, newPasswordProblem, usernameProblem } from '../../../accounts/rules.ts';
import { toUserInfo } from '../../../accounts/users.ts';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';
import { currentUser } from '../../../plugins/auth.ts';

const auth: FastifyPluginAsyncTypebox = async (app) => {
  const { users } = app.repositories;

  app.post(
    '/register',
    {
      config: { public: true, rateLimit: app.authRateLimit },
      schema: {
        summary: 'Create an account (username, email and password rules as the register form shows them)',
        body: RegisterRequest,
        response: { 201: RegisterResponse, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim();
      const email = request.body.email.trim();
      const { password } = request.body;
      const problem = usernameProblem(username) ?? emailProblem(email) ?? newPasswordProblem(password);
      if (problem) throw new HttpError(400, problem);

      const takenMessage = (field: 'username' | 'email') => (field === 'email' ? authMessages.emailTaken : authMessages.usernameTaken);
      const taken = await users.takenField(username, email);
      if (taken) throw new HttpError(409, takenMessage(taken));
      const result = await users.register(username, email, await app.passwords.hash(password));
      if (!result.ok) throw new HttpError(409, takenMessage(result.field));
      const body: RegisterResponse = { userInfo: toUserInfo(result.user), message: authMessages.registered };
      return reply.code(201).send(body);
    },
  );

  app.get(
    '/challenge',
    {
      config: { public: true },
      schema: {
        summary: 'A fresh ALTCHA proof-of-work challenge for the login captcha',
        response: { 200: CaptchaChallenge },
      },
    },
    async (_request, reply) => {
      const { parameters, signature = '' } = await app.captcha.challenge();
      const body: CaptchaChallenge = { parameters: { ...parameters }, signature };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.post(
    '/verify',
    {
      config: { public: true, rateLimit: app.authRateLimit },
      schema: {
        summary: 'Check a captcha solution without using it up (the login then uses it)',
        body: VerifyCaptchaRequest,
        response: { 200: VerifyCaptchaResponse, ...errors(400, 429) },
      },
    },
    async (request): Promise<VerifyCaptchaResponse> => ({ success: await app.captcha.check(request.body.token) }),
  );

  app.post(
    '/login',
    {
      config: { public: true, rateLimit: app.authRateLimit, requiredMessages: { captcha: authMessages.required } },
      schema: {
        summary: 'Log in with a solved captcha; ends the previous session of the account',
        body: LoginRequest,
        response: { 200: LoginResponse, ...errors(400, 429) },
      },
    },
    async (request): Promise<LoginResponse> => {
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
      const { token } = await app.sessions.start(user.id);
      return { token, userInfo: toUserInfo(user) };
    },
  );

  app.post(
    '/logout',
    {
      schema: { summary: 'End the current session (its token stops working everywhere)', response: { 200: MessageResponse } },
    },
    async (request): Promise<MessageResponse> => {
      await app.sessions.end(currentUser(request).sessionId);
      return { message: authMessages.loggedOut };
    },
  );
};

export default auth;
