// What the marketplace answers when it refuses something, shown to the user as it is.
import { centsToDollars } from 'contract/money';

const dollars = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

export const marketMessages = {
  notFound: (id: string) => `Proxy ${id} does not exist`,
  unavailable: (ips: readonly string[]) =>
    ips.length === 1 ? `Proxy ${ips[0]} is no longer available` : `Proxies ${ips.join(', ')} are no longer available`,
  insufficientFunds: (balanceCents: number, totalCents: number) =>
    `Insufficient funds: your balance is ${dollars(balanceCents)}, these proxies cost ${dollars(totalCents)}`,
  notEnough: (wanted: { count: number; kind: string; country: string; state?: string }, available: number) => {
    const kind = wanted.kind === 'any' ? '' : `${wanted.kind} `;
    const place = wanted.state === undefined ? wanted.country : `${wanted.state} (${wanted.country})`;
    const offer = available === 0 ? 'none is' : available === 1 ? 'only 1 is' : `only ${available} are`;
    return `You asked for ${wanted.count} ${kind}${wanted.count === 1 ? 'proxy' : 'proxies'} in ${place}, but ${offer} for sale that matches: nothing was bought`;
  },
  unknownPlace: (query: string) => `No place called "${query.trim()}" is known: type a US ZIP code, a city (Austin, TX or Berlin, DE) or a US state`,
  pricesUnavailable: 'The catalogue cannot be read right now; please try again later',
  findTooShort: 'Type at least 2 characters to search',
  noFreePort: 'No proxy port is free right now; please try again later',
  noSuchLease: (historyId: string) => `You have no proxy ${historyId}`,
  unknownRegion: (region: string) => `Unknown region "${region}"`,
  stateSearch: "A state search sends METHOD 'search', COUNTRY and STATE; a country search sends COUNTRY alone",
};
