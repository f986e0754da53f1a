import { io, type Socket } from 'socket.io-client';
import { BALANCE_EVENT, type BalanceEvent } from 'contract/realtime';

/**
 * The portal's one socket to the API (same host as the page), authenticated with the session token.
 * `onBalance` runs for every `balance` event addressed to this user.
 */
export function connectBalanceSocket(token: string, onBalance: (event: BalanceEvent) => void): () => void {
  const socket: Socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  socket.on(BALANCE_EVENT, onBalance);
  return () => {
    socket.off(BALANCE_EVENT, onBalance);
    socket.disconnect();
  };
}
