-- A leased exit that comes back (a transition from 'dead' to 'online') sends the `proxy.up` webhook of its
-- running leases; the API's notifier claims each such row once (customers_told_at), like the 'dead' ones.
-- Existing rows are history: nobody is told about them now.
UPDATE exit_state_changes SET customers_told_at = changed_at
  WHERE customers_told_at IS NULL AND from_state = 'dead' AND to_state = 'online';
CREATE INDEX exit_state_changes_untold_up_idx ON exit_state_changes (id)
  WHERE customers_told_at IS NULL AND from_state = 'dead' AND to_state = 'online';
