// 2-step verification services: `app.twoFactor` (authenticator secrets, codes, recovery codes),
// `app.secondFactorThrottle` (wrong codes per account) and `app.loginChallenges` (the password-to-code step).
import fp from 'fastify-plugin';
import { createSecondFactorThrottle, type SecondFactorThrottle } from '../accounts/second-factor-throttle.ts';
import { createLoginChallenges, type LoginChallenges } from '../accounts/login-challenge.ts';
import { createSecretBox } from '../accounts/secret-box.ts';
import { createTwoFactor, type TwoFactor } from '../accounts/two-factor.ts';
import type { Config } from '../config.ts';
import { loadOrCreateSecret } from '../db/settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    twoFactor: TwoFactor;
    secondFactorThrottle: SecondFactorThrottle;
    loginChallenges: LoginChallenges;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const settings = config.auth.twoFactor;
    const boxKey = await loadOrCreateSecret(app.db, 'totp_encryption_key', settings.encryptionKey);
    app.decorate('twoFactor', createTwoFactor(app.db, createSecretBox(boxKey), { issuer: settings.issuer }));
    app.decorate('secondFactorThrottle', createSecondFactorThrottle(app.db, settings.failureLimit, settings.failureWindowSeconds));
    const sessionSecret = await loadOrCreateSecret(app.db, 'jwt_secret', config.auth.jwtSecret);
    app.decorate('loginChallenges', createLoginChallenges(app.db, sessionSecret, settings.challengeTtlSeconds));
  },
  { name: 'two-factor', dependencies: ['database', 'auth'] },
);
