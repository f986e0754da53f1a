-- The SOCKS5 gateway (gateway/): how each listing's traffic leaves, which client addresses may use a lease
-- without a password, change notifications that keep every gateway's view of the leases current, and the
-- traffic each lease carried.

-- 'direct': the gateway connects to the destination itself (the demo catalogue). 'socks5': the gateway
-- chains to the provider's SOCKS5 endpoint for this exit, with the provider's credentials.
ALTER TABLE proxy_listings
  ADD COLUMN exit_kind  text NOT NULL DEFAULT 'direct' CHECK (exit_kind IN ('direct', 'socks5')),
  ADD COLUMN exit_host  text,
  ADD COLUMN exit_port  integer CHECK (exit_port BETWEEN 1 AND 65535),
  ADD COLUMN exit_login text CHECK (length(exit_login) BETWEEN 1 AND 255),
  ADD COLUMN exit_pass  text CHECK (length(exit_pass) BETWEEN 1 AND 255),
  ADD CONSTRAINT proxy_listings_exit_check CHECK (
    exit_kind = 'direct' OR (exit_host IS NOT NULL AND exit_port IS NOT NULL)
  ),
  ADD CONSTRAINT proxy_listings_exit_credentials_check CHECK ((exit_login IS NULL) = (exit_pass IS NULL));

-- The owner's IP allow-list copied onto the lease: a client from one of these networks may connect without
-- the login:pass. Empty: the login:pass only.
ALTER TABLE proxy_leases ADD COLUMN allow_cidrs cidr[] NOT NULL DEFAULT '{}';

-- A lease's port is unique among active leases; the purchase picks a free one under an advisory lock
-- (uniqueness depends on now(), which no index predicate may use). This index serves that look-up.
CREATE INDEX proxy_leases_port_expires_at_idx ON proxy_leases (port, expires_at);

-- Every gateway LISTENs on lease_changed and re-reads the lease named by the payload: a purchase, renewal,
-- credential change or deletion reaches all of them within moments.
CREATE FUNCTION proxy_leases_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lease_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER proxy_leases_notify AFTER INSERT OR UPDATE OR DELETE ON proxy_leases
  FOR EACH ROW EXECUTE FUNCTION proxy_leases_notify();

-- A listing whose exit changes: the gateways re-read the leases on it (payload 'listing:<id>').
CREATE FUNCTION proxy_listings_exit_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lease_changed', 'listing:' || NEW.id::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER proxy_listings_exit_notify AFTER UPDATE OF exit_kind, exit_host, exit_port, exit_login, exit_pass
  ON proxy_listings FOR EACH ROW
  WHEN (OLD.exit_kind IS DISTINCT FROM NEW.exit_kind OR OLD.exit_host IS DISTINCT FROM NEW.exit_host
     OR OLD.exit_port IS DISTINCT FROM NEW.exit_port OR OLD.exit_login IS DISTINCT FROM NEW.exit_login
     OR OLD.exit_pass IS DISTINCT FROM NEW.exit_pass)
  EXECUTE FUNCTION proxy_listings_exit_notify();

-- Traffic per lease, added to in batches by the gateways (one upsert per lease per second at most).
CREATE TABLE proxy_lease_usage (
  lease_id    bigint PRIMARY KEY REFERENCES proxy_leases (id) ON DELETE CASCADE,
  bytes_up    bigint NOT NULL DEFAULT 0 CHECK (bytes_up >= 0),
  bytes_down  bigint NOT NULL DEFAULT 0 CHECK (bytes_down >= 0),
  connections bigint NOT NULL DEFAULT 0 CHECK (connections >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
