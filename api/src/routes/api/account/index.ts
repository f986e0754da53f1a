// /api/account: the signed-in customer's security settings (2-step verification, own proxy credentials,
// IP authorization) and sign-in activity. Every route acts on the session's own account only.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccountSecurity,
  DisableTwoFactorRequest,
  EnableTwoFactorRequest,
  EnableTwoFactorResponse,
  IpAllowlistRequest,
  IpAllowlistResponse,
  PasswordConfirmation,
  ProxyCredentialsRequest,
  ProxyCredentialsResponse,
  SignInsResponse,
  TwoFactorSetup,
} from 'contract/account-security';
import { MessageResponse } from 'contract/errors';
import { accountMessages, socksCredentialsProblem } from 'contract/account-rules';
import { authMessages } from 'contract/auth-rules';
import { describeBrowser } from '../../../accounts/account-settings.ts';
import { parseAllowlist } from '../../../accounts/ip-allowlist.ts';
import { TOTP_SETTINGS } from '../../../accounts/two-factor.ts';
import type { SessionUser } from '../../../accounts/sessions.ts';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';
import { currentUser } from '../../../plugins/auth.ts';

const account: FastifyPluginAsyncTypebox = async (app) => {
  const settings = app.repositories.account;
  const { users } = app.repositories;

  /** The account password again, for the changes that would let a hijacked session lock the owner out. */
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

  app.get(
    '/security',
    { schema: { summary: "The account's 2-step verification state, own proxy credentials and IP allow-list", response: { 200: AccountSecurity } } },
    async (request): Promise<AccountSecurity> => {
      const self = currentUser(request);
      const [twoFactor, proxyCredentials, ipAllowlist] = await Promise.all([
        app.twoFactor.status(self.id),
        settings.proxyCredentials(self.id),
        settings.ipAllowlist(self.id),
      ]);
      return { twoFactor, proxyCredentials, ipAllowlist };
    },
  );

  app.post(
    '/two-factor/setup',
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
    '/two-factor/enable',
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
    '/two-factor/disable',
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

  app.put(
    '/proxy-credentials',
    {
      schema: {
        summary: 'Own SOCKS5 login:pass for later purchases (5-7 letters and digits each); both empty: generated per proxy',
        body: ProxyCredentialsRequest,
        response: { 200: ProxyCredentialsResponse, ...errors(400) },
      },
    },
    async (request): Promise<ProxyCredentialsResponse> => {
      const self = currentUser(request);
      const login = request.body.login.trim();
      const password = request.body.password.trim();
      const problem = socksCredentialsProblem(login, password);
      if (problem) throw new HttpError(400, problem);
      const proxyCredentials = login === '' ? null : { login, password };
      await settings.setProxyCredentials(self.id, proxyCredentials);
      return { message: proxyCredentials ? accountMessages.credentialsSaved : accountMessages.credentialsCleared, proxyCredentials };
    },
  );

  app.put(
    '/ip-allowlist',
    {
      schema: {
        summary: 'Replace the IPv4/IPv6 addresses and CIDR ranges allowed to use the proxies without login:pass (at most 10)',
        body: IpAllowlistRequest,
        response: { 200: IpAllowlistResponse, ...errors(400) },
      },
    },
    async (request): Promise<IpAllowlistResponse> => {
      const self = currentUser(request);
      const parsed = parseAllowlist(request.body.addresses);
      if (!parsed.ok) throw new HttpError(400, parsed.message);
      const ipAllowlist = await settings.replaceIpAllowlist(self.id, parsed.entries);
      return { message: accountMessages.allowlistSaved, ipAllowlist };
    },
  );

  app.get(
    '/sign-ins',
    { schema: { summary: 'The latest sign-ins of the account (time, address, browser), the current one marked', response: { 200: SignInsResponse } } },
    async (request): Promise<SignInsResponse> => {
      const self = currentUser(request);
      const rows = await settings.signIns(self.id, self.sessionId);
      return {
        signIns: rows.map((row) => ({ at: row.at.toISOString(), ip: row.ip, browser: describeBrowser(row.userAgent), current: row.current })),
      };
    },
  );

  app.post(
    '/sign-out-everywhere',
    { schema: { summary: 'End every session of the account, this one included', response: { 200: MessageResponse } } },
    async (request): Promise<MessageResponse> => {
      const self = currentUser(request);
      app.sessions.announceEnded(await settings.endAllSessions(self.id));
      return { message: accountMessages.signedOutEverywhere };
    },
  );
};

export default account;
