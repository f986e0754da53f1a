// First views (a signed-in page as it looks before its code and data have arrived, sent in its HTML): the
// file each build writes (`first-views.json`, tooling/webpack/delivery/first-view.js) and the API puts together for a
// request (api/src/web/first-views.ts).

/** The file each build with first views writes next to its files. */
export const FIRST_VIEWS_FILE = 'first-views.json';
/** The shell's page a first view goes into: index.html with its preloads kept for after the first paint. */
export const FIRST_VIEW_HTML = 'first-view.html';

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

/**
 * Emotion's rules as the style tags the page's emotion recognises: each global style in a tag of its own
 * (emotion finds it by its name and takes it over), every other rule in one tag naming all of them (emotion
 * inserts none of them again and moves nothing: a hundred moves of style elements cost a long task on a slow
 * phone). Each rule once. Used for the landing page's HTML and for first views.
 */
export function emotionStyleTags(styles: readonly (readonly [string, string])[]): string {
  const seen = new Set<string>();
  const tags: string[] = [];
  const names: string[] = [];
  const rules: string[] = [];
  for (const [attribute, css] of styles) {
    if (seen.has(attribute)) continue;
    seen.add(attribute);
    const [key, ...ids] = attribute.split(' ');
    if (key === 'css') {
      names.push(...ids);
      rules.push(css);
    } else {
      tags.push(`<style data-emotion="${attribute}" data-s="">${css}</style>`);
    }
  }
  if (names.length > 0) tags.push(`<style data-emotion="css ${names.join(' ')}" data-s="">${rules.join('')}</style>`);
  return tags.join('');
}
