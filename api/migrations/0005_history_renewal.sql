-- History and auto-renewal. Every lease passes through the renewal sweep once its paid period is over: with
-- renew on it is bought again (a `renewal` ledger row and a lease_renewals row) or it waits for its offline
-- exit; otherwise it ends, which the sweep records in ended_at and tells the customer.

-- ended_at: when the lease ended for good (null while paid, or while waiting for its exit with renew on).
-- renewal_notice_for: the expires_at of the period whose low-balance warning was mailed (once per period).
-- price_cents (0002) is from now on what the current or last period cost: a renewal sets it to its price.
ALTER TABLE proxy_leases
  ADD COLUMN ended_at timestamptz,
  ADD COLUMN renewal_notice_for timestamptz;

-- Leases that ended before this migration are not announced again.
UPDATE proxy_leases SET ended_at = expires_at WHERE expires_at <= now() AND NOT renew;

-- The sweep reads only leases that have not ended, by when they end.
CREATE INDEX proxy_leases_open_expires_at_idx ON proxy_leases (expires_at) WHERE ended_at IS NULL;
-- The history page reads a customer's leases newest first.
CREATE INDEX proxy_leases_user_id_created_at_idx ON proxy_leases (user_id, created_at DESC, id DESC);

-- One row per renewal. The key is the period the renewal follows (the lease's expires_at before it), so a
-- second renewal of the same period cannot be written, whichever instance or bug tries.
CREATE TABLE lease_renewals (
  lease_id     bigint NOT NULL REFERENCES proxy_leases (id),
  period_end   timestamptz NOT NULL,
  renewed_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  price_cents  integer NOT NULL CHECK (price_cents > 0),
  ledger_id    bigint NOT NULL REFERENCES ledger (id),
  PRIMARY KEY (lease_id, period_end),
  CHECK (expires_at > period_end)
);
