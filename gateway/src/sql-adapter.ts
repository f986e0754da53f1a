// What the gateway needs from a database: parameterised queries and notifications on a channel. Two
// implementations: PostgreSQL through `pg` (a gateway process of its own) and PGlite (in-process inside the
// API on embedded defaults, sharing its embedded database).

export interface SqlAdapter {
  query<R>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /**
   * Calls onPayload for every notification on the channel. onGap runs when notifications may have been
   * missed (the listening connection was lost and is back), so the caller re-reads everything.
   * Resolves once listening; the returned function stops it.
   */
  listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
