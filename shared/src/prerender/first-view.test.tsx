import { checkQueries, FIRST_VIEW_VIEWPORTS, matchesAtWidth } from './first-view';

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

  it('fails a render that asks a query whose answer changes inside one of the ranges', () => {
    const [phone] = FIRST_VIEW_VIEWPORTS;
    expect(() => checkQueries(['(max-width:599.95px)'], phone!)).toThrow(/changes its answer between 0 and 767.98 px/);
  });
});
