-- The SOCKS5 gateway's fleet-wide limits, for fleets without Redis: every gateway process admits a lease's
-- connections and counts failed authentications here, so N processes together allow what one would (the
-- rules: gateway/src/limits.ts; with REDIS_URL the same is kept in Redis instead, and on embedded defaults
-- in the one process's memory). The tables are UNLOGGED: counters that a crash may lose (every gateway
-- writes its counts again on its next heartbeat), written without the cost of the WAL.

-- Gateways alive, by their heartbeat: the connections of a gateway whose heartbeat lapsed stop counting.
CREATE UNLOGGED TABLE gateway_instances (
  gateway_id  uuid PRIMARY KEY,
  alive_until timestamptz NOT NULL
);

-- Connections each gateway carries per lease.
CREATE UNLOGGED TABLE gateway_lease_connections (
  lease_id    bigint NOT NULL,
  gateway_id  uuid NOT NULL,
  connections integer NOT NULL,
  PRIMARY KEY (lease_id, gateway_id)
);
CREATE INDEX gateway_lease_connections_gateway_id_idx ON gateway_lease_connections (gateway_id);

-- Failed authentications in a fixed window, per client address ('src:<address>') and per lease
-- ('lease:<id>').
CREATE UNLOGGED TABLE gateway_auth_failures (
  subject     text PRIMARY KEY,
  failures    integer NOT NULL,
  window_ends timestamptz NOT NULL
);
CREATE INDEX gateway_auth_failures_window_ends_idx ON gateway_auth_failures (window_ends);

-- Addresses that authenticated to a lease: they keep working while the lease is being guessed at.
CREATE UNLOGGED TABLE gateway_lease_sources (
  lease_id bigint NOT NULL,
  source   text NOT NULL,
  seen_at  timestamptz NOT NULL,
  PRIMARY KEY (lease_id, source)
);
CREATE INDEX gateway_lease_sources_seen_at_idx ON gateway_lease_sources (seen_at);

