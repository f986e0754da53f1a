// What the socket carries and what the portal serves besides /api. Plain types (no schema): nothing
// validates them, and the shell imports the event name at runtime without the schema builder.

/** Socket.io event the server emits to a user's room when their balance changed. */
export const BALANCE_EVENT = 'balance';
export interface BalanceEvent {
  _id: string;
}

/** GET /remotes.json: federation name -> manifest URL. */
export type RemoteMap = Record<string, string>;
