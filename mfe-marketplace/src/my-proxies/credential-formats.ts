import { atomWithStorage } from 'jotai/utils';

/** A bought proxy: `proxy` is the host:port the API gave (never rebuilt here), `socks_auth` is login:pass. */
export interface Credentials {
  proxy: string;
  socks_auth: string;
}

/** The shapes customers paste into their clients. */
export const CREDENTIAL_FORMATS = [
  { id: 'auth-at-host', label: 'login:pass@host:port', format: (c: Credentials) => `${c.socks_auth}@${c.proxy}` },
  { id: 'host-then-auth', label: 'host:port:login:pass', format: (c: Credentials) => `${c.proxy}:${c.socks_auth}` },
  { id: 'socks5-url', label: 'socks5://login:pass@host:port', format: (c: Credentials) => `socks5://${c.socks_auth}@${c.proxy}` },
] as const;

export type CredentialFormatId = (typeof CREDENTIAL_FORMATS)[number]['id'];

export function formatCredentials(credentials: Credentials, id: CredentialFormatId): string {
  const format = CREDENTIAL_FORMATS.find((candidate) => candidate.id === id) ?? CREDENTIAL_FORMATS[0];
  return format.format(credentials);
}

/** The customer's chosen format, remembered on this device. */
export const credentialFormatAtom = atomWithStorage<CredentialFormatId>('proxy-credential-format', 'auth-at-host');
