// Pager: 50 rows a page; Prev/Next with 10 page numbers around the current page and 2 at each end.

export const PAGE_SIZE = 50;
export const PAGE_RANGE = 10;
export const MARGIN_PAGES = 2;

export type PagerItem = { kind: 'page'; page: number } | { kind: 'break'; key: string };

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The buttons between Prev and Next, pages counted from 1: a window of `range` pages holding `current`,
 * `margin` pages at either end, and one break wherever numbers are skipped.
 */
export function pagerItems(current: number, count: number, range = PAGE_RANGE, margin = MARGIN_PAGES): PagerItem[] {
  const shown = new Set<number>();
  if (count <= range + 2 * margin) {
    for (let page = 1; page <= count; page++) shown.add(page);
  } else {
    let start = Math.max(1, current - Math.floor(range / 2));
    const end = Math.min(count, start + range - 1);
    start = Math.max(1, end - range + 1);
    for (let page = start; page <= end; page++) shown.add(page);
    for (let page = 1; page <= margin; page++) {
      shown.add(page);
      shown.add(count - page + 1);
    }
  }
  const items: PagerItem[] = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page > previous + 1) items.push({ kind: 'break', key: `break-${previous}` });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
}

export function pageSlice<T>(rows: readonly T[], page: number, pageSize = PAGE_SIZE): T[] {
  return rows.slice((page - 1) * pageSize, page * pageSize);
}
