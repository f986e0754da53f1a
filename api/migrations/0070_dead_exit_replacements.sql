-- Free replacement of a dead leased exit: the lease moves onto another listing (same port, same login:pass,
-- the rest of the paid period at no charge). One row per replacement; the unique pair (lease, death) allows
-- one replacement of a lease per transition of its exit to 'dead', whichever of a click, an API call, a
-- second instance or the automatic pass comes first. A replaced purchase is not refunded and a refunded one
-- is not replaced: both paths take the lease's row lock and look for the other's row (docs/product-rules.md).
CREATE TABLE lease_replacements (
  id                   bigserial PRIMARY KEY,
  lease_id             bigint NOT NULL REFERENCES proxy_leases (id) ON DELETE CASCADE,
  exit_state_change_id bigint NOT NULL REFERENCES exit_state_changes (id),
  from_listing_id      bigint NOT NULL REFERENCES proxy_listings (id),
  to_listing_id        bigint NOT NULL REFERENCES proxy_listings (id),
  -- true: the automatic pass (the account's setting); false: the customer asked (History or /api/v1).
  automatic            boolean NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (lease_id, exit_state_change_id)
);

-- The account setting "replace dead proxies automatically" (off unless the customer turns it on).
ALTER TABLE users ADD COLUMN replace_dead_automatically boolean NOT NULL DEFAULT false;
