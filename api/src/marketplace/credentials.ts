import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomWord(): string {
  const length = randomInt(5, 8);
  let word = '';
  for (let i = 0; i < length; i++) word += ALPHABET[randomInt(ALPHABET.length)];
  return word;
}

/** A proxy's login and password are each 5-7 letters and digits. */
export function generateSocksAuth(): string {
  return `${randomWord()}:${randomWord()}`;
}

/** A lease's own port on its exit, outside the well-known and ephemeral ranges. */
export function generatePort(): number {
  return randomInt(10_000, 32_768);
}

/**
 * The `host:port` a customer connects to for a lease: what GET /proxy/my and a purchase's answer show. One
 * function, so the purchase answer and the own-proxies list can never disagree on the address.
 */
export function proxyEndpoint(realIp: string, port: number): string {
  return `${realIp}:${port}`;
}
