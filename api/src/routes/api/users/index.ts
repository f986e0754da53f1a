// /api/users: account details, forgot / reset password, change password.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ResetPasswordParams,
  ResetPasswordRequest,
  UserDetails,
  UserIdParams,
} from 'contract/accounts';
import { MessageResponse } from 'contract/errors';
import { authMessages } from 'contract/auth-rules';
import { newPasswordProblem } from '../../../accounts/rules.ts';
import { toUserDetails } from '../../../accounts/users.ts';
import type { Config } from '../../../config.ts';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';
import { requireSelf } from '../../../plugins/auth.ts';

const users: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const repository = app.repositories.users;

  app.get(
    '/:userId',
    {
      schema: {
        summary: "The signed-in user's details and balance (dollars)",
        params: UserIdParams,
        response: { 200: UserDetails, ...errors(403) },
      },
    },
    async (request): Promise<UserDetails> => {
      const self = requireSelf(request, request.params.userId);
      const user = await repository.findById(self.id);
      if (!user) throw new HttpError(401, authMessages.sessionEnded);
      const operator = (await app.operatorRoles.holds(user.id)) ? (['operator'] as const) : [];
      return { ...toUserDetails(user), roles: [...(await app.repositories.supportRoles.rolesOf(user)), ...operator] };
    },
  );

  app.post(
    '/forgot',
    {
      config: { public: true, rateLimit: app.authRateLimit, requiredMessages: { email: authMessages.emailEmpty } },
      schema: {
        summary: 'Mail a single-use password reset link (valid 1 hour)',
        body: ForgotPasswordRequest,
        response: { 200: MessageResponse, ...errors(400, 429, 503) },
      },
    },
    async (request) => {
      const email = request.body.email.trim();
      if (email === '') throw new HttpError(400, authMessages.emailEmpty);
      const user = await repository.findByEmail(email);
      if (!user) throw new HttpError(400, authMessages.noUserWithEmail);

      // The link's token and its mail commit together; the mail is tried at once and, should the mail
      // server be away, retried by the outbox until it is back (within the link's hour, or the next link).
      const jobId = await repository.mailResetToken(user.id, config.auth.resetTokenTtlSeconds, (token) => ({
        to: user.email,
        subject: 'Reset your Private Sock5 password',
        text: [
          `Hello ${user.username},`,
          '',
          'Someone (hopefully you) asked to reset the password of your Private Sock5 account.',
          'Open this link within one hour to choose a new password:',
          '',
          `${config.publicUrl}/reset-password/${token}`,
          '',
          'If you did not ask for this, ignore this message: your password stays as it is.',
        ].join('\n'),
      }));
      await app.jobs.attempt(jobId);
      const body: MessageResponse = { message: authMessages.forgotSent };
      return body;
    },
  );

  app.post(
    '/reset/:token',
    {
      config: { public: true, rateLimit: app.authRateLimit },
      schema: {
        summary: 'Set a new password with a mailed reset token; ends every session of the account',
        params: ResetPasswordParams,
        body: ResetPasswordRequest,
        response: { 200: MessageResponse, ...errors(400, 429) },
      },
    },
    async (request): Promise<MessageResponse> => {
      const { password } = request.body;
      const problem = newPasswordProblem(password);
      if (problem) throw new HttpError(400, problem);
      const result = await repository.resetPassword(request.params.token, await app.passwords.hash(password));
      if (!result.ok) throw new HttpError(400, authMessages.resetLinkInvalid);
      app.sessions.announceEnded(result.endedSessions);
      return { message: authMessages.passwordReset };
    },
  );

  app.put(
    '/password/change/:userId',
    {
      schema: {
        summary: 'Change the password (current one required); ends the other sessions of the account',
        params: UserIdParams,
        body: ChangePasswordRequest,
        response: { 200: MessageResponse, ...errors(400, 403, 429) },
      },
    },
    async (request): Promise<MessageResponse> => {
      const self = requireSelf(request, request.params.userId);
      const { oldPassword, newPassword } = request.body;
      if (oldPassword === '') throw new HttpError(400, authMessages.currentPasswordRequired);
      const problem = newPasswordProblem(newPassword);
      if (problem) throw new HttpError(400, problem);

      // Guessing the current password from a hijacked session counts against the same per-account limit.
      const attempt = await app.loginThrottle.begin(self.id, request.ip);
      if (!attempt.allowed) throw new HttpError(429, authMessages.tooManyFailedLogins, attempt.retryAfterSeconds);
      if (attempt.waitMs > 0) await sleep(attempt.waitMs);
      const user = await repository.findById(self.id);
      if (!user) throw new HttpError(401, authMessages.sessionEnded);
      if (!(await app.passwords.verify(user.password_hash, oldPassword))) {
        throw new HttpError(400, authMessages.currentPasswordWrong);
      }
      await app.loginThrottle.succeeded(self.id, attempt.attemptId, request.ip);

      const ended = await repository.changePassword(self.id, await app.passwords.hash(newPassword), self.sessionId);
      app.sessions.announceEnded(ended);
      return { message: authMessages.passwordChanged };
    },
  );
};

export default users;
