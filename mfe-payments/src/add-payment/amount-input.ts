/** Presets, in dollars; $50 is selected when the page opens. */
export const PRESET_AMOUNTS = [20, 50, 100, 200, 500] as const;
export const DEFAULT_AMOUNT = 50;

/**
 * The custom amount accepts only numbers of 0 or more. Anything typed that is not such a number
 * (a minus sign, an exponent, a third decimal) is refused as the user types, so the field never holds it.
 */
export function isAcceptableAmountInput(text: string): boolean {
  return /^\d{0,7}(\.\d{0,2})?$/.test(text);
}

/** The dollars a custom amount stands for; 0 while the field is empty. */
export function amountOf(text: string): number {
  const value = Number(text);
  return text === '' || text === '.' || !Number.isFinite(value) ? 0 : value;
}
