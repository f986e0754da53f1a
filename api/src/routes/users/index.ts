// /api/users: account details, forgot / reset password, change password (SPEC §7; ARCHITECTURE decision 2).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UserDetails as UserDetailsBody } from 'contract/accounts';
import type { MessageResponse } from 'contract/errors';
import { authMessages, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from 'shared/validation/auth-rules';
import Type from 'typebox';
import { issueResetToken, redeemResetToken } from '../../accounts/password-resets.ts';
import { newPasswordProblem } from '../../accounts/rules.ts';
import { findUserByEmail, findUserById, toUserDetails } from '../../accounts/users.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';
import { bearerAuth, errors, MessageBody, UserDetails } from '../../http/schemas.ts';
import { requireSelf } from '../../plugins/auth.ts';

const UserIdParams = Type.Object({ userId: Type.String({ maxLength: 64 }) });

const users: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The signed-in user's details and balance (dollars)",
        security: bearerAuth,
        params: UserIdParams,
        response: { 200: UserDetails, ...errors(401, 403) },
      },
    },
    async (request) => {
      const self = requireSelf(request, request.params.userId);
      const user = await findUserById(app.db, self.id);
      if (!user) throw new HttpError(401, authMessages.sessionEnded);
      const body: UserDetailsBody = toUserDetails(user);
      return body;
    },
  );

  app.post(
    '/forgot',
    {
      config: { rateLimit: app.authRateLimit, requiredMessages: { email: authMessages.emailEmpty } },
      schema: {
        summary: 'Mail a single-use password reset link (valid 1 hour)',
        body: Type.Object({ email: Type.String({ maxLength: EMAIL_MAX_LENGTH }) }),
        response: { 200: MessageBody, ...errors(400, 429, 503) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      if (email === '') throw new HttpError(400, authMessages.emailEmpty);
      const user = await findUserByEmail(app.db, email);
      if (!user) throw new HttpError(400, authMessages.noUserWithEmail);

      const token = await issueResetToken(app.db, user.id, config.auth.resetTokenTtlSeconds);
      const link = `${config.publicUrl}/reset-password/${token}`;
      try {
        await app.mailer.send({
          to: user.email,
          subject: 'Reset your Private Sock5 password',
          text: [
            `Hello ${user.username},`,
            '',
            'Someone (hopefully you) asked to reset the password of your Private Sock5 account.',
            'Open this link within one hour to choose a new password:',
            '',
            link,
            '',
            'If you did not ask for this, ignore this message: your password stays as it is.',
          ].join('\n'),
        });
      } catch (error) {
        request.log.error({ err: error }, 'password reset mail failed');
        return reply.code(503).send({ message: authMessages.mailFailed });
      }
      const body: MessageResponse = { message: authMessages.forgotSent };
      return body;
    },
  );

  app.post(
    '/reset/:token',
    {
      config: { rateLimit: app.authRateLimit },
      schema: {
        summary: 'Set a new password with a mailed reset token; ends every session of the account',
        params: Type.Object({ token: Type.String({ maxLength: 128 }) }),
        body: Type.Object({ password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }) }),
        response: { 200: MessageBody, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { password } = request.body;
      const problem = newPasswordProblem(password);
      if (problem) throw new HttpError(400, problem);
      const passwordHash = await app.passwords.hash(password);
      const ended = await app.db.transaction().execute(async (trx) => {
        const userId = await redeemResetToken(trx, request.params.token);
        if (userId === null) return null;
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
        return app.sessions.endAllOf(trx, userId);
      });
      if (ended === null) throw new HttpError(400, authMessages.resetLinkInvalid);
      app.sessions.announceEnded(ended);
      const body: MessageResponse = { message: authMessages.passwordReset };
      return body;
    },
  );

  app.put(
    '/password/change/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Change the password (current one required); ends the other sessions of the account',
        security: bearerAuth,
        params: UserIdParams,
        body: Type.Object({
          oldPassword: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
          newPassword: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
        }),
        response: { 200: MessageBody, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const self = requireSelf(request, request.params.userId);
      const { oldPassword, newPassword } = request.body;
      if (oldPassword === '') throw new HttpError(400, authMessages.currentPasswordRequired);
      const problem = newPasswordProblem(newPassword);
      if (problem) throw new HttpError(400, problem);

      // Guessing the current password from a hijacked session counts against the same per-account limit.
      const wait = await app.loginThrottle.blockedFor(self.id);
      if (wait !== null) throw new HttpError(429, authMessages.tooManyFailedLogins, wait);
      const user = await findUserById(app.db, self.id);
      if (!user) throw new HttpError(401, authMessages.sessionEnded);
      if (!(await app.passwords.verify(user.password_hash, oldPassword))) {
        await app.loginThrottle.recordFailure(self.id);
        throw new HttpError(400, authMessages.currentPasswordWrong);
      }

      const passwordHash = await app.passwords.hash(newPassword);
      const ended = await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', self.id).execute();
        return app.sessions.endAllOf(trx, self.id, self.sessionId);
      });
      app.sessions.announceEnded(ended);
      const body: MessageResponse = { message: authMessages.passwordChanged };
      return body;
    },
  );
};

export default users;
