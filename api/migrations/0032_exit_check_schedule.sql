-- The scheduled checker: every upstream exit checked once per interval across any number of checker
-- processes. An instance claims due exits (next_check_at passed, no live claim) with FOR UPDATE SKIP LOCKED
-- and holds each claim until claimed_until; a check's result clears the claim and moves next_check_at one
-- interval on. An instance that dies holds nothing past claimed_until: another takes its exits then.
ALTER TABLE exits
  ADD COLUMN claimed_until timestamptz,
  ADD COLUMN claimed_by    text,
  -- Since when its checks fail without a pass in between (null while the last check passed): an exit failing
  -- for longer than the checker's window is dead even before its failure count says so.
  ADD COLUMN failing_since timestamptz;

-- A transition to 'dead' that has leases running tells their customers (socket event and mail); the API's
-- notifier claims each such row once (customers_told_at), whichever instance gets it. check_interval_s: how
-- often the checker that wrote the row checks the exit (the customer is told).
ALTER TABLE exit_state_changes
  ADD COLUMN customers_told_at timestamptz,
  ADD COLUMN check_interval_s  integer;
-- Existing rows are history: nobody is told about them now.
UPDATE exit_state_changes SET customers_told_at = changed_at;
CREATE INDEX exit_state_changes_untold_idx ON exit_state_changes (id) WHERE customers_told_at IS NULL AND to_state = 'dead';

-- An exit whose address changes (mobile exits rotate): each change recorded; the listing follows the exit's
-- address by the trigger of migration 0015.
CREATE TABLE exit_ip_changes (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  exit_id    bigint NOT NULL REFERENCES exits (id) ON DELETE CASCADE,
  from_ip    text NOT NULL,
  to_ip      text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exit_ip_changes_exit_id_idx ON exit_ip_changes (exit_id, changed_at);

CREATE FUNCTION exits_ip_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO exit_ip_changes (exit_id, from_ip, to_ip) VALUES (NEW.id, OLD.exit_ip, NEW.exit_ip);
  RETURN NULL;
END
$$;
CREATE TRIGGER exits_ip_changed AFTER UPDATE OF exit_ip ON exits FOR EACH ROW
  WHEN (OLD.exit_ip IS NOT NULL AND NEW.exit_ip IS NOT NULL AND OLD.exit_ip IS DISTINCT FROM NEW.exit_ip)
  EXECUTE FUNCTION exits_ip_changed();
