// What the socket carries and what the portal serves besides /api. Plain types (no schema): nothing
// validates them, and the shell imports the event name at runtime without the schema builder.

/** Socket.io event the server emits to a user's room when their balance changed. */
export const BALANCE_EVENT = 'balance';
export interface BalanceEvent {
  _id: string;
}

/** GET /remotes.json: federation name -> manifest URL. */
export type RemoteMap = Record<string, string>;

/** Socket.io event to a ticket's owner and to support when the ticket got a message or changed status. */
export const TICKET_EVENT = 'ticket';
export interface TicketEvent {
  ticketId: string;
}
