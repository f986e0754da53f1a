-- A 2-step login challenge (the token between the password step and the code step) starts one session at
-- most: its first successful use records its id here, in the same transaction that accepts the code, so a
-- second use (another code, a recovery code, the same request twice at once) finds it taken. A wrong code
-- leaves no row and the challenge stays usable until it expires. Rows past expires_at are deleted as new
-- ones come.
CREATE TABLE used_login_challenges (
  challenge_id text PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX used_login_challenges_expires_at_idx ON used_login_challenges (expires_at);
