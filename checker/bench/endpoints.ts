// The benchmark's exits: 10,000 upstream endpoints on loopback, spread over 20 addresses (127.0.10.1-20) and
// 500 ports each; one in ten accepts and never answers (black-holed), one in ten refuses (nothing listens),
// the rest are live SOCKS5 upstreams. Every contender checks the same list.
export type EndpointKind = 'live' | 'black-hole' | 'refused';

export interface Endpoint {
  host: string;
  port: number;
  kind: EndpointKind;
}

export const ADDRESSES = 20;
export const FIRST_PORT = 34_000;
export const PORTS_PER_ADDRESS = 500;
/** Where the judge listens (another process). */
export const JUDGE = { host: '127.0.11.1', port: 34_999 };

export function benchEndpoints(count = ADDRESSES * PORTS_PER_ADDRESS): Endpoint[] {
  return Array.from({ length: count }, (_, i) => ({
    host: `127.0.10.${(i % ADDRESSES) + 1}`,
    port: FIRST_PORT + Math.floor(i / ADDRESSES),
    kind: i % 10 === 3 ? 'black-hole' : i % 10 === 7 ? 'refused' : 'live',
  }));
}
