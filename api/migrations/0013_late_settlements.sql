-- A payment can settle after its order expired (BTCPay settles an invoice paid late, or one an operator
-- marks settled by hand). The customer's money is credited once as always; the order also says that it
-- arrived late, so the operator can tell such top-ups apart (they may need a look at the exchange rate or
-- the customer's ticket) from the ones paid in time.
ALTER TABLE payment_orders ADD COLUMN settled_late boolean NOT NULL DEFAULT false;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_settled_late_completed CHECK (NOT settled_late OR status = 'completed');
CREATE INDEX payment_orders_settled_late_idx ON payment_orders (completed_at) WHERE settled_late;
