// /api/account/two-factor: setting up, turning on and turning off the account's 2-step verification. Each
// step that could lock the owner out asks for the password again; wrong codes count per account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DisableTwoFactorRequest, EnableTwoFactorRequest, EnableTwoFactorResponse, PasswordConfirmation, TwoFactorSetup } from 'contract/account-security';
import { MessageResponse } from 'contract/errors';
import { accountMessages } from 'contract/account-rules';
import { TOTP_SETTINGS } from '../../../../accounts/two-factor.ts';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { currentUser } from '../../../../plugins/auth.ts';
import { accountConfirmations } from '../confirmations.ts';

const twoFactor: FastifyPluginAsyncTypebox = async (app) => {
  const { confirmPassword, beginCodeAttempt } = accountConfirmations(app);

  app.post(
    '/setup',
    {
      config: { rateLimit: app.authRateLimit },
      schema: {
        summary: 'Start setting up an authenticator app (password required): a new secret, shown this once',
        body: PasswordConfirmation,
        response: { 200: TwoFactorSetup, ...errors(400, 409, 429) },
      },
    },
    async (request, reply): Promise<TwoFactorSetup> => {
      const self = currentUser(request);
      await confirmPassword(self, request.ip, request.body.password);
      const setup = await app.twoFactor.beginSetup(self.id, self.username);
      if (!setup.ok) throw new HttpError(409, accountMessages.alreadyEnabled);
      void reply.header('cache-control', 'no-store');
      return {
        secret: setup.secret,
        otpauthUrl: setup.otpauthUrl,
        issuer: app.config.auth.twoFactor.issuer,
        account: self.username,
        type: 'Time based',
        digits: TOTP_SETTINGS.digits,
        period: TOTP_SETTINGS.period,
      };
    },
  );

  app.post(
    '/enable',
    {
      config: { rateLimit: app.authRateLimit },
      schema: {
        summary: 'Turn 2-step verification on with a code from the new secret; answers the recovery codes, once',
        body: EnableTwoFactorRequest,
        response: { 200: EnableTwoFactorResponse, ...errors(400, 409, 429) },
      },
    },
    async (request, reply): Promise<EnableTwoFactorResponse> => {
      const self = currentUser(request);
      const code = request.body.code.trim();
      if (code === '') throw new HttpError(400, accountMessages.codeRequired);
      const attempt = await beginCodeAttempt(self);
      const result = await app.twoFactor.enable(self.id, code);
      if (!result.ok && result.reason !== 'wrong-code') await attempt.forgive();
      if (!result.ok) {
        if (result.reason === 'already-enabled') throw new HttpError(409, accountMessages.alreadyEnabled);
        if (result.reason === 'no-setup') throw new HttpError(400, accountMessages.setupMissing);
        throw new HttpError(400, accountMessages.codeWrong);
      }
      await attempt.forgive();
      void reply.header('cache-control', 'no-store');
      return { message: accountMessages.enabled, recoveryCodes: result.recoveryCodes };
    },
  );

  app.post(
    '/disable',
    {
      config: { rateLimit: app.authRateLimit },
      schema: {
        summary: 'Turn 2-step verification off: the password and a current code (or a recovery code)',
        body: DisableTwoFactorRequest,
        response: { 200: MessageResponse, ...errors(400, 429) },
      },
    },
    async (request): Promise<MessageResponse> => {
      const self = currentUser(request);
      const code = request.body.code.trim();
      if (code === '') throw new HttpError(400, accountMessages.codeRequired);
      await confirmPassword(self, request.ip, request.body.password);
      const attempt = await beginCodeAttempt(self);
      const result = await app.twoFactor.verify(self.id, code);
      if (!result.ok && result.reason !== 'wrong-code') await attempt.forgive();
      if (!result.ok) {
        if (result.reason === 'not-enabled') throw new HttpError(400, accountMessages.notEnabled);
        throw new HttpError(400, accountMessages.codeWrong);
      }
      await attempt.forgive();
      await app.twoFactor.disable(self.id);
      return { message: accountMessages.disabled };
    },
  );
};

export default twoFactor;
