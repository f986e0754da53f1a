-- The SOCKS5 gateway reserves a few connection slots of a busy lease at once, so most of its connections
-- are admitted from its own memory instead of one call each (gateway/src/shared-limits.ts). Slots are taken
-- against a cap of the gateway's choosing (half the lease's real cap), under the same per-lease advisory lock
-- as gateway_admit, counted with the gateway's connections; answers how many were taken.
CREATE FUNCTION gateway_reserve(p_gateway uuid, p_lease bigint, p_count integer, p_cap integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  taken bigint;
  granted integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7312031, (p_lease % 2147483647)::integer);
  SELECT coalesce(sum(c.connections), 0) INTO taken
    FROM gateway_lease_connections c LEFT JOIN gateway_instances g ON g.gateway_id = c.gateway_id
    WHERE c.lease_id = p_lease AND (c.gateway_id = p_gateway OR g.alive_until > now());
  granted := least(p_count, greatest(0, p_cap - taken))::integer;
  IF granted > 0 THEN
    INSERT INTO gateway_lease_connections (lease_id, gateway_id, connections) VALUES (p_lease, p_gateway, granted)
      ON CONFLICT (lease_id, gateway_id) DO UPDATE SET connections = gateway_lease_connections.connections + granted;
  END IF;
  RETURN granted;
END
$$;

-- The failure limits of gateway_admit alone, for a connection with credentials whose gateway holds a reserved
-- slot for it already: 'source-blocked', 'lease-guarded' or 'ok' (the address is remembered as known).
CREATE FUNCTION gateway_authorize(
  p_lease bigint, p_source text, p_source_limit integer, p_lease_limit integer, p_known_ms bigint
) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM gateway_auth_failures
             WHERE subject = 'src:' || p_source AND window_ends > now() AND failures >= p_source_limit) THEN
    RETURN 'source-blocked';
  END IF;
  IF EXISTS (SELECT 1 FROM gateway_auth_failures
             WHERE subject = 'lease:' || p_lease AND window_ends > now() AND failures >= p_lease_limit)
     AND NOT EXISTS (SELECT 1 FROM gateway_lease_sources
                     WHERE lease_id = p_lease AND source = p_source AND seen_at > now() - make_interval(secs => p_known_ms / 1000.0)) THEN
    RETURN 'lease-guarded';
  END IF;
  INSERT INTO gateway_lease_sources (lease_id, source, seen_at) VALUES (p_lease, p_source, now())
    ON CONFLICT (lease_id, source) DO UPDATE SET seen_at = excluded.seen_at
    WHERE gateway_lease_sources.seen_at < excluded.seen_at - interval '1 minute';
  RETURN 'ok';
END
$$;
