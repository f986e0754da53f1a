-- What customers see of an exit's health before they buy: uptime over 24 hours and 7 days and the median
-- ping, kept as one row per exit and hour (checks, passed checks, and up to 120 ping samples), not a row per
-- check; the checker drops rows older than 8 days. Checks stored while the judge was out are not counted.
CREATE TABLE exit_uptime_hours (
  exit_id bigint NOT NULL REFERENCES exits (id) ON DELETE CASCADE,
  hour    timestamptz NOT NULL,
  checks  integer NOT NULL CHECK (checks > 0),
  ok      integer NOT NULL CHECK (ok BETWEEN 0 AND checks),
  pings   integer[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (exit_id, hour)
);
CREATE INDEX exit_uptime_hours_hour_idx ON exit_uptime_hours (hour);

-- Speed: every Kth check downloads a block from the judge through the exit (checks_count counts them).
ALTER TABLE exits
  ADD COLUMN checks_count bigint NOT NULL DEFAULT 0,
  ADD COLUMN speed_mbps   real CHECK (speed_mbps >= 0);

-- For sorting the market by uptime: the listing carries its exit's 7-day uptime (percent; null: not measured yet),
-- refreshed by the checker from the hourly rows.
ALTER TABLE proxy_listings ADD COLUMN uptime_7d real CHECK (uptime_7d BETWEEN 0 AND 100);

-- The listing follows its exit's measured speed too (rounded to whole Mbit/s, the listing's unit).
CREATE OR REPLACE FUNCTION exits_to_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proxy_listings li SET
    online = (NEW.state = 'online'),
    real_ip = coalesce(NEW.exit_ip, li.real_ip),
    ping = coalesce(NEW.ping_ms, li.ping),
    speed = coalesce(round(NEW.speed_mbps)::integer, li.speed)
  WHERE li.exit_id = NEW.id
    AND (li.online, li.real_ip, li.ping, li.speed)
      IS DISTINCT FROM ((NEW.state = 'online'), coalesce(NEW.exit_ip, li.real_ip), coalesce(NEW.ping_ms, li.ping),
                        coalesce(round(NEW.speed_mbps)::integer, li.speed));
  RETURN NULL;
END
$$;
DROP TRIGGER exits_to_listing ON exits;
CREATE TRIGGER exits_to_listing AFTER UPDATE OF state, exit_ip, ping_ms, speed_mbps ON exits FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.exit_ip IS DISTINCT FROM NEW.exit_ip
     OR OLD.ping_ms IS DISTINCT FROM NEW.ping_ms OR OLD.speed_mbps IS DISTINCT FROM NEW.speed_mbps)
  EXECUTE FUNCTION exits_to_listing();

-- What was never measured is unknown, not 0: an upstream exit's listing has no speed until a speed check and
-- no ping until a check passed (the demo catalogue's exits keep their figures).
ALTER TABLE proxy_listings ALTER COLUMN speed DROP NOT NULL, ALTER COLUMN ping DROP NOT NULL;
UPDATE proxy_listings li SET
  speed = CASE WHEN ex.speed_mbps IS NULL THEN NULL ELSE li.speed END,
  ping = CASE WHEN ex.ping_ms IS NULL THEN NULL ELSE li.ping END
FROM exits ex
WHERE ex.id = li.exit_id AND ex.kind = 'socks5' AND (ex.speed_mbps IS NULL OR ex.ping_ms IS NULL);
