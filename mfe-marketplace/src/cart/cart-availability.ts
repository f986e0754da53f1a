import { errorStatus } from 'shared/api/api-client';
import type { ProxyListing, PurchaseItem, PurchaseRefusal } from 'contract/marketplace';

// The honest cart: a listing someone else bought meanwhile is named and dropped, and the rest is still
// bought. The server keeps each purchase all-or-nothing and answers 409 with every taken id; the client
// retries without them. A short balance (402) stays a failure of the whole purchase.

/** The ids a 409 refusal names as taken, or null when the error is something else. */
export function takenIdsOf(error: unknown): string[] | null {
  if (errorStatus(error) !== 409) return null;
  // The API client parses an error answer's JSON into `data`.
  const data = (error as { data?: unknown }).data as Partial<PurchaseRefusal> | null | undefined;
  return Array.isArray(data?.unavailable) ? data.unavailable.filter((id): id is string => typeof id === 'string') : null;
}

/** The items of a cart whose ids the server says can no longer be bought. */
export function splitByAvailability<T extends { id: string }>(items: readonly T[], unavailable: readonly string[]) {
  const taken = new Set(unavailable);
  return { available: items.filter((item) => !taken.has(item.id)), taken: items.filter((item) => taken.has(item.id)) };
}

/** What a purchase of several listings ended with: bought ones, and the ones taken before we could. */
export interface PurchaseOutcome {
  bought: PurchaseItem[];
  taken: ProxyListing[];
}

/**
 * Buys `listings`; each 409 naming taken listings drops those and tries the rest again, so one sold
 * proxy never stops the others. Every other failure (402 insufficient funds, network) is thrown as is,
 * with what was found taken so far attached as `taken`.
 */
export async function buyAvailable(
  listings: readonly ProxyListing[],
  buy: (ids: string[]) => Promise<PurchaseItem[]>,
): Promise<PurchaseOutcome> {
  let remaining = [...listings];
  const taken: ProxyListing[] = [];
  // Each round removes at least one listing, so this ends; the bound only guards against a faulty server.
  for (let round = 0; round <= listings.length; round++) {
    if (remaining.length === 0) return { bought: [], taken };
    try {
      return { bought: await buy(remaining.map((listing) => listing.id)), taken };
    } catch (error) {
      const ids = takenIdsOf(error);
      const split = ids === null ? null : splitByAvailability(remaining, ids);
      if (split === null || split.taken.length === 0) throw Object.assign(error as object, { taken });
      taken.push(...split.taken);
      remaining = split.available;
    }
  }
  return { bought: [], taken };
}

/** 'Proxy 1.2.3.4 was just sold and left your cart.' or the plural for several. */
export function takenMessage(taken: readonly { sock_real_ip: string }[]): string {
  const ips = taken.map((listing) => listing.sock_real_ip).join(', ');
  return taken.length === 1 ? `Proxy ${ips} was just sold and left your cart.` : `Proxies ${ips} were just sold and left your cart.`;
}

/** The cart items the server named as no longer for sale and not yet marked so, marked as sold. */
export function markTaken<T extends { id: string; sold?: boolean }>(items: readonly T[], unavailable: readonly string[]): T[] {
  return splitByAvailability(items, unavailable).taken.filter((item) => !item.sold).map((item) => ({ ...item, sold: true }));
}
