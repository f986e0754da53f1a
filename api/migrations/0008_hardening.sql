-- Login throttling that cannot be raced and cannot be turned against the owner.
--
-- Failed logins are counted per account AND per address: one address that guesses spends only its own
-- budget, so the owner elsewhere can still sign in. Existing rows predate addresses and count for ''.
ALTER TABLE failed_logins ADD COLUMN address text NOT NULL DEFAULT '';
CREATE INDEX failed_logins_user_id_address_created_at_idx ON failed_logins (user_id, address, created_at);

-- Addresses an account has signed in from: they keep their own budget even while the account as a whole
-- is under attack from many addresses.
CREATE TABLE login_addresses (
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address       text NOT NULL,
  last_login_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, address)
);

-- Once an account has taken its hourly budget of failures from all addresses together, attempts from
-- addresses it never signed in from are spaced out: each takes the next free slot (a conditional UPDATE of
-- this row), so guessing from many addresses slows to the budget's pace instead of locking the account.
CREATE TABLE login_slots (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  next_at timestamptz NOT NULL
);
