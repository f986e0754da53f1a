-- The operator console's customer actions: balance adjustments and disabled accounts.

-- An operator's correction of a balance: an `adjustment` ledger row, credit (positive) or debit (negative),
-- its reference carrying the audit row's id (src/operator/customers.ts). The other kinds keep their signs.
ALTER TABLE ledger DROP CONSTRAINT ledger_kind_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_kind_check CHECK (kind IN ('topup', 'purchase', 'renewal', 'refund', 'adjustment'));
ALTER TABLE ledger DROP CONSTRAINT ledger_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_check CHECK (
  (kind IN ('topup', 'refund') AND amount_cents > 0) OR (kind IN ('purchase', 'renewal') AND amount_cents < 0) OR kind = 'adjustment'
);

-- A disabled account cannot sign in, its sessions and API keys are refused, and the gateways stop its leases.
-- NULL: enabled.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
ALTER TABLE users ADD COLUMN disabled_reason text CHECK (length(disabled_reason) <= 500);

-- Disabling or enabling an account tells every gateway to re-read its active leases (the gateways serve a
-- lease only while its account is enabled), as a change of the lease itself would.
CREATE FUNCTION users_disabled_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lease_changed', l.id::text) FROM proxy_leases l WHERE l.user_id = NEW.id AND l.expires_at > now();
  RETURN NULL;
END
$$;
CREATE TRIGGER users_disabled_notify AFTER UPDATE OF disabled_at ON users FOR EACH ROW
  WHEN (OLD.disabled_at IS DISTINCT FROM NEW.disabled_at) EXECUTE FUNCTION users_disabled_notify();
