-- The coin a top-up was paid in and the transaction that paid it, as the payment processor reports them when
-- the payment settles: the customer's top-up history shows them (a transaction id is what a customer quotes
-- to support, and finds in a block explorer). Orders paid before this migration have neither.
ALTER TABLE payment_orders ADD COLUMN coin text;
ALTER TABLE payment_orders ADD COLUMN transaction_id text;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_coin_known CHECK (coin IS NULL OR coin IN ('BTC', 'LTC'));
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_transaction_id_length CHECK (transaction_id IS NULL OR length(transaction_id) BETWEEN 1 AND 128);
