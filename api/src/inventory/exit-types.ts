// What an operator declares about an exit on import: its type (how customers filter it) and, optionally,
// its price. Without a price the exit sells at its type's price class, which follows the shop's price guide
// (a base price plus a premium while the listing is fresh, under 12 hours old).

export const DECLARED_TYPES = ['mobile', 'residential', 'datacenter'] as const;
export type DeclaredType = (typeof DECLARED_TYPES)[number];

/** The words an import file may use for each type (lower case). */
const SYNONYMS: Record<string, DeclaredType> = {
  mobile: 'mobile',
  'mobile lte': 'mobile',
  'mobile-lte': 'mobile',
  lte: 'mobile',
  '4g': 'mobile',
  '5g': 'mobile',
  mob: 'mobile',
  residential: 'residential',
  res: 'residential',
  isp: 'residential',
  datacenter: 'datacenter',
  'data center': 'datacenter',
  dc: 'datacenter',
  dch: 'datacenter',
  hosting: 'datacenter',
};

export function declaredTypeOf(word: string): DeclaredType | null {
  return SYNONYMS[word.trim().toLowerCase()] ?? null;
}

/** The marketplace's user-type code of each declared type (the type filter's values). */
export const USER_TYPE: Record<DeclaredType, string> = { mobile: 'MOB', residential: 'ISP', datacenter: 'DCH' };

/** Price classes in cents: base and freshness premium, within the price guide ($0.50-0.80 + $0.70-1.00). */
export const PRICE_CLASS: Record<DeclaredType, { baseCents: number; freshCents: number }> = {
  datacenter: { baseCents: 50, freshCents: 70 },
  residential: { baseCents: 65, freshCents: 85 },
  mobile: { baseCents: 80, freshCents: 100 },
};

/** The most an operator may ask for one period of one exit, in cents (a typo guard: $1,000). */
export const MAX_PRICE_CENTS = 100_000;

/** A listing's price parts: the operator's price as it is, or the type's class. */
export function listingPrice(type: DeclaredType, priceCents: number | null): { baseCents: number; freshCents: number } {
  return priceCents === null ? PRICE_CLASS[type] : { baseCents: priceCents, freshCents: 0 };
}
