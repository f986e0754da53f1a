// A signed-in page's first view: the page as it looks before its code and data have arrived, sent in its
// HTML so a phone paints it at once (docs/frontend-weight.md). The builds render the parts at build time
// (tooling/webpack/delivery/first-view.js): the shell its frame for each route that has a first view, in each theme,
// with and without the test-mode mark; the route's remote its page. This puts the two together for a
// request, reading each build's `first-views.json` as it now is, so a remote redeployed on its own (or a
// release promoted) sends its new first view under the same shell. In the page, the first view stands before the (still empty) `#root`
// and hides it; the portal removes the first view once the page itself has rendered (shell/src/routing/first-view.ts).
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { emotionStyleTags, FIRST_VIEWS_FILE, PAGE_SLOT, type FirstViewParts, type FirstViewsFile } from 'contract/first-views';
import { routePattern } from './page-preloads.ts';
import type { RemoteSourceMap } from './remote-sources.ts';

export type FirstViewTheme = 'dark' | 'light';

export interface FirstView {
  /** Names what the view was made from: a page cached under it is still current. */
  key: string;
  /** Style tags for <head>. */
  head: string;
  /** The first view's element, to stand before `#root`. */
  body: string;
}

/** The style tags of a frame and its page, each rule once. */
export function styleTags(parts: readonly FirstViewParts[]): string {
  return emotionStyleTags(parts.flatMap((part) => part.styles));
}

/** A build's screen-width range, from the media query it wrote (`(min-width: Apx) and (max-width: Bpx)`). */
function rangeOf(media: string): { min: number; max: number } | null {
  const min = /min-width:\s*([\d.]+)px/.exec(media);
  const max = /max-width:\s*([\d.]+)px/.exec(media);
  if (!min && !max) return null;
  return { min: min ? Number(min[1]) : 0, max: max ? Number(max[1]) : Number.POSITIVE_INFINITY };
}

function mediaOf(min: number, max: number): string {
  if (min === 0) return `(max-width: ${max}px)`;
  return max === Number.POSITIVE_INFINITY ? `(min-width: ${min}px)` : `(min-width: ${min}px) and (max-width: ${max}px)`;
}

/**
 * The screen widths of two builds laid over each other: each build splits the widths where its own page's
 * queries change (a remote that added a breakpoint has more ranges than the shell), so the view has one
 * part per range of either, each with the frame's and the page's render for it. Null when either build's
 * ranges do not cover every width once.
 */
function commonRanges(frame: readonly string[], page: readonly string[]): { media: string; frame: number; page: number }[] | null {
  const ranges = [frame.map(rangeOf), page.map(rangeOf)];
  for (const list of ranges) {
    if (list.some((range) => range === null) || list[0]?.min !== 0 || list.at(-1)?.max !== Number.POSITIVE_INFINITY) return null;
  }
  const [frameRanges, pageRanges] = ranges as { min: number; max: number }[][];
  const starts = [...new Set([...frameRanges!, ...pageRanges!].map((range) => range.min))].sort((a, b) => a - b);
  const within = (list: { min: number; max: number }[], width: number) => list.findIndex((range) => range.min <= width && width <= range.max);
  const common = starts.map((min, index) => {
    const next = starts[index + 1];
    const max = next === undefined ? Number.POSITIVE_INFINITY : Math.round((next - 0.01) * 100) / 100;
    return { media: mediaOf(min, max), frame: within(frameRanges!, min), page: within(pageRanges!, min) };
  });
  return common.every((range) => range.frame >= 0 && range.page >= 0) ? common : null;
}

/**
 * The frame with the page in its place, once per screen-width range, and the CSS that shows the one for the
 * screen. While the first view is there, `#root` (where the portal renders the page) stays out of sight and
 * out of the layout; removing the first view shows it.
 */
