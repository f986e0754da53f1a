// The step between password and code: after password and captcha, an account with 2-step verification
// gets a short-lived signed challenge instead of a session; the code step sends it back with the code.
// It is signed with its own key (derived from the session key), so it can never pass as a session token.
import { createHmac } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const PURPOSE = 'second-factor';

export interface LoginChallenges {
  issue(userId: string): Promise<string>;
  /** The user id the challenge was issued to, or null when it is forged, expired or not a challenge. */
  verify(challenge: string): Promise<string | null>;
}

export function createLoginChallenges(sessionSecret: string, ttlSeconds: number): LoginChallenges {
  const key = createHmac('sha256', sessionSecret).update('login-challenge').digest();
  return {
    issue(userId) {
      return new SignJWT({ purpose: PURPOSE })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(new Date(Date.now() + ttlSeconds * 1000))
        .sign(key);
    },
    async verify(challenge) {
      try {
        const { payload } = await jwtVerify(challenge, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        return payload['purpose'] === PURPOSE && typeof payload.sub === 'string' ? payload.sub : null;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
