// A lease's IP allow-list as the gateway applies it: every entry normalised by the rule the API saves it by
// (contract/ip-allowlist.ts), so an IPv4 range written in IPv6 (::ffff:10.1.0.0/112) is the IPv4 range it
// is, and an entry the API would refuse (too wide, or containing all of IPv4 in an IPv6 spelling) opens
// nothing even if the database holds one. An IPv4 client is matched against IPv4 entries only and an IPv6
// client against IPv6 entries only: node's BlockList would otherwise match an IPv4 address against IPv6
// rules through its mapped form, which is how `::ffff:0:0/96` once opened a proxy to every IPv4 address.
import { BlockList } from 'node:net';
import { normaliseAllowlistEntry } from 'contract/ip-allowlist';

export class AllowList {
  /** The entries applied, in canonical form: two lists with the same key allow the same clients. */
  readonly key: string;
  readonly #ipv4: BlockList | null;
  readonly #ipv6: BlockList | null;

  private constructor(key: string, ipv4: BlockList | null, ipv6: BlockList | null) {
    this.key = key;
    this.#ipv4 = ipv4;
    this.#ipv6 = ipv6;
  }

  /** The list of these database entries; null when none is usable. `onRefused` hears of each one dropped. */
  static from(entries: readonly string[], onRefused: (entry: string) => void = () => {}): AllowList | null {
    let ipv4: BlockList | null = null;
    let ipv6: BlockList | null = null;
    const applied: string[] = [];
    for (const entry of entries) {
      const normalised = normaliseAllowlistEntry(entry);
      if (!normalised.ok) {
        onRefused(entry);
        continue;
      }
      if (normalised.family === 4) (ipv4 ??= new BlockList()).addSubnet(normalised.network, normalised.prefix, 'ipv4');
      else (ipv6 ??= new BlockList()).addSubnet(normalised.network, normalised.prefix, 'ipv6');
      applied.push(normalised.cidr);
    }
    return applied.length === 0 ? null : new AllowList(applied.join(','), ipv4, ipv6);
  }

  /** Whether a client may connect without login:pass; `address` as the session sees it (IPv4 unmapped). */
  allows(address: string): boolean {
    if (address.includes(':')) return this.#ipv6?.check(address, 'ipv6') ?? false;
    return this.#ipv4?.check(address, 'ipv4') ?? false;
  }
}
