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
