-- IP allow-list entries, second pass (the first is 0011). `::1` and `::` are IPv6's own loopback and unspecified
-- addresses, yet were read as IPv4-compatible 0.0.0.1 and 0.0.0.0, so saving `::1` stored `0.0.0.1`. And the
-- translators' prefixes (NAT64's 64:ff9b::/96 and local-use 64:ff9b:1::/48, SIIT's ::ffff:0:0:0/96), which
-- write every IPv4 address for IPv6-only hosts and are never a client's own address, were accepted. The
-- application's rule (contract/src/ip-allowlist.ts) now keeps the first two as written and refuses the
-- prefixes; the database follows it, and what was saved before is repaired.

-- An entry in the form the application saves, or NULL when it must not be allowed at all: IPv4 of /16 or
-- narrower; ::1 and :: as they are; IPv4-in-IPv6 (mapped, compatible) as the IPv4 range it embeds, then judged
-- as IPv4; nothing in or around a translator's prefix; other IPv6 of /32 or narrower that does not contain
-- either IPv4 block.
CREATE OR REPLACE FUNCTION ip_allowlist_entry(entry cidr) RETURNS cidr
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN family(entry) = 4 THEN CASE WHEN masklen(entry) >= 16 THEN entry END
    WHEN entry = '::1/128'::cidr OR entry = '::/128'::cidr THEN entry
    WHEN entry <<= '::ffff:0:0/96'::cidr THEN CASE WHEN masklen(entry) >= 112 THEN
      set_masklen('0.0.0.0'::inet + (host(entry)::inet - '::ffff:0:0'::inet), masklen(entry) - 96)::cidr END
    WHEN entry <<= '::/96'::cidr THEN CASE WHEN masklen(entry) >= 112 THEN
      set_masklen('0.0.0.0'::inet + (host(entry)::inet - '::'::inet), masklen(entry) - 96)::cidr END
    WHEN '::ffff:0:0/96'::cidr <<= entry OR '::/96'::cidr <<= entry THEN NULL
    WHEN entry && '64:ff9b::/96'::cidr OR entry && '64:ff9b:1::/48'::cidr OR entry && '::ffff:0:0:0/96'::cidr THEN NULL
    WHEN masklen(entry) >= 32 THEN entry
  END
$$;

-- `0.0.0.1` can only have come from `::1` (no client has the address 0.0.0.1): it becomes `::1` again.
-- Entries in or around a translator's prefix are removed. Customers' lists first, then the copies on leases
-- (also leases that ended but may still be renewed), keeping the order; the lease update notifies every
-- gateway like any other.
UPDATE user_ip_allowlist SET cidr = '::1/128' WHERE cidr = '0.0.0.1/32';
DELETE FROM user_ip_allowlist WHERE ip_allowlist_entry(cidr) IS NULL;
UPDATE proxy_leases SET allow_cidrs = coalesce((
    SELECT array_agg(CASE WHEN entry = '0.0.0.1/32'::cidr THEN '::1/128'::cidr ELSE entry END ORDER BY at)
    FROM unnest(allow_cidrs) WITH ORDINALITY AS listed (entry, at)
    WHERE ip_allowlist_entry(entry) IS NOT NULL
  ), '{}')
  WHERE NOT ip_allowlist_valid(allow_cidrs) OR '0.0.0.1/32'::cidr = ANY (allow_cidrs);
