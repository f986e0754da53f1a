// Where customer traffic may go. A proxy that reaches the gateway host's own network, its cloud metadata
// service or other customers' private ranges would hand the operator's network to anyone who buys a lease,
// so every address is checked after DNS resolution (a public name that resolves to 10.0.0.1 is refused too)
// against the ranges that are not the public internet. Mail submission ports stay closed: the shop's terms
// forbid sending mail through its proxies.
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';
import { ipv4Number, parseIPv6 } from './socks5-protocol.ts';

/** Outgoing mail: SMTP relay, submission over TLS, submission. */
export const MAIL_PORTS: readonly number[] = [25, 465, 587];

const BLOCKED_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata at 169.254.169.254
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const BLOCKED_IPV6: ReadonlyArray<readonly [string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: tunnels to arbitrary IPv4
  ['2001:2::', 48], // benchmarking
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: tunnels to arbitrary IPv4
  ['3fff::', 20], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

export interface DestinationPolicyOptions {
  /** Let loopback addresses through (tests that run their target on 127.0.0.1). */
  allowLoopback: boolean;
  /** Addresses of the gateway itself, refused like private ones. Default: every local interface address. */
  ownAddresses?: readonly string[];
}

export interface DestinationPolicy {
  /** True when traffic may go to this address (a literal IPv4 or IPv6 address). */
  allowsAddress(address: string): boolean;
  allowsPort(port: number): boolean;
}

export function localInterfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .map((entry) => entry.address);
}

export function createDestinationPolicy(options: DestinationPolicyOptions): DestinationPolicy {
  // IPv4, the common case, is checked with plain numbers: a BlockList check builds a native SocketAddress
  // per call, which costs a noticeable share of a whole connection at thousands of connections per second.
  const blockedIPv4: Array<{ network: number; mask: number }> = [];
  for (const [network, prefix] of BLOCKED_IPV4) {
    if (options.allowLoopback && network === '127.0.0.0') continue;
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    blockedIPv4.push({ network: (ipv4Number(network) & mask) >>> 0, mask });
  }
  const blocked = new BlockList();
  for (const [network, prefix] of BLOCKED_IPV6) {
    if (options.allowLoopback && network === '::1') continue;
    blocked.addSubnet(network, prefix, 'ipv6');
  }
  const ownIPv4 = new Set<number>();
  const own = new BlockList();
  for (const address of options.ownAddresses ?? localInterfaceAddresses()) {
    const plain = address.split('%')[0]!;
    if (options.allowLoopback && isLoopback(plain)) continue;
    if (isIPv4(plain)) ownIPv4.add(ipv4Number(plain));
    else if (isIPv6(plain)) own.addAddress(plain, 'ipv6');
  }

  const allowsIPv4 = (value: number): boolean => {
    for (const range of blockedIPv4) if (((value & range.mask) >>> 0) === range.network) return false;
    return !ownIPv4.has(value);
  };

  return {
    allowsAddress(address) {
      const value = ipv4Number(address);
      if (value >= 0) return allowsIPv4(value);
      if (!isIPv6(address)) return false;
      const embedded = embeddedIPv4(address);
      // An IPv4 address written as IPv6 (mapped, compatible, NAT64) goes where its IPv4 part says.
      if (embedded !== null) return allowsIPv4(ipv4Number(embedded));
      return !blocked.check(address, 'ipv6') && !own.check(address, 'ipv6');
    },
    allowsPort(port) {
      return port !== 0 && !MAIL_PORTS.includes(port);
    },
  };
}

const publicOnly = createDestinationPolicy({ allowLoopback: false, ownAddresses: [] });

/**
 * Whether an address (IPv4 or IPv6 text, any spelling of IPv4 in IPv6 included) is on the public internet:
 * not private, loopback, link-local, CGNAT, multicast, reserved, nor a tunnel or translation of such an
 * address. The machine's own addresses are not considered: a policy from createDestinationPolicy adds them.
 */
export function isPublicAddress(address: string): boolean {
  return publicOnly.allowsAddress(address);
}

function isLoopback(address: string): boolean {
  return address === '::1' || (isIPv4(address) && address.startsWith('127.'));
}

/**
 * The IPv4 address inside an IPv6 address that stands for it: ::ffff:a.b.c.d (mapped), ::a.b.c.d
 * (compatible; not :: and ::1, IPv6's own), ::ffff:0:a.b.c.d (IPv4-translated, RFC 2765) or
 * 64:ff9b::a.b.c.d (NAT64's well-known prefix, RFC 6052). The other blocks that carry IPv4 (6to4, Teredo,
 * local-use NAT64) are refused whole in BLOCKED_IPV6.
 */
function embeddedIPv4(address: string): string | null {
  const bytes = parseIPv6(address);
  if (!bytes) return null;
  const prefixIsZero = (length: number) => bytes.subarray(0, length).every((byte) => byte === 0);
  const mapped = prefixIsZero(10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const compatible = prefixIsZero(12) && !(bytes[12] === 0 && bytes[13] === 0 && bytes[14] === 0 && bytes[15]! <= 1);
  const translated = prefixIsZero(8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0;
  const nat64 =
    bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && bytes.subarray(4, 12).every((b) => b === 0);
  if (!mapped && !compatible && !translated && !nat64) return null;
  return `${bytes[12]}.${bytes[13]}.${bytes[14]}.${bytes[15]}`;
}
