-- Support: staff roles, tickets with their messages, and refunds of proxies granted through tickets.

-- Who works in support. Granted by the operator's command (src/cli/grant-support.ts), never from the web.
CREATE TABLE staff_roles (
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role       text NOT NULL CHECK (role IN ('support')),
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, role)
);

CREATE TABLE tickets (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users (id),
  category   text NOT NULL CHECK (category IN ('General', 'Billing', 'Techsupport', 'Refundpolicy')),
  status     text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'Closed')),
  -- The purchase a refund ticket is about (proxy_leases.id, the history id).
  lease_id   bigint REFERENCES proxy_leases (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (lease_id IS NULL OR category = 'Refundpolicy')
);
CREATE INDEX tickets_user_id_created_at_idx ON tickets (user_id, created_at);
CREATE INDEX tickets_status_created_at_idx ON tickets (status, created_at);
-- One refund ticket per proxy, whatever became of it.
CREATE UNIQUE INDEX tickets_lease_id_key ON tickets (lease_id) WHERE lease_id IS NOT NULL;

CREATE TABLE ticket_messages (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_id    uuid NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  sender_id    uuid NOT NULL REFERENCES users (id),
  -- Written by a member of support for the shop (shown to the customer as the shop's support).
  from_support boolean NOT NULL,
  text         text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_messages_ticket_id_created_at_idx ON ticket_messages (ticket_id, created_at);

-- A proxy is refunded at most once: the primary key is the lease; the refund's ledger row is written in
-- the same transaction.
CREATE TABLE refunds (
  lease_id     bigint PRIMARY KEY REFERENCES proxy_leases (id),
  ticket_id    uuid NOT NULL UNIQUE REFERENCES tickets (id),
  user_id      uuid NOT NULL REFERENCES users (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  approved_by  uuid NOT NULL REFERENCES users (id),
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Behind the refund's primary key: one refund ledger row per reference, whatever path tries a second one.
CREATE UNIQUE INDEX ledger_refund_reference_key ON ledger (reference) WHERE kind = 'refund';
