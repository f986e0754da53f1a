// 2-step verification services: `app.twoFactor` (authenticator secrets, codes, recovery codes),
// `app.secondFactorThrottle` (wrong codes per account) and `app.loginChallenges` (the password-to-code step).
import fp from 'fastify-plugin';
import { createLoginThrottle, type LoginThrottle } from '../accounts/login-throttle.ts';
import { createLoginChallenges, type LoginChallenges } from '../account/login-challenge.ts';
import { createSecretBox } from '../account/secret-box.ts';
import { createTwoFactor, type TwoFactor } from '../account/two-factor.ts';
import type { Config } from '../config.ts';
import { loadOrCreateSecret } from '../db/settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    twoFactor: TwoFactor;
    secondFactorThrottle: LoginThrottle;
    loginChallenges: LoginChallenges;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const settings = config.auth.twoFactor;
    const boxKey = await loadOrCreateSecret(app.db, 'totp_encryption_key', settings.encryptionKey);
    app.decorate('twoFactor', createTwoFactor(app.db, createSecretBox(boxKey), { issuer: settings.issuer }));
    app.decorate('secondFactorThrottle', createLoginThrottle(app.db, settings.failureLimit, settings.failureWindowSeconds, 'failed_second_factors'));
    const sessionSecret = await loadOrCreateSecret(app.db, 'jwt_secret', config.auth.jwtSecret);
    app.decorate('loginChallenges', createLoginChallenges(sessionSecret, settings.challengeTtlSeconds));
  },
  { name: 'two-factor', dependencies: ['database', 'auth'] },
);
