-- What the portal reports about the releases it loads (POST /api/releases/beacon): one row per customer
-- (account, or visitor cookie, or address) and release, failed once any of its loads failed or its page
-- crashed. A canary whose share of failed customers passes the threshold over a minimum of customers is
-- rolled back by the API itself (release_moves kind 'auto-rollback').
CREATE TABLE release_reports (
  remote       text NOT NULL,
  release      text NOT NULL,
  subject      text NOT NULL CHECK (length(subject) BETWEEN 1 AND 100),
  failed       boolean NOT NULL DEFAULT false,
  reported_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (remote, release, subject),
  FOREIGN KEY (remote, release) REFERENCES remote_releases (remote, id)
);
