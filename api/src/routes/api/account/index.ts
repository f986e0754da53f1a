// /api/account: the signed-in customer's security settings (own proxy credentials, IP authorization; 2-step
// verification under ./two-factor) and sign-in activity. Every route acts on the session's own account only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccountSecurity,
  IpAllowlistRequest,
  IpAllowlistResponse,
  ProxyCredentialsRequest,
  ProxyCredentialsResponse,
  SignInsResponse,
} from 'contract/account-security';
import { MessageResponse } from 'contract/errors';
import { accountMessages, socksCredentialsProblem } from 'contract/account-rules';
import { describeBrowser } from '../../../accounts/account-settings.ts';
import { parseAllowlist } from '../../../accounts/ip-allowlist.ts';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';
import { currentUser } from '../../../plugins/auth.ts';

const account: FastifyPluginAsyncTypebox = async (app) => {
  const settings = app.repositories.account;

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
