// Where a proxy's description comes from and how fresh it is, as the details panels say it: "Location from
// the exit IP 203.0.113.7 · blacklists checked 2 h ago". A location nobody measured is "as imported", and
// blacklists never answered are "not checked yet" (their lines read 'Unknown').

export interface DataSourceFacts {
  location_ip: string | null;
  blacklists_checked_at: string | null;
}

/** "just now", "5 min ago", "2 h ago", "3 days ago". */
export function ageLabel(at: string, now: number): string {
  const seconds = Math.max(0, (now - new Date(at).getTime()) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 2 * 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} days ago`;
}

export function dataSourceLine(facts: DataSourceFacts, now: number): string {
  // The location is read again at every blacklist lookup, so one age says how fresh both are.
  const location = facts.location_ip ? `Location from the exit IP ${facts.location_ip}` : 'Location as imported, not measured yet';
  const blacklists = facts.blacklists_checked_at ? `blacklists checked ${ageLabel(facts.blacklists_checked_at, now)}` : 'blacklists not checked yet';
  return `${location} · ${blacklists}`;
}
