-- A counter per customer that moves whenever something their purchase history shows changes: one of their
-- leases (bought, renewed, switched, ended, re-credentialled) or a shown field of a listing they lease or
-- leased (online, blacklists, location, ISP, speed...). An API instance keeps each customer's history as
-- ready JSON together with this number and serves it again while the number is unchanged, so a customer
-- with a thousand leases does not cost a thousand-row JSON build per page load; the number lives in the
-- database, so every instance sees every change, whichever instance or tool made it.
--
-- The counters move at commit (deferred constraint triggers): a transaction takes a counter's row lock as the
-- last thing it does, after every lock its own work needed, so a purchase (buyer, listings, leases), the
-- renewal sweep (lease, buyer, listing) and an allow-list change (the customer's leases) cannot end up
-- waiting on each other through it.
CREATE TABLE history_versions (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  version bigint NOT NULL
);

CREATE FUNCTION bump_history_version(customer uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO history_versions (user_id, version) VALUES (customer, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = history_versions.version + 1;
$$;

CREATE FUNCTION proxy_leases_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_history_version(OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id <> OLD.user_id) THEN
    PERFORM bump_history_version(NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER proxy_leases_history_changed AFTER INSERT OR UPDATE OR DELETE ON proxy_leases
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION proxy_leases_history_changed();

CREATE FUNCTION lease_renewals_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_history_version(le.user_id) FROM proxy_leases le WHERE le.id = NEW.lease_id;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER lease_renewals_history_changed AFTER INSERT ON lease_renewals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION lease_renewals_history_changed();

-- Only the columns a history item shows: leased_until moves on every purchase and renewal and is not shown,
-- and bumping other customers' counters from inside a purchase would take their rows' locks in an order
-- two purchases could reverse. Several customers' counters move in the order of their ids.
CREATE FUNCTION proxy_listings_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_history_version(customer)
  FROM (SELECT DISTINCT le.user_id AS customer FROM proxy_leases le WHERE le.listing_id = NEW.id ORDER BY 1) lessees;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER proxy_listings_history_changed AFTER UPDATE ON proxy_listings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.real_ip, OLD.dns_ip, OLD.domain, OLD.ct, OLD.country, OLD.state, OLD.city, OLD.zip, OLD.time_zone,
         OLD.isp, OLD.user_type, OLD.speed, OLD.ping, OLD.sbl_black, OLD.xbl_black, OLD.css_black, OLD.pbl_black,
         OLD.online)
    IS DISTINCT FROM
        (NEW.real_ip, NEW.dns_ip, NEW.domain, NEW.ct, NEW.country, NEW.state, NEW.city, NEW.zip, NEW.time_zone,
         NEW.isp, NEW.user_type, NEW.speed, NEW.ping, NEW.sbl_black, NEW.xbl_black, NEW.css_black, NEW.pbl_black,
         NEW.online))
  EXECUTE FUNCTION proxy_listings_history_changed();
