-- Top-up orders. An order is created pending with the user's amount, gets the
-- payment processor's invoice id once the checkout exists, and is completed exactly once by a verified
-- webhook, in the same transaction as its `topup` ledger row.
CREATE TABLE payment_orders (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users (id),
  -- Integer cents; the top-up limits are checked by the API, which says which rule failed.
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  currency     text NOT NULL CHECK (currency = 'USD'),
  provider     text NOT NULL CHECK (provider IN ('btcpay', 'sandbox')),
  -- The processor's invoice id: what its webhooks name, and the idempotency key of crediting.
  invoice_id   text UNIQUE,
  checkout_url text,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CHECK ((status = 'completed') = (completed_at IS NOT NULL)),
  CHECK (status <> 'completed' OR invoice_id IS NOT NULL)
);
CREATE INDEX payment_orders_user_id_created_at_idx ON payment_orders (user_id, created_at);

-- Second line of defence behind the order's row lock: one invoice can be credited by one ledger row only,
-- whatever path or bug tries to credit it again.
CREATE UNIQUE INDEX ledger_topup_reference_key ON ledger (reference) WHERE kind = 'topup';
