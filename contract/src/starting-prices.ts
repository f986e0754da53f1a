// The landing page's "from $X" figures: the cheapest proxy for sale of each kind, from the live catalogue.
// The API computes them (GET /api/proxy/from-prices, cached for a minute) and writes them into the HTML of
// `/`: into each element marked with STARTING_PRICE_ATTRIBUTE, and as JSON in the STARTING_PRICES_META tag,
// from which the page renders the same text when it takes the markup over. No imports: the landing page's
// weight counts every byte it loads.

/** The kinds the landing page names a price for: the cheapest of all, and each offer. */
export const STARTING_PRICE_KINDS = ['any', 'Mobile', 'Residential', 'Datacenter'] as const;
export type StartingPriceKind = (typeof STARTING_PRICE_KINDS)[number];

/** Dollars per 24 hours of the cheapest listing for sale of each kind; null: none for sale. */
export type StartingPrices = Record<StartingPriceKind, number | null>;

/** The attribute of an element whose text is a kind's figure. */
export const STARTING_PRICE_ATTRIBUTE = 'data-ps5-from';
/** The <meta name> carrying the figures as JSON in the page. */
export const STARTING_PRICES_META = 'ps5-from-prices';
export const STARTING_PRICES_PATH = '/api/proxy/from-prices';
/** How long an instance serves the figures it computed; browsers may keep them as long. */
export const STARTING_PRICES_TTL_SECONDS = 60;

/** A kind's figure as the page shows it: "$0.25"; none for sale: a dash; not known yet: an ellipsis. */
export function startingPriceText(prices: StartingPrices | null, kind: StartingPriceKind): string {
  if (prices === null) return '…';
  const price = prices[kind];
  return price === null ? '—' : `$${price.toFixed(2)}`;
}

/** The figures from the meta tag's JSON, or null when it is missing or not what the API writes. */
export function parseStartingPrices(json: string | null | undefined): StartingPrices | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    const valid = STARTING_PRICE_KINDS.every((kind) => value[kind] === null || (typeof value[kind] === 'number' && Number.isFinite(value[kind])));
    return valid ? (value as StartingPrices) : null;
  } catch {
    return null;
  }
}
