-- IP allow-list entries are judged as the networks they really are. An IPv4 range written as IPv6, mapped
-- (::ffff:a.b.c.d) or compatible (::a.b.c.d), is that IPv4 range: `::ffff:0:0/96` is all of IPv4, which the
-- gateway matched every IPv4 client against, so the width rule (IPv4 /16, IPv6 /32 at the widest) was
-- bypassed. The application normalises entries before checking them (contract/src/ip-allowlist.ts); this
-- migration repairs what was saved before, and makes the database refuse such entries from now on.

-- An entry in the form the application saves, or NULL when it must not be allowed at all: IPv4 of /16 or
-- narrower; IPv4-in-IPv6 as the IPv4 range it embeds (then judged as IPv4); other IPv6 of /32 or narrower
-- that does not contain either IPv4 block.
CREATE FUNCTION ip_allowlist_entry(entry cidr) RETURNS cidr
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN family(entry) = 4 THEN CASE WHEN masklen(entry) >= 16 THEN entry END
    WHEN entry <<= '::ffff:0:0/96'::cidr THEN CASE WHEN masklen(entry) >= 112 THEN
      set_masklen('0.0.0.0'::inet + (host(entry)::inet - '::ffff:0:0'::inet), masklen(entry) - 96)::cidr END
    WHEN entry <<= '::/96'::cidr THEN CASE WHEN masklen(entry) >= 112 THEN
      set_masklen('0.0.0.0'::inet + (host(entry)::inet - '::'::inet), masklen(entry) - 96)::cidr END
    WHEN '::ffff:0:0/96'::cidr <<= entry OR '::/96'::cidr <<= entry THEN NULL
    WHEN masklen(entry) >= 32 THEN entry
  END
$$;

-- Whether every entry of a lease's list is in saved form and allowed.
CREATE FUNCTION ip_allowlist_valid(entries cidr[]) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(bool_and(coalesce(ip_allowlist_entry(entry) = entry, false)), true) FROM unnest(entries) AS entry
$$;

-- Customers' lists: each such entry becomes its IPv4 form in the same place (dropped when that form is
-- already listed) or, when too wide, is removed.
CREATE TEMPORARY TABLE allowlist_repairs ON COMMIT DROP AS
  SELECT user_id, cidr, position, ip_allowlist_entry(cidr) AS repaired
  FROM user_ip_allowlist
  WHERE NOT coalesce(ip_allowlist_entry(cidr) = cidr, false);
DELETE FROM user_ip_allowlist AS saved USING allowlist_repairs AS fix
  WHERE saved.user_id = fix.user_id AND saved.cidr = fix.cidr;
INSERT INTO user_ip_allowlist (user_id, cidr, position)
  SELECT user_id, repaired, position FROM allowlist_repairs WHERE repaired IS NOT NULL
  ON CONFLICT (user_id, cidr) DO NOTHING;

-- Leases carry their own copy (the gateway reads it), also leases that ended but may still be renewed: each
-- is repaired entry by entry, keeping the order. The change notifies every gateway like any lease update.
UPDATE proxy_leases SET allow_cidrs = coalesce((
    SELECT array_agg(repaired ORDER BY first_at)
    FROM (
      SELECT ip_allowlist_entry(entry) AS repaired, min(at) AS first_at
      FROM unnest(allow_cidrs) WITH ORDINALITY AS listed (entry, at)
      WHERE ip_allowlist_entry(entry) IS NOT NULL
      GROUP BY 1
    ) AS kept
  ), '{}')
  WHERE NOT ip_allowlist_valid(allow_cidrs);

-- The lease update above queued the history counters' deferred triggers; they run now, since a table with
-- pending trigger events cannot be altered.
SET CONSTRAINTS ALL IMMEDIATE;
ALTER TABLE user_ip_allowlist ADD CONSTRAINT user_ip_allowlist_entry_allowed
  CHECK (coalesce(ip_allowlist_entry(cidr) = cidr, false));
ALTER TABLE proxy_leases ADD CONSTRAINT proxy_leases_allow_cidrs_allowed
  CHECK (ip_allowlist_valid(allow_cidrs));
