import { io, type Socket } from 'socket.io-client';
import { BALANCE_EVENT, LEASE_EVENT, type BalanceEvent, type LeaseEvent } from 'contract/realtime';

/**
 * The portal's one socket to the API (same host as the page), authenticated with the session token.
 * `onBalance` runs for every `balance` event addressed to this user, `onLease` for every `lease` event (a
 * renewal, a failed renewal, a lease waiting for its exit or ending).
 */
export function connectBalanceSocket(
  token: string,
  onBalance: (event: BalanceEvent) => void,
  onLease: (event: LeaseEvent) => void = () => {},
): () => void {
  const socket: Socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  socket.on(BALANCE_EVENT, onBalance);
  socket.on(LEASE_EVENT, onLease);
  return () => {
    socket.off(BALANCE_EVENT, onBalance);
    socket.off(LEASE_EVENT, onLease);
    socket.disconnect();
  };
}
