// /api/auth and /api/users on the wire. The request schemas bound every field so that nothing unbounded
// is parsed or hashed; the API then checks the account rules and answers with their own wording.
import Type, { type Static } from 'typebox';
import { CAPTCHA_PAYLOAD_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from 'contract/limits';

/** Bound of what is parsed at all; the account rules then say what is wrong with a shorter name. */
const USERNAME_INPUT_MAX_LENGTH = USERNAME_MAX_LENGTH * 8;

const Username = Type.String({ maxLength: USERNAME_INPUT_MAX_LENGTH });
const Email = Type.String({ maxLength: EMAIL_MAX_LENGTH });
const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH });
/** An ALTCHA payload (base64 JSON of the solved challenge) as produced by the widget. */
const CaptchaSolution = Type.String({ maxLength: CAPTCHA_PAYLOAD_MAX_LENGTH });

export const UserInfo = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  email: Type.String(),
});
export type UserInfo = Static<typeof UserInfo>;

/**
 * The account with its balance in dollars and its staff roles (`support`: may work the support desk;
 * `operator`: may use the operator console at /operator).
 */
export const UserDetails = Type.Object({
  ...UserInfo.properties,
  balance: Type.Number(),
  roles: Type.Array(Type.Union([Type.Literal('support'), Type.Literal('operator')])),
});
export type UserDetails = Static<typeof UserDetails>;

/** The `:userId` of /api/users/{userId} and friends: always the signed-in user's own id. */
export const UserIdParams = Type.Object({ userId: Type.String({ maxLength: 64 }) });

export const RegisterRequest = Type.Object({ username: Username, email: Email, password: Password });
export type RegisterRequest = Static<typeof RegisterRequest>;
export const RegisterResponse = Type.Object({ userInfo: UserInfo, message: Type.String() });
export type RegisterResponse = Static<typeof RegisterResponse>;

/** GET /api/auth/challenge: a signed ALTCHA proof-of-work challenge (v2 format), fetched by the widget. */
export const CaptchaChallenge = Type.Object({ parameters: Type.Unknown(), signature: Type.String() });
export type CaptchaChallenge = Static<typeof CaptchaChallenge>;

export const VerifyCaptchaRequest = Type.Object({ token: CaptchaSolution });
export const VerifyCaptchaResponse = Type.Object({ success: Type.Boolean() });
export type VerifyCaptchaResponse = Static<typeof VerifyCaptchaResponse>;

export const LoginRequest = Type.Object({ username: Username, password: Password, captcha: CaptchaSolution });
export type LoginRequest = Static<typeof LoginRequest>;
export const LoginResponse = Type.Object({ token: Type.String(), userInfo: UserInfo });
export type LoginResponse = Static<typeof LoginResponse>;

export const ForgotPasswordRequest = Type.Object({ email: Email });
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequest>;

/** POST /api/users/reset/{token}: the mailed token is in the path. */
export const ResetPasswordParams = Type.Object({ token: Type.String({ maxLength: 128 }) });
export const ResetPasswordRequest = Type.Object({ password: Password });
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>;

export const ChangePasswordRequest = Type.Object({ oldPassword: Password, newPassword: Password });
