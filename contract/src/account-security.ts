// /api/account (2-step verification, own proxy credentials, IP authorization, sign-in activity) and the
// code step of /api/auth/login on the wire. Fields are bounded here; the API states what is wrong in words.
import Type, { type Static } from 'typebox';
import { PASSWORD_MAX_LENGTH } from 'contract/limits';
import { UserInfo } from 'contract/accounts';

const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH });
/** A 6-digit authenticator code or a recovery code (xxxxx-xxxxx), with room for stray spaces. */
const SecondFactorCode = Type.String({ maxLength: 32 });

export const ProxyCredentials = Type.Object({ login: Type.String(), password: Type.String() });
export type ProxyCredentials = Static<typeof ProxyCredentials>;

/** Everything the account page shows about the account's protection. */
export const AccountSecurity = Type.Object({
  twoFactor: Type.Object({ enabled: Type.Boolean(), recoveryCodesLeft: Type.Integer() }),
  /** The customer's own login:pass for later purchases; null: each purchase gets generated ones. */
  proxyCredentials: Type.Union([ProxyCredentials, Type.Null()]),
  /** Addresses (1.2.3.4, 2001:db8::1) and networks (10.0.0.0/16) allowed without login:pass. */
  ipAllowlist: Type.Array(Type.String()),
});
export type AccountSecurity = Static<typeof AccountSecurity>;

export const PasswordConfirmation = Type.Object({ password: Password });
export type PasswordConfirmation = Static<typeof PasswordConfirmation>;

/** The new authenticator secret, answered once, when setting up: the QR code encodes `otpauthUrl`. */
export const TwoFactorSetup = Type.Object({
  secret: Type.String(),
  otpauthUrl: Type.String(),
  issuer: Type.String(),
  account: Type.String(),
  type: Type.Literal('Time based'),
  digits: Type.Integer(),
  period: Type.Integer(),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

export const EnableTwoFactorRequest = Type.Object({ code: SecondFactorCode });
export type EnableTwoFactorRequest = Static<typeof EnableTwoFactorRequest>;
/** The recovery codes are in this answer only; the server keeps their hashes. */
export const EnableTwoFactorResponse = Type.Object({ message: Type.String(), recoveryCodes: Type.Array(Type.String()) });
export type EnableTwoFactorResponse = Static<typeof EnableTwoFactorResponse>;

export const DisableTwoFactorRequest = Type.Object({ password: Password, code: SecondFactorCode });
export type DisableTwoFactorRequest = Static<typeof DisableTwoFactorRequest>;

/** Both empty: back to generated per-proxy credentials. */
export const ProxyCredentialsRequest = Type.Object({ login: Type.String({ maxLength: 64 }), password: Type.String({ maxLength: 64 }) });
export type ProxyCredentialsRequest = Static<typeof ProxyCredentialsRequest>;
export const ProxyCredentialsResponse = Type.Object({ message: Type.String(), proxyCredentials: Type.Union([ProxyCredentials, Type.Null()]) });
export type ProxyCredentialsResponse = Static<typeof ProxyCredentialsResponse>;

export const IpAllowlistRequest = Type.Object({ addresses: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }) });
export type IpAllowlistRequest = Static<typeof IpAllowlistRequest>;
export const IpAllowlistResponse = Type.Object({ message: Type.String(), ipAllowlist: Type.Array(Type.String()) });
export type IpAllowlistResponse = Static<typeof IpAllowlistResponse>;

export const SignIn = Type.Object({
  at: Type.String({ format: 'date-time' }),
  ip: Type.String(),
  /** "Chrome 131 on Windows", read from the user-agent. */
  browser: Type.String(),
  /** The sign-in of the session asking. */
  current: Type.Boolean(),
});
export type SignIn = Static<typeof SignIn>;
export const SignInsResponse = Type.Object({ signIns: Type.Array(SignIn) });
export type SignInsResponse = Static<typeof SignInsResponse>;

/** The login answer of an account with 2-step verification: no session yet, a challenge for the code step. */
export const SecondFactorRequired = Type.Object({ secondFactorRequired: Type.Literal(true), challenge: Type.String() });
export type SecondFactorRequired = Static<typeof SecondFactorRequired>;

export const SecondFactorLoginRequest = Type.Object({ challenge: Type.String({ maxLength: 1024 }), code: SecondFactorCode });
export type SecondFactorLoginRequest = Static<typeof SecondFactorLoginRequest>;
export const SecondFactorLoginResponse = Type.Object({ token: Type.String(), userInfo: UserInfo });
export type SecondFactorLoginResponse = Static<typeof SecondFactorLoginResponse>;
