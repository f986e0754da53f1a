-- Webhooks: endpoints a customer registers (in the API tab or through /api/v1) receive signed events about
-- their proxies and balance. An event is written once (its id is what receivers de-duplicate on); each
-- endpoint subscribed to its type gets a delivery, sent by the outbox (jobs of kind 'webhook') with
-- retries and backoff. A redelivery is a new delivery of the same event. Everything goes with the account.
CREATE TABLE webhook_endpoints (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url             text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  events          text[] NOT NULL CHECK (cardinality(events) > 0),
  -- The signing secret: shown once when created, kept to sign every delivery.
  secret          text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- The first failure of the current run of failures (null: the last delivery worked).
  failing_since   timestamptz,
  -- Set when the endpoint failed for the whole disable window; its deliveries stop until it is re-created.
  disabled_at     timestamptz
);
CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id, created_at);

CREATE TABLE webhook_events (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type       text NOT NULL,
  data       jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id        uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  endpoint_id     uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  -- 'pending' (waiting or retrying), 'delivered' (a 2xx answer), 'failed' (given up, or the endpoint was disabled).
  state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  last_status     integer,
  last_error      text,
  latency_ms      integer,
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
