import { unsoldItems } from 'contract/proxy-filters';

/** '2 proxies', '1 proxy' or 'empty'. */
export function cartCountLabel(count: number): string {
  if (count === 0) return 'empty';
  return count === 1 ? '1 proxy' : `${count} proxies`;
}

export function cartTotal(items: readonly { price: number; sold?: boolean }[]): number {
  return unsoldItems(items).reduce((sum, item) => sum + Math.round(item.price * 100), 0) / 100;
}
