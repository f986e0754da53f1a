-- A purchase whose exit the checker confirms dead within 2 hours is refunded without a ticket. It shares the
-- refunds table with the desk's approvals, so its primary key (the lease) still allows one refund per
-- purchase whichever path comes first; the ledger's unique refund reference backs it up.
ALTER TABLE refunds
  ALTER COLUMN ticket_id DROP NOT NULL,
  ALTER COLUMN approved_by DROP NOT NULL,
  -- 'ticket': approved on the desk; 'dead-exit': the checker confirmed the exit dead within 2 hours.
  ADD COLUMN reason text NOT NULL DEFAULT 'ticket' CHECK (reason IN ('ticket', 'dead-exit')),
  -- The transition to 'dead' that refunded it (reason 'dead-exit').
  ADD COLUMN exit_state_change_id bigint REFERENCES exit_state_changes (id),
  ADD CONSTRAINT refunds_reason_fields_check CHECK (
    (reason = 'ticket' AND ticket_id IS NOT NULL AND approved_by IS NOT NULL)
    OR (reason = 'dead-exit' AND ticket_id IS NULL AND approved_by IS NULL AND exit_state_change_id IS NOT NULL));

-- Each transition to 'dead' is looked at for refunds once, by whichever API instance claims it.
ALTER TABLE exit_state_changes ADD COLUMN refunds_checked_at timestamptz;
UPDATE exit_state_changes SET refunds_checked_at = changed_at;
CREATE INDEX exit_state_changes_refunds_due_idx ON exit_state_changes (id) WHERE refunds_checked_at IS NULL AND to_state = 'dead';
