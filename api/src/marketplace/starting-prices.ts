// The landing page's "from $X" figures (contract/starting-prices), kept for a minute: `/` is the page every
// visitor opens, and the figures move only when the cheapest listing of a kind is bought or a cheaper one
// arrives. A stale minute costs nothing: the table always shows the price a purchase is charged.
import { STARTING_PRICES_TTL_SECONDS, type StartingPrices } from 'contract/starting-prices';
import type { MarketReads } from './market-reads.ts';

export interface StartingPriceSource {
  /** The figures, at most a minute old; null when the catalogue cannot be read (the page then goes without). */
  current(): Promise<StartingPrices | null>;
}

export function createStartingPriceSource(market: Pick<MarketReads, 'startingPrices'>, options: { ttlMs?: number; now?: () => number } = {}): StartingPriceSource {
  const ttlMs = options.ttlMs ?? STARTING_PRICES_TTL_SECONDS * 1000;
  const now = options.now ?? Date.now;
  let cached: { at: number; prices: Promise<StartingPrices | null> } | null = null;
  return {
    current() {
      const at = now();
      if (cached === null || at - cached.at >= ttlMs) {
        // Concurrent requests share one read; a failed read is not kept, so the next request tries again.
        const prices = market.startingPrices(new Date(at)).catch(() => {
          cached = null;
          return null;
        });
        cached = { at, prices };
      }
      return cached.prices;
    },
  };
}
