import { checkQueries, FIRST_VIEW_VIEWPORTS, matchesAtWidth, splitViewports } from './first-view';

describe('first views: the screen widths', () => {
  it('answers the width queries useMediaQuery asks, as MUI writes them and as we do', () => {
    expect(matchesAtWidth('(max-width:899.95px)', 899.95)).toBe(true);
    expect(matchesAtWidth('@media (max-width:899.95px)', 900)).toBe(false);
    expect(matchesAtWidth('(min-width: 768px) and (max-width: 899.95px)', 800)).toBe(true);
    expect(matchesAtWidth('(min-width: 768px) and (max-width: 899.95px)', 390)).toBe(false);
    expect(() => matchesAtWidth('(prefers-reduced-motion: reduce)', 390)).toThrow(/cannot be answered at build time/);
  });

  it('covers every width once, and each range gives every query the portal asks one answer', () => {
    FIRST_VIEW_VIEWPORTS.forEach((viewport, index) => {
      expect(viewport.min).toBeLessThanOrEqual(viewport.width);
      expect(viewport.width).toBeLessThanOrEqual(viewport.max);
      expect(matchesAtWidth(viewport.media, viewport.width)).toBe(true);
      const next = FIRST_VIEW_VIEWPORTS[index + 1];
      if (next) expect(next.min).toBeCloseTo(viewport.max + 0.01, 5);
    });
    // The dashboard's and history's narrow screen, and the top bar's menu (MUI's `md`).
    for (const viewport of FIRST_VIEW_VIEWPORTS) expect(() => checkQueries(['(max-width: 767.98px)', '(max-width:899.95px)'], viewport)).not.toThrow();
  });

  it('says when a query changes its answer inside a range', () => {
    const [phone] = FIRST_VIEW_VIEWPORTS;
    expect(() => checkQueries(['(max-width:599.95px)'], phone!)).toThrow(/changes its answer between 0 and 767.98 px/);
  });

  it('splits a range where a component asks a new breakpoint, and leaves the ranges the queries already fit', () => {
    expect(splitViewports(FIRST_VIEW_VIEWPORTS, ['(max-width: 767.98px)', '(max-width:899.95px)'])).toEqual(FIRST_VIEW_VIEWPORTS);
    const split = splitViewports(FIRST_VIEW_VIEWPORTS, ['(min-width:600px)', '(max-width:1535.95px)']);
    expect(split.map(({ min, max, width, media }) => [min, max, width, media])).toEqual([
      [0, 599.99, 390, '(max-width: 599.99px)'],
      [600, 767.98, 600, '(min-width: 600px) and (max-width: 767.98px)'],
      [767.99, 899.95, 800, '(min-width: 767.99px) and (max-width: 899.95px)'],
      [899.96, 1535.95, 1280, '(min-width: 899.96px) and (max-width: 1535.95px)'],
      [1535.96, 100_000, 1536, '(min-width: 1535.96px)'],
    ]);
    // Each new range gives the queries one answer, and the ranges still cover every width once.
    for (const range of split) expect(() => checkQueries(['(min-width:600px)', '(max-width:1535.95px)'], range)).not.toThrow();
    split.slice(1).forEach((range, index) => expect(range.min).toBeCloseTo(split[index]!.max + 0.01, 5));
  });
});