export function composeFirstView(
  viewports: { frame: readonly string[]; page: readonly string[] },
  frame: FirstViewParts,
  page: FirstViewParts,
): Omit<FirstView, 'key'> | null {
  if (frame.bodies.length !== viewports.frame.length || page.bodies.length !== viewports.page.length) return null;
  if (!frame.bodies.every((body) => body.includes(PAGE_SLOT))) return null;
  const ranges = commonRanges(viewports.frame, viewports.page);
  if (!ranges) return null;
  const variants = ranges.map(
    (range, index) => `<div data-fv="${index}">${(frame.bodies[range.frame] ?? '').replace(PAGE_SLOT, () => page.bodies[range.page] ?? '')}</div>`,
  );
  const layout =
    '#first-view>div{display:none}' +
    ranges.map((range, index) => `@media ${range.media}{#first-view>[data-fv="${index}"]{display:contents}}`).join('') +
    '#first-view~#root{position:absolute;top:0;left:0;right:0;visibility:hidden}';
  return {
    head: `${styleTags([frame, page])}<style>${layout}</style>`,
    body: `<div id="first-view" inert>${variants.join('')}</div>`,
  };
}

interface Route {
  pattern: RegExp;
  path: string;
  remote: string;
}

function firstViewRoutes(manifestFile: URL): Route[] {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    remotes: { name: string; routes: { path: string; firstView?: boolean }[] }[];
  };
  return manifest.remotes.flatMap((remote) =>
    remote.routes.filter((route) => route.firstView).map((route) => ({ pattern: routePattern(route.path), path: route.path, remote: remote.name })),
  );
}

/** A build's file, or null while it is being written (the page then goes without a first view this time). */
async function parsedOrNull(path: string): Promise<FirstViewsFile | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as FirstViewsFile;
  } catch {
    return null;
  }
}

export interface FirstViews {
  /** The first view of the page at `path`, or null: no first view for it, a build without one, or builds that do not fit together. */
  /** `sources`: where each remote is served from for this request (a remote served from elsewhere has none here). */
  viewFor(path: string, options: { theme: FirstViewTheme; testMode: boolean; sources: RemoteSourceMap }): Promise<FirstView | null>;
}

export function createFirstViews(options: { manifestFile: URL; shellDir: string }): FirstViews {
  const routes = firstViewRoutes(options.manifestFile);
  // Each build's file, parsed once per version of it; each view put together once per versions of its two files.
  const files = new Map<string, { version: string; file: FirstViewsFile | null }>();
  const composed = new Map<string, FirstView | null>();

  async function fileIn(dir: string): Promise<{ version: string; file: FirstViewsFile } | null> {
    const path = join(dir, FIRST_VIEWS_FILE);
    let version: string;
    try {
      const { mtimeMs, size } = await stat(path);
      version = `${mtimeMs}:${size}`;
    } catch {
      return null; // a build without first views
    }
    let known = files.get(path);
    if (known?.version !== version) {
      known = { version, file: await parsedOrNull(path) };
      files.set(path, known);
    }
    return known.file ? { version, file: known.file } : null;
  }

  return {
    async viewFor(path, { theme, testMode, sources }) {
      const route = routes.find((candidate) => candidate.pattern.test(path));
      const remoteDir = route ? sources[route.remote]?.dir : undefined;
      if (!route || !remoteDir) return null;
      const [shell, remote] = await Promise.all([fileIn(options.shellDir), fileIn(remoteDir)]);
      if (!shell || !remote) return null;
      const key = `${route.path}|${theme}|${testMode}|${shell.version}|${remoteDir}:${remote.version}`;
      if (!composed.has(key)) {
        const frame = shell.file.views[route.path]?.[theme]?.[testMode ? 'test' : 'live'];
        const page = remote.file.views[route.path]?.[theme]?.page;
        const view = frame && page ? composeFirstView({ frame: shell.file.viewports, page: remote.file.viewports }, frame, page) : null;
        if (composed.size > 100) composed.clear();
        composed.set(key, view ? { key, ...view } : null);
      }
      return composed.get(key) ?? null;
    },
  };
}

/** The theme the portal last showed in this browser, from the cookie it keeps for the server (dark unless set). */
export function themeFromCookie(cookie: string | undefined): FirstViewTheme {
  return /(?:^|;\s*)theme=light(?:;|$)/.test(cookie ?? '') ? 'light' : 'dark';
}
