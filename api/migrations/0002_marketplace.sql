-- Marketplace: the inventory (listings from a ProxySource) and leases (24-hour purchases of a listing).
-- A listing is leased exclusively: while leased_until is in the future it is not
-- for sale to anyone else. The purchase sets it under the listing's row lock; a renewal moves it on.

CREATE TABLE proxy_listings (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Which ProxySource offers the exit, and its key there: a re-sync updates instead of duplicating.
  source       text NOT NULL,
  source_ref   text NOT NULL,
  real_ip      text NOT NULL,
  dns_ip       text NOT NULL,
  domain       text NOT NULL,
  region_key   text NOT NULL CHECK (region_key IN ('USA', 'America', 'Europe', 'Oceania', 'Asia', 'Africa')),
  ct           text NOT NULL CHECK (ct ~ '^[A-Z]{2}$'),
  country      text NOT NULL,
  state        text NOT NULL,
  city         text NOT NULL,
  zip          text NOT NULL,
  latitude     double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  time_zone    text NOT NULL,
  isp          text NOT NULL,
  user_type    text NOT NULL,
  speed        integer NOT NULL CHECK (speed >= 0),
  ping         integer NOT NULL CHECK (ping >= 0),
  added_at     timestamptz NOT NULL,
  -- The price guide's parts in cents; the price at a given moment is src/marketplace/pricing.ts's SQL.
  base_cents   integer NOT NULL CHECK (base_cents > 0),
  fresh_cents  integer NOT NULL CHECK (fresh_cents >= 0),
  sbl_black    smallint NOT NULL CHECK (sbl_black IN (0, 1)),
  xbl_black    smallint NOT NULL CHECK (xbl_black IN (0, 1)),
  css_black    smallint NOT NULL CHECK (css_black IN (0, 1)),
  pbl_black    smallint NOT NULL CHECK (pbl_black IN (0, 1)),
  online       boolean NOT NULL,
  leased_until timestamptz,
  UNIQUE (source, source_ref)
);
-- Only online listings are on the market; these serve the state list and a state's search, and a region's
-- country list and a country's search, without touching the rest of the table.
CREATE INDEX proxy_listings_country_state_idx ON proxy_listings (ct, state) WHERE online;
CREATE INDEX proxy_listings_region_country_idx ON proxy_listings (region_key, ct) WHERE online;

-- A purchase: one item of the user's purchase history (history_id = id). paid while expires_at is in the future;
-- renew = auto-renewal, which moves expires_at on by 24 h with a `renewal` ledger row.
CREATE TABLE proxy_leases (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users (id),
  listing_id    bigint NOT NULL REFERENCES proxy_listings (id),
  port          integer NOT NULL CHECK (port BETWEEN 1024 AND 65535),
  -- login:pass, each 5-7 letters and digits.
  socks_auth    text NOT NULL CHECK (socks_auth ~ '^[A-Za-z0-9]{5,7}:[A-Za-z0-9]{5,7}$'),
  price_cents   integer NOT NULL CHECK (price_cents > 0),
  starts_at     timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  renew         boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (expires_at > starts_at)
);
CREATE INDEX proxy_leases_user_id_expires_at_idx ON proxy_leases (user_id, expires_at);
CREATE INDEX proxy_leases_listing_id_idx ON proxy_leases (listing_id);
-- The renewal sweep finds leases ending soon without scanning the table.
CREATE INDEX proxy_leases_expires_at_idx ON proxy_leases (expires_at);
