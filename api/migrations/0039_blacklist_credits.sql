-- SPEC's 50% off for a leased exit that turns up on a blacklist: when the checker's lookups find the exit of a
-- running lease newly listed on SBL, XBL or CSS during a paid period, the customer is credited half of that
-- period's price, once per period (the primary key), with a `refund` ledger row in the same transaction
-- (reference 'blacklist-credit:lease:<id>:<period end>', unique like every refund reference).

-- Since when the listing's exit is on SBL, XBL or CSS (null: not listed, as far as a real answer says). The
-- lookup sweep sets it when a listing appears, keeps it while listed or unknown, clears it when clean.
ALTER TABLE proxy_listings ADD COLUMN blacklisted_since timestamptz;
CREATE INDEX proxy_listings_blacklisted_since_idx ON proxy_listings (blacklisted_since) WHERE blacklisted_since IS NOT NULL;

CREATE TABLE blacklist_credits (
  lease_id       bigint NOT NULL REFERENCES proxy_leases (id),
  -- The paid period credited, by its end (the lease's expires_at then).
  period_ends_at timestamptz NOT NULL,
  user_id        uuid NOT NULL REFERENCES users (id),
  amount_cents   integer NOT NULL CHECK (amount_cents > 0),
  -- The lists that gave the credit ('SBL, XBL').
  lists          text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lease_id, period_ends_at)
);
