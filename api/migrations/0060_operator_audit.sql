-- The operator audit log: every operator action (console or command), who did it, what, on what, the state
-- before and after, and when. Written in the same transaction as the action (src/operator/audit.ts), so an
-- action and its row commit or roll back together. Rows are never rewritten or removed.
CREATE TABLE operator_audit (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The operator's account; NULL when a command on the server acted (actor then names the command).
  actor_id  uuid REFERENCES users (id),
  actor     text NOT NULL CHECK (length(actor) BETWEEN 1 AND 200),
  action    text NOT NULL CHECK (length(action) BETWEEN 1 AND 64),
  -- What the action was about, e.g. 'user:<id>', 'source:demo', 'remote:history'.
  target    text NOT NULL CHECK (length(target) BETWEEN 1 AND 300),
  before    jsonb,
  after     jsonb,
  at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_audit_at_idx ON operator_audit (at DESC, id DESC);
CREATE INDEX operator_audit_actor_idx ON operator_audit (lower(actor), at DESC);
CREATE INDEX operator_audit_target_idx ON operator_audit (target, at DESC);

CREATE FUNCTION operator_audit_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator audit rows are immutable';
END;
$$;
CREATE TRIGGER operator_audit_append_only BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_is_append_only();
-- TRUNCATE skips row triggers: refuse it too.
CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_is_append_only();
