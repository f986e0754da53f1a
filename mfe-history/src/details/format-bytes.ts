const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Bytes in the largest unit that keeps the number at 1 or more (1,000 per step, as traffic is counted). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${UNITS[unit]}`;
}