-- One admission, atomically: 'source-blocked', 'lease-guarded', 'full' or 'ok' (one connection counted).
-- Admissions to one lease take turns (a transaction-scoped advisory lock), so two gateways cannot both
-- take the last slot.
CREATE FUNCTION gateway_admit(
  p_gateway uuid, p_lease bigint, p_source text, p_with_credentials boolean,
  p_cap integer, p_source_limit integer, p_lease_limit integer, p_known_ms bigint
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  taken bigint;
BEGIN
  IF p_with_credentials THEN
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
  END IF;
  -- 7312031: "gateway lease admissions", apart from the application's other advisory locks.
  PERFORM pg_advisory_xact_lock(7312031, (p_lease % 2147483647)::integer);
  SELECT coalesce(sum(c.connections), 0) INTO taken
    FROM gateway_lease_connections c LEFT JOIN gateway_instances g ON g.gateway_id = c.gateway_id
    WHERE c.lease_id = p_lease AND (c.gateway_id = p_gateway OR g.alive_until > now());
  IF taken >= p_cap THEN
    RETURN 'full';
  END IF;
  INSERT INTO gateway_lease_connections (lease_id, gateway_id, connections) VALUES (p_lease, p_gateway, 1)
    ON CONFLICT (lease_id, gateway_id) DO UPDATE SET connections = gateway_lease_connections.connections + 1;
  IF p_with_credentials THEN
    -- Written at most once a minute per address, not on every connection.
    INSERT INTO gateway_lease_sources (lease_id, source, seen_at) VALUES (p_lease, p_source, now())
      ON CONFLICT (lease_id, source) DO UPDATE SET seen_at = excluded.seen_at
      WHERE gateway_lease_sources.seen_at < excluded.seen_at - interval '1 minute';
  END IF;
  RETURN 'ok';
END
$$;

-- The admissions a gateway gathered in one turn of its event loop, in one call (one round trip however busy
-- the gateway is): answers in the order asked. Taken in lease order, so two gateways' batches never wait for
-- each other's advisory locks in a circle.
CREATE FUNCTION gateway_admit_batch(
  p_gateway uuid, p_leases bigint[], p_sources text[], p_with_credentials boolean[],
  p_cap integer, p_source_limit integer, p_lease_limit integer, p_known_ms bigint
) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  answers text[] := array_fill(NULL::text, ARRAY[cardinality(p_leases)]);
  i integer;
BEGIN
  FOR i IN SELECT asked.at FROM unnest(p_leases) WITH ORDINALITY AS asked (lease, at) ORDER BY asked.lease, asked.at LOOP
    answers[i] := gateway_admit(p_gateway, p_leases[i], p_sources[i], p_with_credentials[i], p_cap, p_source_limit, p_lease_limit, p_known_ms);
  END LOOP;
  RETURN answers;
END
$$;

-- One failed authentication of an address on a port serving these leases.
CREATE FUNCTION gateway_auth_failed(p_source text, p_leases bigint[], p_window_ms bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO gateway_auth_failures (subject, failures, window_ends)
    SELECT DISTINCT subject, 1, now() + make_interval(secs => p_window_ms / 1000.0)
    FROM unnest(array['src:' || p_source] || array(SELECT 'lease:' || lease FROM unnest(p_leases) AS lease)) AS subject
  ON CONFLICT (subject) DO UPDATE SET
    failures = CASE WHEN gateway_auth_failures.window_ends <= now() THEN 1 ELSE gateway_auth_failures.failures + 1 END,
    window_ends = CASE WHEN gateway_auth_failures.window_ends <= now() THEN excluded.window_ends ELSE gateway_auth_failures.window_ends END
$$;

-- Connections of these leases ended on this gateway.
CREATE FUNCTION gateway_release(p_gateway uuid, p_leases bigint[], p_counts integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE gateway_lease_connections AS c SET connections = c.connections - released.count
    FROM unnest(p_leases, p_counts) AS released (lease_id, count)
    WHERE c.lease_id = released.lease_id AND c.gateway_id = p_gateway;
  DELETE FROM gateway_lease_connections WHERE gateway_id = p_gateway AND lease_id = ANY (p_leases) AND connections <= 0;
$$;

-- The gateway is alive for p_alive_ms more, and carries these counts of these leases (0: none). Also
-- forgets what no longer matters: gateways dead for an hour with their counts, windows that ended, and
-- addresses not seen for p_known_ms.
CREATE FUNCTION gateway_heartbeat(p_gateway uuid, p_alive_ms bigint, p_leases bigint[], p_counts integer[], p_known_ms bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO gateway_instances (gateway_id, alive_until) VALUES (p_gateway, now() + make_interval(secs => p_alive_ms / 1000.0))
    ON CONFLICT (gateway_id) DO UPDATE SET alive_until = excluded.alive_until;
  INSERT INTO gateway_lease_connections (lease_id, gateway_id, connections)
    SELECT lease_id, p_gateway, count FROM unnest(p_leases, p_counts) AS counted (lease_id, count) WHERE count > 0
    ON CONFLICT (lease_id, gateway_id) DO UPDATE SET connections = excluded.connections;
  DELETE FROM gateway_lease_connections AS c USING unnest(p_leases, p_counts) AS counted (lease_id, count)
    WHERE c.gateway_id = p_gateway AND c.lease_id = counted.lease_id AND counted.count = 0;
  DELETE FROM gateway_lease_connections
    WHERE gateway_id IN (SELECT gateway_id FROM gateway_instances WHERE alive_until < now() - interval '1 hour');
  DELETE FROM gateway_instances WHERE alive_until < now() - interval '1 hour';
  DELETE FROM gateway_auth_failures WHERE window_ends < now();
  DELETE FROM gateway_lease_sources WHERE seen_at < now() - make_interval(secs => p_known_ms / 1000.0);
$$;

-- The gateway stops: it is not alive any more and carries nothing.
CREATE FUNCTION gateway_leave(p_gateway uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM gateway_lease_connections WHERE gateway_id = p_gateway;
  DELETE FROM gateway_instances WHERE gateway_id = p_gateway;
$$;
