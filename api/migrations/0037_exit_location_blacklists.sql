-- Where an exit really is and whether it is blacklisted, from the address the checker observed (exits.exit_ip):
-- the checker's lookups (lookups.ts) read a MaxMind-format database offline, the reverse DNS name and the
-- DNSBL answers through the configured resolver, and write both the exit and its listing in one statement.
ALTER TABLE exits
  -- The exit address the location was read for; a new exit_ip makes the exit due for a new lookup.
  ADD COLUMN geo_ip          text,
  ADD COLUMN geo_at          timestamptz,
  -- What the database said (null: it did not say, or no database is configured).
  ADD COLUMN geo_ct          text CHECK (geo_ct ~ '^[A-Z]{2}$'),
  ADD COLUMN geo_region      text,
  ADD COLUMN geo_city        text,
  ADD COLUMN geo_zip         text,
  ADD COLUMN geo_latitude    double precision CHECK (geo_latitude BETWEEN -90 AND 90),
  ADD COLUMN geo_longitude   double precision CHECK (geo_longitude BETWEEN -180 AND 180),
  ADD COLUMN geo_time_zone   text,
  ADD COLUMN geo_isp         text,
  ADD COLUMN geo_asn         bigint CHECK (geo_asn >= 0),
  -- The reverse DNS name of geo_ip ('' when it has none; null: not asked yet or the resolver failed).
  ADD COLUMN ptr_name        text,
  -- The DNSBL answers for dnsbl_ip: 1 listed, 0 not listed, null unknown (never asked, an error answer, a
  -- timeout). dnsbl_error says why the last lookup gave no answer.
  ADD COLUMN dnsbl_ip         text,
  ADD COLUMN dnsbl_checked_at timestamptz,
  ADD COLUMN dnsbl_expires_at timestamptz,
  ADD COLUMN dnsbl_sbl        smallint CHECK (dnsbl_sbl IN (0, 1)),
  ADD COLUMN dnsbl_xbl        smallint CHECK (dnsbl_xbl IN (0, 1)),
  ADD COLUMN dnsbl_css        smallint CHECK (dnsbl_css IN (0, 1)),
  ADD COLUMN dnsbl_pbl        smallint CHECK (dnsbl_pbl IN (0, 1)),
  ADD COLUMN dnsbl_error      text,
  -- Lookups are claimed like checks (FOR UPDATE SKIP LOCKED, a claim that lapses), so instances share them.
  ADD COLUMN lookup_claimed_until timestamptz;
CREATE INDEX exits_lookup_due_idx ON exits (dnsbl_expires_at NULLS FIRST) WHERE exit_ip IS NOT NULL AND state <> 'retired';

-- A move of an exit to another country or state/region, as geolocation found it. The customers of its running
-- leases are told once (customers_told_at, claimed by one API instance like the exit-down notices).
CREATE TABLE exit_location_changes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  exit_id     bigint NOT NULL REFERENCES exits (id) ON DELETE CASCADE,
  exit_ip     text NOT NULL,
  from_ct     text NOT NULL,
  from_region text,
  to_ct       text NOT NULL,
  to_region   text,
  changed_at  timestamptz NOT NULL DEFAULT now(),
  customers_told_at timestamptz
);
CREATE INDEX exit_location_changes_exit_id_idx ON exit_location_changes (exit_id, changed_at);
CREATE INDEX exit_location_changes_untold_idx ON exit_location_changes (id) WHERE customers_told_at IS NULL;

-- A listing's blacklist flags may be unknown (null): nobody asked yet, or the answer was an error. The flags
-- that exits of a file import or a provider got at insert were never asked: unknown, not clean.
ALTER TABLE proxy_listings
  ALTER COLUMN sbl_black DROP NOT NULL,
  ALTER COLUMN xbl_black DROP NOT NULL,
  ALTER COLUMN css_black DROP NOT NULL,
  ALTER COLUMN pbl_black DROP NOT NULL,
  -- Where the customer's view says the data comes from and how fresh it is.
  ADD COLUMN location_ip           text,
  ADD COLUMN location_at           timestamptz,
  ADD COLUMN blacklists_checked_at timestamptz;
UPDATE proxy_listings li SET sbl_black = NULL, xbl_black = NULL, css_black = NULL, pbl_black = NULL
  FROM exits ex WHERE ex.id = li.exit_id AND ex.kind = 'socks5';

-- History shows where the data comes from and how fresh it is: those columns move its version too.
DROP TRIGGER proxy_listings_history_changed ON proxy_listings;
CREATE CONSTRAINT TRIGGER proxy_listings_history_changed AFTER UPDATE ON proxy_listings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.real_ip, OLD.dns_ip, OLD.domain, OLD.ct, OLD.country, OLD.state, OLD.city, OLD.zip, OLD.time_zone,
         OLD.isp, OLD.user_type, OLD.speed, OLD.ping, OLD.sbl_black, OLD.xbl_black, OLD.css_black, OLD.pbl_black,
         OLD.online, OLD.location_ip, OLD.location_at, OLD.blacklists_checked_at)
    IS DISTINCT FROM
        (NEW.real_ip, NEW.dns_ip, NEW.domain, NEW.ct, NEW.country, NEW.state, NEW.city, NEW.zip, NEW.time_zone,
         NEW.isp, NEW.user_type, NEW.speed, NEW.ping, NEW.sbl_black, NEW.xbl_black, NEW.css_black, NEW.pbl_black,
         NEW.online, NEW.location_ip, NEW.location_at, NEW.blacklists_checked_at))
  EXECUTE FUNCTION proxy_listings_history_changed();
