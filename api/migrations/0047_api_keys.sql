-- API keys: a customer's scripts reach /api/v1 with a key instead of the browser session. Only the key's
-- SHA-256 is kept (the key itself is shown once, when created); a revoked key keeps its row, with
-- revoked_at set, so the tab can still list it until it is deleted with its account. Keys go with the
-- account (ON DELETE CASCADE).
CREATE TABLE api_keys (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  -- The first characters of the key, shown in the list so the customer can tell keys apart.
  prefix       text NOT NULL,
  key_hash     bytea NOT NULL UNIQUE,
  scopes       text[] NOT NULL CHECK (scopes <@ ARRAY['read', 'buy', 'manage'] AND cardinality(scopes) > 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  last_used_ip text,
  revoked_at   timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at);

-- POSTs to /api/v1 with an Idempotency-Key: the first answer, kept per API key for 24 hours. The row is
-- written in the same transaction as the work it answers for, so a retry (in parallel, on another instance)
-- waits on the unique key and then reads the first answer instead of doing the work again.
CREATE TABLE api_idempotency (
  key_id          uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  request_hash    bytea NOT NULL,
  status          integer NOT NULL,
  body            text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, idempotency_key)
);
CREATE INDEX api_idempotency_created_idx ON api_idempotency (created_at);
