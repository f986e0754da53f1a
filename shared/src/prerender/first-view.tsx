// Built for Node only, into the prerender bundles of the shell and of the remotes whose pages have a first
// view (tooling/webpack/delivery/first-view.js): no page in the browser loads it. A first view is a signed-in page as
// it looks before its code and data have arrived, rendered at build time from the page's own components, so
// a phone paints it from the HTML at once and the page, once its code has run, takes its place
// (docs/frontend-weight.md). Rendered as a customer who is signed in but whose data has not arrived yet: every query
// is still pending, as it is in the browser on the page's first render.
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ComponentType, ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'shared/routing/server-router';
import { PAGE_SLOT } from 'contract/first-views';
import type { PortalConfig } from 'contract/portal-config';
import { authAtom } from 'shared/auth/auth-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { queryKeys } from 'shared/query/query-keys';
import { themeModeAtom, type ThemeMode } from 'shared/theme/theme-atoms';
import { PortalTheme } from 'shared/ui/portal-providers';

/**
 * The screen widths a first view is rendered for, one per range in which every media query the page's
 * components ask in JavaScript (useMediaQuery) has the same answer. The HTML carries one render per range
 * and CSS shows the one that fits the screen. The ranges follow the queries: a render that asks a query whose
 * answer changes inside a range splits that range there and the views are rendered again, so a component
 * that adds a breakpoint gets its own first view without anyone listing it.
 */
export interface Viewport {
  /** The width the render assumes. */
  width: number;
  /** The range it stands for, in CSS pixels (max inclusive). */
  min: number;
  max: number;
  /** The same range as a CSS media query. */
  media: string;
}

/** Widest screen a range is said to reach (an open upper end). */
const WIDEST = 100_000;

/** The range from `min` to `max`, rendered at `preferred` when that lies in it, else at its nearest end. */
function viewport(min: number, max: number, preferred: number): Viewport {
  const width = preferred < min ? Math.ceil(min) : preferred > max ? Math.max(min, Math.floor(max)) : preferred;
  const media = min === 0 ? `(max-width: ${max}px)` : max >= WIDEST ? `(min-width: ${min}px)` : `(min-width: ${min}px) and (max-width: ${max}px)`;
  return { width, min, max, media };
}

/**
 * Where the ranges start: the phone layout below 768 px (the dashboard's and the history's narrow screen), the
 * top bar's menu below 900 px (MUI's `md`), and above, each rendered at a common screen width.
 */
export const FIRST_VIEW_VIEWPORTS: readonly Viewport[] = [viewport(0, 767.98, 390), viewport(767.99, 899.95, 800), viewport(899.96, WIDEST, 1280)];

/** Hundredths of a pixel, the finest step the ranges use. */
const step = (width: number) => Math.round(width * 100) / 100;

/** The themes a first view is rendered in: the portal's own two (the landing page has its own prerender). */
const FIRST_VIEW_THEMES: readonly ThemeMode[] = ['dark', 'light'];

const WIDTH_FEATURE = /^\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)$/;

/** Whether `query` (as useMediaQuery gets it: `(max-width:899.95px)`, `@media (min-width: 600px)`, ...) holds at `width`. */
export function matchesAtWidth(query: string, width: number): boolean {
  const parts = query.replace(/^@media\s*/, '').trim().split(/\s+and\s+/);
  return parts.every((part) => {
    const feature = WIDTH_FEATURE.exec(part.trim());
    if (!feature) throw new Error(`first view: the media query "${query}" cannot be answered at build time (only min-width and max-width in px)`);
    const limit = Number(feature[2]);
    return feature[1] === 'min' ? width >= limit : width <= limit;
  });
}

/** Fails when a query asked during a render would be answered differently somewhere else in the viewport's range. */
export function checkQueries(queries: Iterable<string>, viewport: Viewport): void {
  for (const query of queries) {
    const answer = matchesAtWidth(query, viewport.width);
    if (matchesAtWidth(query, viewport.min) !== answer || matchesAtWidth(query, viewport.max) !== answer) {
      throw new Error(`first view: "${query}" changes its answer between ${viewport.min} and ${viewport.max} px; FIRST_VIEW_VIEWPORTS needs a range boundary there`);
    }
  }
}

/** The last width below each boundary a query draws: `(min-width: 600px)` changes between 599.99 and 600. */
function lowerSides(query: string): number[] {
  return query
    .replace(/^@media\s*/, '')
    .trim()
    .split(/\s+and\s+/)
    .map((part) => {
      const feature = WIDTH_FEATURE.exec(part.trim());
      if (!feature) throw new Error(`first view: the media query "${query}" cannot be answered at build time (only min-width and max-width in px)`);
      const limit = Number(feature[2]);
      return feature[1] === 'min' ? step(limit - 0.01) : limit;
    });
}

/** The ranges cut wherever one of `queries` changes its answer inside them; unchanged when none does. */
export function splitViewports(viewports: readonly Viewport[], queries: Iterable<string>): Viewport[] {
  const cuts = [...new Set([...queries].flatMap(lowerSides))].sort((a, b) => a - b);
  return viewports.flatMap((range) => {
    const inside = cuts.filter((cut) => cut >= range.min && cut < range.max);
    if (inside.length === 0) return [range];
    let min = range.min;
    return [...inside, range.max].map((max) => {
      const part = viewport(min, max, range.width);
      min = step(max + 0.01);
      return part;
    });
  });
}

