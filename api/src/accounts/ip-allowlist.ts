// IP authorization: the addresses and networks from which a customer's proxies accept connections without
// login:pass. Each entry is normalised by the rule the gateway applies too (contract/ip-allowlist.ts: IPv4
// written as IPv6 is IPv4, and is as wide as it really is), checked, and stored as PostgreSQL cidr; the
// SOCKS5 gateway reads them from each lease's allow_cidrs (see account-settings.ts).
import { IP_ALLOWLIST_MAX } from 'contract/account-rules';
import { ALLOWLIST_WIDEST_PREFIX, normaliseAllowlistEntry } from 'contract/ip-allowlist';

/** The entry normalised (`::ffff:10.1.0.0/112` is `10.1.0.0/16`), or what is wrong with it. */
export function allowlistEntry(entry: string): { ok: true; cidr: string } | { ok: false; message: string } {
  const normalised = normaliseAllowlistEntry(entry);
  if (normalised.ok) return { ok: true, cidr: normalised.cidr };
  if (normalised.problem === 'invalid') return { ok: false, message: `"${entry}" is not an IPv4 or IPv6 address or CIDR range` };
  if (normalised.problem === 'translated') {
    return { ok: false, message: `"${entry}" is IPv4 translated into IPv6 (NAT64 or SIIT), which no client connects from: enter the IPv4 address or range itself` };
  }
  return {
    ok: false,
    message: `"${entry}" covers too many addresses: use /${ALLOWLIST_WIDEST_PREFIX[4]} or narrower for IPv4 and /${ALLOWLIST_WIDEST_PREFIX[6]} or narrower for IPv6`,
  };
}

/** The entries trimmed and normalised, blanks and repeats dropped, or the first problem. */
export function parseAllowlist(input: readonly string[]): { ok: true; entries: string[] } | { ok: false; message: string } {
  const typed = [...new Set(input.map((entry) => entry.trim()).filter((entry) => entry !== ''))];
  if (typed.length > IP_ALLOWLIST_MAX) return { ok: false, message: `At most ${IP_ALLOWLIST_MAX} addresses or ranges` };
  const entries: string[] = [];
  for (const entry of typed) {
    const checked = allowlistEntry(entry);
    if (!checked.ok) return { ok: false, message: checked.message };
    entries.push(checked.cidr);
  }
  return { ok: true, entries: [...new Set(entries)] };
}
