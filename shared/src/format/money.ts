/** Money is shown as $ with two decimals. The one formatter for it on the client. */
export function formatMoney(dollars: number): string {
  const sign = dollars < 0 ? '-' : '';
  return `${sign}$${Math.abs(dollars).toFixed(2)}`;
}
