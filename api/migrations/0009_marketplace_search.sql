-- Catalogue search: a customer finds listings by the start of a city, ISP, ZIP, domain or IP without choosing
-- a country or state first. Each field gets a prefix index (text_pattern_ops serves `LIKE 'abc%'` in any
-- collation) over the online listings only, as the other marketplace indexes do; PostgreSQL combines them
-- with a bitmap OR. Prefix indexes need no extension, so PGlite and PostgreSQL run the same plan.
CREATE INDEX proxy_listings_find_city_idx ON proxy_listings (lower(city) text_pattern_ops) WHERE online;
CREATE INDEX proxy_listings_find_isp_idx ON proxy_listings (lower(isp) text_pattern_ops) WHERE online;
CREATE INDEX proxy_listings_find_zip_idx ON proxy_listings (lower(zip) text_pattern_ops) WHERE online;
CREATE INDEX proxy_listings_find_domain_idx ON proxy_listings (lower(domain) text_pattern_ops) WHERE online;
CREATE INDEX proxy_listings_find_ip_idx ON proxy_listings (real_ip text_pattern_ops) WHERE online;

-- Sessions ended because the account signed in elsewhere, kept until they would have expired, so a request
-- with such a token is told why it was signed out instead of only that it was.
CREATE TABLE replaced_sessions (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  replaced_at timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX replaced_sessions_expires_at_idx ON replaced_sessions (expires_at);