export interface FirstViewRender {
  /** The route's location, e.g. `/dashboard`. */
  path: string;
  mode: ThemeMode;
  viewport: Viewport;
  /** What `/api/config` answers, when the render shows it (the top bar's test-mode mark). */
  config?: PortalConfig;
  /** Keeps the ids React makes (useId) apart from those of the other renders in the same page. */
  idPrefix: string;
  /** Collects the media queries the render asked. */
  queries: Set<string>;
}

/** Requests made while rendering never answer: the render shows what the browser shows before they do. */
const pendingForever = () => new Promise<never>(() => undefined);

/** A render that has not finished by then is waiting for something that never comes: the build fails. */
const RENDER_TIMEOUT_MS = 20_000;

/**
 * Renders `element` as a signed-in customer sees it before any data has arrived: the markup, with emotion's
 * style tags inline (the build moves them into <head>). Lazy parts (a page's code run in steps) are waited
 * for; a query never answers, so what waits for data shows what it shows while it waits.
 */
export async function renderFirstView(element: ReactNode, { path, mode, viewport, config, idPrefix, queries }: FirstViewRender): Promise<string> {
  const ssrMatchMedia = (query: string) => {
    queries.add(query);
    return { matches: matchesAtWidth(query, viewport.width) };
  };
  const withMediaQueries = (theme: Theme): Theme => ({
    ...theme,
    components: { ...theme.components, MuiUseMediaQuery: { defaultProps: { ssrMatchMedia } } },
  });
  const store = createStore();
  store.set(authAtom, { token: 'first-view', userId: 'first-view', user: null });
  // The theme toggle shows the theme it switches to.
  store.set(themeModeAtom, mode);
  appQueryClient.clear();
  if (config) appQueryClient.setQueryData(queryKeys.portalConfig, config);
  const realFetch = globalThis.fetch;
  globalThis.fetch = pendingForever;
  const timeout = AbortSignal.timeout(RENDER_TIMEOUT_MS);
  try {
    const { prelude } = await prerender(
      <JotaiProvider store={store}>
        <PortalTheme forcedMode={mode}>
          <ThemeProvider theme={withMediaQueries}>
            <QueryClientProvider client={appQueryClient}>
              <StaticRouter location={path}>{element}</StaticRouter>
            </QueryClientProvider>
          </ThemeProvider>
        </PortalTheme>
      </JotaiProvider>,
      {
        identifierPrefix: idPrefix,
        signal: timeout,
        onError(error) {
          throw error;
        },
      },
    );
    if (timeout.aborted) throw new Error(`first view ${path}: the render did not finish in ${RENDER_TIMEOUT_MS / 1000} s`);
    return await new Response(prelude).text();
  } finally {
    globalThis.fetch = realFetch;
    appQueryClient.clear();
  }
}

/** What a prerender bundle hands the build: for each route, theme and variant, one markup per viewport. */
export interface FirstViewRenders {
  viewports: readonly Viewport[];
  renders: Record<string, Record<string, Record<string, string[]>>>;
}

/**
 * Renders every view once per range, then again with the ranges split where the renders' queries said they
 * must be, until no query changes its answer inside a range.
 */
async function renderAll(
  paths: readonly string[],
  variants: readonly string[],
  render: (path: string, mode: ThemeMode, variant: string, viewport: Viewport, queries: Set<string>) => Promise<string>,
): Promise<FirstViewRenders> {
  let viewports: readonly Viewport[] = FIRST_VIEW_VIEWPORTS;
  for (;;) {
    const queries = new Set<string>();
    const renders: FirstViewRenders['renders'] = {};
    for (const path of paths) {
      renders[path] = {};
      for (const mode of FIRST_VIEW_THEMES) {
        const byVariant: Record<string, string[]> = {};
        for (const variant of variants) {
          // One at a time: the renders share the query client and the stubbed fetch.
          const markups: string[] = [];
          for (const range of viewports) markups.push(await render(path, mode, variant, range, queries));
          byVariant[variant] = markups;
        }
        renders[path][mode] = byVariant;
      }
    }
    const split = splitViewports(viewports, queries);
    if (split.length === viewports.length) {
      for (const range of viewports) checkQueries(queries, range);
      return { viewports, renders };
    }
    viewports = split;
  }
}

/** A remote's pages (route path -> page component), each as the one variant `page`. */
export function renderPageViews(pages: Readonly<Record<string, ComponentType>>): Promise<FirstViewRenders> {
  return renderAll(Object.keys(pages), ['page'], (path, mode, _variant, viewport, queries) => {
    const Page = pages[path] as ComponentType;
    return renderFirstView(<Page />, { path, mode, viewport, idPrefix: 'fvp-', queries });
  });
}

/**
 * The shell's frame around each of `paths` (its links mark the page they are on), with PAGE_SLOT where the
 * page goes: `test` as while payments run in the sandbox (the test-mode mark), `live` otherwise.
 */
export function renderFrameViews(frame: (page: ReactNode) => ReactNode, paths: readonly string[]): Promise<FirstViewRenders> {
  return renderAll(paths, ['test', 'live'], async (path, mode, variant, viewport, queries) => {
    const config: PortalConfig = { paymentsMode: variant === 'test' ? 'sandbox' : 'live' };
    const markup = await renderFirstView(frame(<template data-ps5-page="" />), { path, mode, viewport, config, idPrefix: 'fvf-', queries });
    if (!markup.includes(PAGE_SLOT)) throw new Error(`first view ${path}: the frame has no place for the page`);
    return markup;
  });
}
