-- Price classes: what an exit without its own price sells for, per declared type and, where the operator set
-- one, per country (ct '' is the type's class for every country). Seeded with the built-in classes
-- (src/inventory/exit-types.ts PRICE_CLASS); the operator console changes them. A listing's base and freshness
-- premium follow its class whenever the listing is written (insert, a re-import, a country found by
-- geolocation) and when a class changes, so the market shows the new price at once. The blacklist discount
-- (50% for SBL, XBL or CSS) still applies on top: it is computed at read time from these parts
-- (src/marketplace/pricing.ts). Exits with the operator's own price, and the demo catalogue (which keeps its
-- varied prices), are left alone.
CREATE TABLE price_classes (
  declared_type text NOT NULL CHECK (declared_type IN ('mobile', 'residential', 'datacenter')),
  ct            text NOT NULL DEFAULT '' CHECK (ct = '' OR ct ~ '^[A-Z]{2}$'),
  base_cents    integer NOT NULL CHECK (base_cents BETWEEN 1 AND 100000),
  fresh_cents   integer NOT NULL CHECK (fresh_cents BETWEEN 0 AND 100000),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (declared_type, ct)
);
INSERT INTO price_classes (declared_type, ct, base_cents, fresh_cents) VALUES
  ('datacenter', '', 50, 70),
  ('residential', '', 65, 85),
  ('mobile', '', 80, 100);

CREATE FUNCTION proxy_listings_price_class() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cls record;
BEGIN
  SELECT pc.base_cents, pc.fresh_cents INTO cls
  FROM exits e JOIN price_classes pc ON pc.declared_type = e.declared_type AND pc.ct IN (NEW.ct, '')
  WHERE e.id = NEW.exit_id AND e.price_cents IS NULL AND e.source <> 'demo'
  ORDER BY pc.ct DESC
  LIMIT 1;
  IF FOUND THEN
    NEW.base_cents := cls.base_cents;
    NEW.fresh_cents := cls.fresh_cents;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER proxy_listings_price_class BEFORE UPDATE OF base_cents, fresh_cents, ct, exit_id ON proxy_listings
  FOR EACH ROW EXECUTE FUNCTION proxy_listings_price_class();

-- New listings: once per INSERT statement (imports write thousands per statement), the rows take their class
-- through the row trigger above.
CREATE FUNCTION proxy_listings_price_class_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proxy_listings li SET base_cents = li.base_cents
  FROM inserted i JOIN exits e ON e.id = i.exit_id
  WHERE li.id = i.id AND e.price_cents IS NULL AND e.source <> 'demo';
  RETURN NULL;
END
$$;
CREATE TRIGGER proxy_listings_price_class_new AFTER INSERT ON proxy_listings
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION proxy_listings_price_class_new();
