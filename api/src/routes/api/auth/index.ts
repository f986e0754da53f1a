// /api/auth: register, captcha (challenge + verify), logout; signing in is login.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CaptchaChallenge, RegisterRequest, RegisterResponse, VerifyCaptchaRequest, VerifyCaptchaResponse } from 'contract/accounts';
import { MessageResponse } from 'contract/errors';
import { authMessages } from 'contract/auth-rules';
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
