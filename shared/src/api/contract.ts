// Wire contract between the portal and the API (SPEC §3, §7). Money on the wire is dollars as numbers;
// the API keeps integer cents inside. Both sides import these types, so a change here breaks the build
// of whichever side falls behind.

export interface ErrorBody {
  message: string;
}

export interface UserInfo {
  _id: string;
  username: string;
  email: string;
}

export interface UserDetails extends UserInfo {
  balance: number;
}

export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
}
export interface RegisterResponse {
  userInfo: UserInfo;
  message: string;
}

/** An ALTCHA payload (base64 JSON of the solved challenge) as produced by the widget. */
export type CaptchaSolution = string;

export interface VerifyCaptchaRequest {
  token: CaptchaSolution;
}
export interface VerifyCaptchaResponse {
  success: boolean;
}

export interface LoginRequest {
  username: string;
  password: string;
  captcha: CaptchaSolution;
}
export interface LoginResponse {
  token: string;
  userInfo: UserInfo;
}

export interface ForgotPasswordRequest {
  email: string;
}
export interface ResetPasswordRequest {
  password: string;
}
export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
}
export interface MessageResponse {
  message: string;
}

export interface HealthResponse {
  status: 'ok';
}

/** GET /remotes.json: federation name -> manifest URL. */
export type RemoteMap = Record<string, string>;

/** Socket.io event the server emits to a user's room when their balance changed. */
export interface BalanceEvent {
  _id: string;
}
export const BALANCE_EVENT = 'balance';

/** 1 means the address is on that Spamhaus list. */
export type BlacklistFlag = 0 | 1;

/** SPEC §3 proxy listing (marketplace). After purchase it gains port, socks_auth and sold. */
export interface ProxyListing {
  id: string;
  sock_real_ip: string;
  domain: string;
  dns_ip: string;
  region: string;
  city: string;
  isp: string;
  zip: string;
  speed: number;
  ping: number;
  user_type: string;
  added_days_ago: number;
  price: number;
  latitude: number;
  img: string;
  country: string;
  ct: string;
  time_zone: string;
  sbl_black: BlacklistFlag;
  xbl_black: BlacklistFlag;
  css_black: BlacklistFlag;
  pbl_black: BlacklistFlag;
  port?: number;
  socks_auth?: string;
  sold?: boolean;
}
