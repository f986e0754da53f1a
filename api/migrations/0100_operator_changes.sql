-- What the operator console's live updates read: counters of committed changes per area of the console,
-- bumped by every transaction that writes a table behind that area's figures, whoever runs it (an API
-- instance, a checker, a gateway, a command). An instance with operators connected sums them once a second
-- and tells its operators which areas moved, instead of aggregating the tables themselves.
--
-- An area has one row per writer that was bumping it at the same moment as others: a transaction bumps the
-- first row of the area no other open transaction holds (SKIP LOCKED), or adds a row when all are held. So a
-- writer never waits for another one's counter (a single row would make every writer of an area queue behind
-- the previous one until its commit, and could deadlock with the rows they lock), and the table stays as
-- small as the number of writers that ever ran at once. A bump is part of its transaction: seen at commit,
-- gone with a rollback.
CREATE TABLE operator_changes (
  id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  area    text NOT NULL CHECK (area IN ('inventory', 'money', 'leases')),
  changes bigint NOT NULL DEFAULT 0
);
INSERT INTO operator_changes (area) VALUES ('inventory'), ('money'), ('leases');

-- Once per area and transaction: a transaction-local setting remembers the bump (a rolled-back savepoint
-- forgets both).
CREATE FUNCTION operator_changes_bump(changed_area text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'private_sock5.operator_changed_' || changed_area;
BEGIN
  IF current_setting(flag, true) = 'yes' THEN
    RETURN;
  END IF;
  UPDATE operator_changes SET changes = changes + 1
  WHERE id = (SELECT c.id FROM operator_changes c WHERE c.area = changed_area ORDER BY c.id LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND THEN
    INSERT INTO operator_changes (area, changes) VALUES (changed_area, 1);
  END IF;
  PERFORM set_config(flag, 'yes', true);
END
$$;

-- Once per statement, not per row (a 100,000-line import is one bump), and only when the statement changed
-- rows: the checker's claims that find nothing due change nothing.
CREATE FUNCTION operator_changes_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM written) THEN
    PERFORM operator_changes_bump(TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;

-- A trigger with a transition table takes one event: three per table.
CREATE TRIGGER exits_operator_inserted AFTER INSERT ON exits REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('inventory');
CREATE TRIGGER exits_operator_updated AFTER UPDATE ON exits REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('inventory');
CREATE TRIGGER exits_operator_deleted AFTER DELETE ON exits REFERENCING OLD TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('inventory');
CREATE TRIGGER exit_state_changes_operator_inserted AFTER INSERT ON exit_state_changes REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('inventory');
CREATE TRIGGER price_classes_operator_inserted AFTER INSERT ON price_classes REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('inventory');
CREATE TRIGGER price_classes_operator_updated AFTER UPDATE ON price_classes REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('inventory');
CREATE TRIGGER price_classes_operator_deleted AFTER DELETE ON price_classes REFERENCING OLD TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('inventory');
-- The inventory's "for sale" and "leased" figures are read from the listings.
CREATE TRIGGER proxy_listings_operator_inserted AFTER INSERT ON proxy_listings REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('inventory');
CREATE TRIGGER proxy_listings_operator_updated AFTER UPDATE ON proxy_listings REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('inventory');
CREATE TRIGGER proxy_listings_operator_deleted AFTER DELETE ON proxy_listings REFERENCING OLD TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('inventory');

-- The ledger only grows; the liability is the sum of the balances.
CREATE TRIGGER ledger_operator_inserted AFTER INSERT ON ledger REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('money');
CREATE FUNCTION operator_changes_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM before_rows b JOIN after_rows a ON a.id = b.id WHERE a.balance_cents IS DISTINCT FROM b.balance_cents) THEN
    PERFORM operator_changes_bump('money');
  END IF;
  RETURN NULL;
END
$$;
-- Other changes to an account (a sign-in, a new password) are not money.
CREATE TRIGGER users_operator_balances AFTER UPDATE ON users REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_balances();

CREATE TRIGGER proxy_leases_operator_inserted AFTER INSERT ON proxy_leases REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('leases');
CREATE TRIGGER proxy_leases_operator_updated AFTER UPDATE ON proxy_leases REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('leases');
CREATE TRIGGER proxy_leases_operator_deleted AFTER DELETE ON proxy_leases REFERENCING OLD TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('leases');
CREATE TRIGGER proxy_lease_usage_operator_inserted AFTER INSERT ON proxy_lease_usage REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('leases');
CREATE TRIGGER proxy_lease_usage_operator_updated AFTER UPDATE ON proxy_lease_usage REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('leases');
CREATE TRIGGER proxy_lease_usage_operator_deleted AFTER DELETE ON proxy_lease_usage REFERENCING OLD TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION operator_changes_written('leases');
