/** Thousands separated by commas, the way US prices read: $10,000.00. */
const DOLLARS: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** Money is shown as $ with two decimals and thousands separators. The one formatter for it on the client. */
export function formatMoney(amount: number): string {
  const rounded = Number(Math.abs(amount).toFixed(2));
  const sign = amount < 0 && rounded > 0 ? '-' : '';
  return `${sign}$${rounded.toLocaleString('en-US', DOLLARS)}`;
}
