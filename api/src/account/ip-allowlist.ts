// IP authorization: the addresses and networks from which a customer's proxies accept connections without
// login:pass. Entries are checked here (what a customer may authorize) and stored as PostgreSQL cidr; the
// SOCKS5 gateway reads them from each lease's allow_cidrs (see account-settings.ts).
import { isIP } from 'node:net';
import { IP_ALLOWLIST_MAX } from 'contract/account-rules';

/**
 * The widest network one entry may open: a /16 of IPv4 (65,536 addresses, a large carrier pool) or a /32
 * of IPv6 (an ISP's allocation). Anything wider would leave the proxies open to strangers.
 */
export const NARROWEST_PREFIX = { 4: 16, 6: 32 } as const;
const FULL_PREFIX = { 4: 32, 6: 128 } as const;

export type AllowlistProblem = { entry: string; message: string };

export function allowlistEntryProblem(entry: string): string | null {
  const invalid = `"${entry}" is not an IPv4 or IPv6 address or CIDR range`;
  const parts = entry.split('/');
  if (parts.length > 2) return invalid;
  const [address = '', prefixText] = parts;
  // Zone ids (fe80::1%eth0) name an interface of one machine, meaningless to the gateway.
  const family = address.includes('%') ? 0 : isIP(address);
  if (family !== 4 && family !== 6) return invalid;
  if (prefixText === undefined) return null;
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > FULL_PREFIX[family]) return invalid;
  if (Number(prefixText) < NARROWEST_PREFIX[family]) {
    return `"${entry}" covers too many addresses: use /${NARROWEST_PREFIX[4]} or narrower for IPv4 and /${NARROWEST_PREFIX[6]} or narrower for IPv6`;
  }
  return null;
}

/** The entries trimmed, blanks and repeats dropped, or the first problem. */
export function parseAllowlist(input: readonly string[]): { ok: true; entries: string[] } | { ok: false; message: string } {
  const entries = [...new Set(input.map((entry) => entry.trim()).filter((entry) => entry !== ''))];
  if (entries.length > IP_ALLOWLIST_MAX) return { ok: false, message: `At most ${IP_ALLOWLIST_MAX} addresses or ranges` };
  for (const entry of entries) {
    const problem = allowlistEntryProblem(entry);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, entries };
}
