// First views (a signed-in page as it looks before its code and data have arrived, sent in its HTML): the
// file each build writes (`first-views.json`, tooling/webpack/first-view.js) and the API puts together for a
// request (api/src/web/first-views.ts).

/** Where the page goes in the frame's markup: the shell renders it, the API replaces it with the page. */
export const PAGE_SLOT = '<template data-ps5-page=""></template>';

/** One view in one theme and variant: emotion's rules as [data-emotion attribute, css], and the markup per viewport. */
export interface FirstViewParts {
  styles: [string, string][];
  bodies: string[];
}

/**
 * A build's `first-views.json`: the screen widths' media queries, and for each route path, theme and variant
 * (a remote's pages: `page`; the shell's frame: `test` with the test-mode mark, `live` without) the parts.
 */
export interface FirstViewsFile {
  viewports: string[];
  views: Record<string, Record<string, Record<string, FirstViewParts> | undefined> | undefined>;
}
