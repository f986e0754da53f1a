import { io, type Socket } from 'socket.io-client';
import { BALANCE_EVENT, TICKET_EVENT, type BalanceEvent, type TicketEvent } from 'contract/realtime';

/**
 * The portal's one socket to the API (same host as the page), authenticated with the session token.
 * `onBalance` runs for every `balance` event addressed to this user, `onTicket` for every `ticket` event
 * (a ticket of theirs changed, or, for members of support, any ticket).
 */
export function connectBalanceSocket(
  token: string,
  onBalance: (event: BalanceEvent) => void,
  onTicket: (event: TicketEvent) => void = () => undefined,
): () => void {
  const socket: Socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  socket.on(BALANCE_EVENT, onBalance);
  socket.on(TICKET_EVENT, onTicket);
  return () => {
    socket.off(BALANCE_EVENT, onBalance);
    socket.off(TICKET_EVENT, onTicket);
    socket.disconnect();
  };
}
