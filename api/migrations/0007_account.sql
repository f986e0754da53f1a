-- Account security: 2-step verification (TOTP), recovery codes, the customer's own proxy credentials, the
-- IP allow-list the SOCKS5 gateway reads, and the sign-in activity shown on the account page.

-- One authenticator per account. The secret is AES-256-GCM ciphertext (src/account/secret-box.ts); a row with
-- enabled_at null is a setup in progress, replaced by the next setup. last_used_step is the RFC 6238 time
-- step of the last accepted code: a code of that step or an earlier one is never accepted again.
CREATE TABLE two_factor (
  user_id        uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_box     text NOT NULL,
  enabled_at     timestamptz,
  last_used_step bigint,
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- Single-use recovery codes: only their SHA-256 is stored, the customer sees them once when enabling.
CREATE TABLE recovery_codes (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at   timestamptz,
  UNIQUE (user_id, code_hash)
);

-- Wrong second-factor codes per account, counted in the database like failed logins so every instance
-- throttles the same guesses.
CREATE TABLE failed_second_factors (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX failed_second_factors_user_id_created_at_idx ON failed_second_factors (user_id, created_at);

-- The customer's own SOCKS5 login:pass. A purchase copies them into the new lease's socks_auth; without a
-- row each lease gets generated credentials. Leases bought earlier keep what they were given.
CREATE TABLE proxy_credentials (
  user_id    uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  login      text NOT NULL CHECK (login ~ '^[A-Za-z0-9]{5,7}$'),
  password   text NOT NULL CHECK (password ~ '^[A-Za-z0-9]{5,7}$'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Addresses and networks from which the customer's proxies accept connections without login:pass. The
-- application copies the list onto every active lease of the customer (proxy_leases.allow_cidrs, which the
-- gateway reads) whenever it changes, and onto each new lease at purchase.
CREATE TABLE user_ip_allowlist (
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  cidr       cidr NOT NULL,
  -- The customer's order, to show the list as it was typed.
  position   smallint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, cidr)
);

-- Successful sign-ins, newest kept (the application prunes beyond a few dozen per account).
CREATE TABLE sign_ins (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id uuid NOT NULL,
  ip         text NOT NULL,
  user_agent text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_ins_user_id_created_at_idx ON sign_ins (user_id, created_at);
