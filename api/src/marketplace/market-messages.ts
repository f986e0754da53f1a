// What the marketplace answers when it refuses something, shown to the user as it is.
import { centsToDollars } from 'contract/money';

const dollars = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

export const marketMessages = {
  notFound: (id: string) => `Proxy ${id} does not exist`,
  unavailable: (ips: readonly string[]) =>
    ips.length === 1 ? `Proxy ${ips[0]} is no longer available` : `Proxies ${ips.join(', ')} are no longer available`,
  insufficientFunds: (balanceCents: number, totalCents: number) =>
    `Insufficient funds: your balance is ${dollars(balanceCents)}, these proxies cost ${dollars(totalCents)}`,
  findTooShort: 'Type at least 2 characters to search',
  noFreePort: 'No proxy port is free right now; please try again later',
  noSuchLease: (historyId: string) => `You have no proxy ${historyId}`,
  unknownRegion: (region: string) => `Unknown region "${region}"`,
  stateSearch: "A state search sends METHOD 'search', COUNTRY and STATE; a country search sends COUNTRY alone",
};
