// IP allow-list entries read as the networks they really are, for the API (what a customer may save) and the
// SOCKS5 gateway (what it applies), so the two can never disagree. IPv6 has two spellings of IPv4 addresses:
// IPv4-mapped (::ffff:a.b.c.d, how a dual-stack socket shows an IPv4 client) and IPv4-compatible
// (::a.b.c.d, deprecated). A range in either is the IPv4 range it embeds, and its width is judged as IPv4:
// `::ffff:0:0/96` is 0.0.0.0/0, the whole IPv4 internet, and is refused like 0.0.0.0/0. An IPv6 range wide
// enough to contain either block (`::/80`) holds every IPv4 address too and is refused outright. `::1` and
// `::` are IPv6's own loopback and unspecified addresses, not IPv4-compatible 0.0.0.1 and 0.0.0.0: they stay
// as written. Translators' prefixes (NAT64's 64:ff9b::/96 and local-use 64:ff9b:1::/48, SIIT's
// ::ffff:0:0:0/96) write every IPv4 address for IPv6-only hosts; a client behind a translator reaches the
// gateway from the translator's IPv4 address, never from one of these, so an entry in or around them is a
// mistake or a way round the width rule, and is refused.
// Only the API and the gateway import this module (it needs ipaddr.js, which the browser never loads).
import ipaddr from 'ipaddr.js';

/**
 * The widest network one entry may open: a /16 of IPv4 (65,536 addresses, a large carrier pool) or a /32
 * of IPv6 (an ISP's allocation). Anything wider would leave the proxies open to strangers.
 */
export const ALLOWLIST_WIDEST_PREFIX = { 4: 16, 6: 32 } as const;

const FULL_PREFIX = { 4: 32, 6: 128 } as const;

/** The two IPv6 blocks that spell IPv4 in their last 32 bits: mapped, then compatible. */
const IPV4_IN_IPV6 = [ipaddr.IPv6.parse('::ffff:0:0'), ipaddr.IPv6.parse('::')];
const IPV4_IN_IPV6_PREFIX = 96;

/** The translators' prefixes: NAT64 well-known and local-use (RFC 6052, RFC 8215), SIIT's IPv4-translated (RFC 2765). */
const TRANSLATION_PREFIXES = [
  [ipaddr.IPv6.parse('64:ff9b::'), 96],
  [ipaddr.IPv6.parse('64:ff9b:1::'), 48],
  [ipaddr.IPv6.parse('::ffff:0:0:0'), 96],
] as const;

export type AllowlistEntry =
  /** `cidr` is the network in canonical form (host bits zeroed, IPv4 spellings as IPv4), e.g. `10.1.0.0/16`. */
  | { ok: true; family: 4 | 6; network: string; prefix: number; cidr: string }
  | { ok: false; problem: 'invalid' | 'too-wide' | 'translated' };

function entryOf(family: 4 | 6, network: string, prefix: number): AllowlistEntry {
  if (prefix < ALLOWLIST_WIDEST_PREFIX[family]) return { ok: false, problem: 'too-wide' };
  return { ok: true, family, network, prefix, cidr: `${network}/${prefix}` };
}

/**
 * An address or CIDR range as typed (`203.0.113.7`, `198.51.100.0/24`, `2001:db8::/48`), normalised, or why
 * it cannot be allowed. A single address is a full-length prefix. Zone ids (fe80::1%eth0) name an interface
 * of one machine and are meaningless to the gateway: invalid.
 */
export function normaliseAllowlistEntry(entry: string): AllowlistEntry {
  const invalid: AllowlistEntry = { ok: false, problem: 'invalid' };
  const parts = entry.split('/');
  if (parts.length > 2) return invalid;
  const [address = '', prefixText] = parts;
  const family = ipaddr.IPv4.isValidFourPartDecimal(address) ? 4 : validIPv6(address) ? 6 : 0;
  if (family === 0) return invalid;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return invalid;
  const prefix = prefixText === undefined ? FULL_PREFIX[family] : Number(prefixText);
  if (prefix > FULL_PREFIX[family]) return invalid;
  if (family === 4) return entryOf(4, ipaddr.IPv4.networkAddressFromCIDR(`${address}/${prefix}`).toString(), prefix);

  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address}/${prefix}`);
  if (prefix >= IPV4_IN_IPV6_PREFIX) {
    const embedding = IPV4_IN_IPV6.find((block) => network.match(block, IPV4_IN_IPV6_PREFIX));
    const octets = network.toByteArray().slice(12);
    const ipv6Own = embedding === IPV4_IN_IPV6[1] && prefix === 128 && octets.slice(0, 3).every((octet) => octet === 0) && octets[3]! <= 1;
    if (embedding && !ipv6Own) return entryOf(4, octets.join('.'), prefix - IPV4_IN_IPV6_PREFIX);
  } else if (IPV4_IN_IPV6.some((block) => block.match(network, prefix))) {
    return { ok: false, problem: 'too-wide' };
  }
  // In a translator's prefix, or around one: whichever of the two is the wider decides.
  if (TRANSLATION_PREFIXES.some(([block, length]) => network.match(block, Math.min(prefix, length)))) return { ok: false, problem: 'translated' };
  return entryOf(6, network.toRFC5952String(), prefix);
}

/** IPv6 text as Node's isIP reads it: no zone id, and an embedded IPv4 tail in plain four-part decimal. */
function validIPv6(address: string): boolean {
  if (address.includes('%') || !ipaddr.IPv6.isValid(address)) return false;
  if (!address.includes('.')) return true;
  return ipaddr.IPv4.isValidFourPartDecimal(address.slice(address.lastIndexOf(':') + 1));
}
