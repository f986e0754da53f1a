-- Accounts, sessions, captcha replay guard, password resets, login throttling and the money ledger.
-- Runs on PostgreSQL and on PGlite alike: plain SQL, no extensions (gen_random_uuid is core since PG 13).

-- Secrets generated on first start (JWT key, captcha HMAC key) when the environment does not set them,
-- shared by every instance that uses this database.
CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username      text NOT NULL,
  email         text NOT NULL,
  password_hash text NOT NULL,
  -- Integer cents; always equals the sum of the user's ledger rows (see src/ledger/ledger.ts).
  balance_cents bigint NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- Unique regardless of case: 'Alice' and 'alice' are the same account name.
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

-- A signed token carries the session id; deleting the row revokes the token.
CREATE TABLE sessions (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Each solved ALTCHA challenge (by its signed nonce) logs in at most once.
CREATE TABLE used_captchas (
  challenge_id text PRIMARY KEY,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz NOT NULL DEFAULT now()
);

-- Only the SHA-256 of the mailed token is stored: a database leak does not hand out reset links.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);

-- Failed logins per account, in the database so every instance counts the same attempts.
CREATE TABLE failed_logins (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX failed_logins_user_id_created_at_idx ON failed_logins (user_id, created_at);

-- Immutable money movements. A row is written in the same transaction as the balance change it explains.
CREATE TABLE ledger (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id),
  kind         text NOT NULL CHECK (kind IN ('topup', 'purchase', 'renewal', 'refund')),
  -- Signed cents: credits (topup, refund) positive, debits (purchase, renewal) negative.
  amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
  -- What the movement is about (invoice id, history id, ...), for support and reconciliation.
  reference    text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind IN ('topup', 'refund') AND amount_cents > 0) OR (kind IN ('purchase', 'renewal') AND amount_cents < 0))
);
CREATE INDEX ledger_user_id_created_at_idx ON ledger (user_id, created_at);

-- Rows are never rewritten: corrections are new rows.
CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable';
END;
$$;
CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE ON ledger
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
