// /api/auth: register, captcha (challenge + verify), login, logout (SPEC §7, ARCHITECTURE decisions 1, 6).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CaptchaChallenge, LoginResponse, RegisterResponse, VerifyCaptchaResponse } from 'contract/accounts';
import {
  authMessages,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from 'shared/validation/auth-rules';
import Type from 'typebox';
import { emailProblem, newPasswordProblem, usernameProblem } from '../../accounts/rules.ts';
import { findUserByUsername, takenField, toUserInfo } from '../../accounts/users.ts';
import { HttpError } from '../../http/errors.ts';
import { bearerAuth, errors, MessageBody, UserInfo } from '../../http/schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import { CAPTCHA_PAYLOAD_MAX_LENGTH } from '../../plugins/captcha.ts';

const UNIQUE_VIOLATION = '23505';
/** Bound of what is parsed at all; the SPEC rules then say what is wrong with a shorter name. */
const USERNAME_INPUT_MAX_LENGTH = USERNAME_MAX_LENGTH * 8;

const auth: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/register',
    {
      config: { rateLimit: app.authRateLimit },
      schema: {
        summary: 'Create an account (SPEC §5 register rules)',
        body: Type.Object({
          username: Type.String({ maxLength: USERNAME_INPUT_MAX_LENGTH }),
          email: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
          password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
        }),
        response: { 201: Type.Object({ userInfo: UserInfo, message: Type.String() }), ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim();
      const email = request.body.email.trim();
      const { password } = request.body;
      const problem = usernameProblem(username) ?? emailProblem(email) ?? newPasswordProblem(password);
      if (problem) throw new HttpError(400, problem);

      const taken = await takenField(app.db, username, email);
      if (taken) throw new HttpError(409, taken === 'username' ? authMessages.usernameTaken : authMessages.emailTaken);

      const passwordHash = await app.passwords.hash(password);
      let user;
      try {
        user = await app.db
          .insertInto('users')
          .values({ username, email, password_hash: passwordHash })
          .returning(['id', 'username', 'email'])
          .executeTakeFirstOrThrow();
      } catch (error) {
        // Lost a race with a simultaneous registration of the same name or address.
        if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
          const field = await takenField(app.db, username, email);
          throw new HttpError(409, field === 'email' ? authMessages.emailTaken : authMessages.usernameTaken);
        }
        throw error;
      }
      const body: RegisterResponse = { userInfo: toUserInfo(user), message: authMessages.registered };
      return reply.code(201).send(body);
    },
  );

  app.get(
    '/challenge',
    {
      schema: {
        summary: 'A fresh ALTCHA proof-of-work challenge for the login captcha',
        response: { 200: Type.Object({ parameters: Type.Unknown(), signature: Type.String() }) },
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
      config: { rateLimit: app.authRateLimit },
      schema: {
        summary: 'Check a captcha solution without using it up (the login then uses it)',
        body: Type.Object({ token: Type.String({ maxLength: CAPTCHA_PAYLOAD_MAX_LENGTH }) }),
        response: { 200: Type.Object({ success: Type.Boolean() }), ...errors(400, 429) },
      },
    },
    async (request) => {
      const body: VerifyCaptchaResponse = { success: await app.captcha.check(request.body.token) };
      return body;
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit: app.authRateLimit, requiredMessages: { captcha: authMessages.required } },
      schema: {
        summary: 'Log in with a solved captcha; ends the previous session of the account',
        body: Type.Object({
          username: Type.String({ maxLength: USERNAME_INPUT_MAX_LENGTH }),
          password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
          captcha: Type.String({ maxLength: CAPTCHA_PAYLOAD_MAX_LENGTH }),
        }),
        response: { 200: Type.Object({ token: Type.String(), userInfo: UserInfo }), ...errors(400, 429) },
      },
    },
    async (request) => {
      const username = request.body.username.trim();
      const { password, captcha } = request.body;
      if (username === '') throw new HttpError(400, authMessages.usernameRequired);
      if (password === '') throw new HttpError(400, authMessages.passwordRequired);
      if (password.length < PASSWORD_MIN_LENGTH) throw new HttpError(400, authMessages.passwordTooShort);
      // Every attempt spends one solved captcha, right or wrong: guessing costs proof of work each time.
      if (!(await app.captcha.consume(captcha))) throw new HttpError(400, authMessages.required);

      const user = await findUserByUsername(app.db, username);
      if (user) {
        const wait = await app.loginThrottle.blockedFor(user.id);
        if (wait !== null) throw new HttpError(429, authMessages.tooManyFailedLogins, wait);
      }
      const valid = await app.passwords.verify(user?.password_hash ?? null, password);
      if (!user || !valid) {
        if (user) await app.loginThrottle.recordFailure(user.id);
        throw new HttpError(400, authMessages.wrongCredentials);
      }
      const { token } = await app.sessions.start(user.id);
      const body: LoginResponse = { token, userInfo: toUserInfo(user) };
      return body;
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'End the current session (its token stops working everywhere)',
        security: bearerAuth,
        response: { 200: MessageBody, ...errors(401) },
      },
    },
    async (request) => {
      await app.sessions.end(currentUser(request).sessionId);
      return { message: authMessages.loggedOut };
    },
  );
};

export default auth;
