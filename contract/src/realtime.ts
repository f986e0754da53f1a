// What the socket carries and what the portal serves besides /api. Plain types (no schema): nothing
// validates them, and the shell imports the event name at runtime without the schema builder.

/** Socket.io event the server emits to a user's room when their balance changed. */
export const BALANCE_EVENT = 'balance';
export interface BalanceEvent {
  _id: string;
}

/**
 * Socket.io event about one of the user's leases, sent with `balance` when the renewal sweep renewed it,
 * could not renew it (the balance was short: auto-renewal is now off and the lease ended), or it ended.
 * `waiting`: its period is over and it waits, uncharged, for its offline exit. `down`: the checker found its
 * exit dead (sent alone, with `down_since` and `check_interval_s`). `replaced`: its dead exit was swapped for
 * another (`real_ip` is the new exit's; the port and login:pass stay).
 */
export const LEASE_EVENT = 'lease';
export type LeaseEventKind = 'renewed' | 'renewal-failed' | 'waiting' | 'ended' | 'down' | 'refunded' | 'credited' | 'moved' | 'replaced';
export interface LeaseEvent {
  history_id: string;
  real_ip: string;
  kind: LeaseEventKind;
  /** ISO 8601: the new end after a renewal, else when the lease's (last) period ends. */
  expires_at: string;
  /** `down`: ISO 8601, when its exit was found dead. */
  down_since?: string;
  /** `down`: how often the checker checks it (seconds). */
  check_interval_s?: number;
  /**
   * `refunded`: the dollars credited to the balance (its exit died within 2 hours of purchase); `credited`: half
   * the period's price (its exit turned up on SBL, XBL or CSS).
   */
  amount?: number;
  /** `moved`: where geolocation places the exit now ('Germany, Land Berlin'). */
  location?: string;
}

/** GET /remotes.json: federation name -> manifest URL. */
export type RemoteMap = Record<string, string>;

/** Socket.io event to a ticket's owner and to support when the ticket got a message or changed status. */
export const TICKET_EVENT = 'ticket';
export interface TicketEvent {
  ticketId: string;
}

/**
 * Socket.io event to every connected operator when the console's figures changed (the inventory, the ledger,
 * the leases); the console refetches those areas.
 */
export const OPERATOR_EVENT = 'operator';
export type OperatorArea = 'inventory' | 'money' | 'leases';
export interface OperatorEvent {
  areas: OperatorArea[];
}
