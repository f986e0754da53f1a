-- expiring_event_for: the expires_at of the period whose `proxy.expiring` webhook was queued (once per period,
-- claimed with a conditional update so that of several API instances only one queues it).
ALTER TABLE proxy_leases ADD COLUMN expiring_event_for timestamptz;
