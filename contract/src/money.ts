// Money is integer cents inside the API and dollars (a JSON number with at most two decimals) on the wire.
// These two functions are the only conversion between them.

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Dollars from the wire as integer cents, or null when the amount has more than two decimals. */
export function dollarsToCents(amount: number): number | null {
  const cents = Math.round(amount * 100);
  return Math.abs(amount * 100 - cents) < 1e-6 ? cents : null;
}
