import { io, type Socket } from 'socket.io-client';
import {
  BALANCE_EVENT,
  LEASE_EVENT,
  OPERATOR_EVENT,
  TICKET_EVENT,
  type BalanceEvent,
  type LeaseEvent,
  type OperatorEvent,
  type TicketEvent,
} from 'contract/realtime';

/**
 * The portal's one socket to the API (same host as the page), authenticated with the session token.
 * `onBalance` runs for every `balance` event addressed to this user, `onTicket` for every `ticket` event
 * (a ticket of theirs changed, or, for members of support, any ticket), `onLease` for every `lease` event
 * (a renewal, a failed renewal, a lease waiting for its exit or ending), `onOperator` for every `operator`
 * event (only operators' sockets get one: the console's figures changed).
 */
export function connectBalanceSocket(
  token: string,
  onBalance: (event: BalanceEvent) => void,
  onTicket: (event: TicketEvent) => void = () => undefined,
  onLease: (event: LeaseEvent) => void = () => undefined,
  onOperator: (event: OperatorEvent) => void = () => undefined,
): () => void {
  const socket: Socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  socket.on(BALANCE_EVENT, onBalance);
  socket.on(TICKET_EVENT, onTicket);
  socket.on(LEASE_EVENT, onLease);
  socket.on(OPERATOR_EVENT, onOperator);
  return () => {
    socket.off(BALANCE_EVENT, onBalance);
    socket.off(TICKET_EVENT, onTicket);
    socket.off(LEASE_EVENT, onLease);
    socket.off(OPERATOR_EVENT, onOperator);
    socket.disconnect();
  };
}
