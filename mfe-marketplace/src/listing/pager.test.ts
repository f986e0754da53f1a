import { pageCount, pagerItems, pageSlice, type PagerItem } from './pager';

const render = (items: PagerItem[]) => items.map((item) => (item.kind === 'page' ? String(item.page) : '…')).join(' ');

describe('pager (50 a page, 10 pages shown, 2 margin pages)', () => {
  it('counts pages of 50, with one page for an empty list', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(10_000)).toBe(200);
  });

  it('shows every page when they fit', () => {
    expect(render(pagerItems(1, 1))).toBe('1');
    expect(render(pagerItems(3, 14))).toBe('1 2 3 4 5 6 7 8 9 10 11 12 13 14');
  });

  it('shows 10 pages from the start plus the last 2 on the first page', () => {
    expect(render(pagerItems(1, 200))).toBe('1 2 3 4 5 6 7 8 9 10 … 199 200');
  });

  it('centres 10 pages on the current page between 2 margin pages at each end', () => {
    expect(render(pagerItems(50, 200))).toBe('1 2 … 45 46 47 48 49 50 51 52 53 54 … 199 200');
  });

  it('keeps 10 pages near the end', () => {
    expect(render(pagerItems(200, 200))).toBe('1 2 … 191 192 193 194 195 196 197 198 199 200');
  });

  it('slices the rows of a page', () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    expect(pageSlice(rows, 1)).toEqual(rows.slice(0, 50));
    expect(pageSlice(rows, 3)).toEqual(rows.slice(100, 120));
  });
});
