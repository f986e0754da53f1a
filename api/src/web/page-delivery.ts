// The serving side of page delivery, in one place: how the portal's pages and files leave the server. A page
// is the shell's HTML with what makes it show fast put in: `/` with the landing page the build rendered into
// it, a signed-in page with its first view (first-views.ts), every page with the preload of its remote's
// manifest (page-preloads.ts). Files are sent precompressed with the cache rule their name calls for. This is
// the only part of the API that knows the builds' file names; the portal plugin routes requests here.
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_VIEW_HTML } from 'contract/first-views';
import {
  STARTING_PRICE_ATTRIBUTE,
  STARTING_PRICE_KINDS,
  STARTING_PRICES_META,
  startingPriceText,
  type StartingPriceKind,
  type StartingPrices,
} from 'contract/starting-prices';
import type { StartingPriceSource } from '../marketplace/starting-prices.ts';
import type { RemoteMap } from 'contract/realtime';
import { createFirstViews, themeFromCookie, type FirstView } from './first-views.ts';
import { createPagePreloads } from './page-preloads.ts';
import { newVisitor, subjectFromCookie } from './canary-subject.ts';
import type { RemoteSources } from './remote-sources.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The composed shell's index.html marks where its page preloads go (`<meta name="ps5-remote-preloads">`); a
 * shell without the mark (the single-app build, which loads no remotes) gets none.
 */
const PRELOADS_MARK = /<meta name="?ps5-remote-preloads"?\s*\/?>/;

/** Written by the shell's production build: index.html with the landing page rendered into it. */
const LANDING_HTML = 'landing.html';
const EMPTY_ROOT = /<div id="?root"?><\/div>/;

/** Files that name other files: always revalidated so a deploy shows at the next load. */
const ENTRY_FILES = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
/** Webpack content hashes in file names (main.3f9a1c2b.js, 412.8e0d1f3a.css): safe to cache forever. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Brotli and gzip copies written at build time; their cache rule is the original file's. */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;
/** A source map, or a compressed copy of one. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

/**
 * The headers of a built file: its cache rule (content-hashed names for good, everything else revalidated),
 * and, where source maps are served, the map of a script (the build names none inside its scripts).
 */
function setFileHeaders(reply: FastifyReply, filePath: string, sourceMaps: boolean): void {
  const name = basename(filePath).replace(PRECOMPRESSED_SUFFIX, '');
  const immutable = !ENTRY_FILES.has(name) && !name.endsWith('.html') && HASHED_NAME.test(name);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (sourceMaps && name.endsWith('.js')) reply.header('sourcemap', `${name}.map`);
}

/** The page with a first view before its empty #root and the view's styles in <head>. */
function withFirstView(template: string, view: FirstView | null): string {
  if (!view || !EMPTY_ROOT.test(template)) return template;
  return template.replace('</head>', () => `${view.head}</head>`).replace(EMPTY_ROOT, (root) => `${view.body}${root}`);
}

const FIGURE = new RegExp(`(<[a-z]+ [^>]*${STARTING_PRICE_ATTRIBUTE}="([A-Za-z]+)"[^>]*>)[^<]*(</[a-z]+>)`, 'g');

/**
 * The landing page with the live "from $X" figures: each marked element's text, and the figures as JSON in
 * a meta tag, from which the page renders the same text when it takes the markup over (so React finds
 * nothing to change). A page without figures is left as the build rendered it (the page then asks the API).
 */
export function withStartingPrices(template: string, prices: StartingPrices | null): string {
  if (prices === null) return template;
  const json = JSON.stringify(prices).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return template
    .replace('</head>', () => `<meta name="${STARTING_PRICES_META}" content="${json}"></head>`)
    .replace(FIGURE, (whole, open: string, kind: string, close: string) =>
      (STARTING_PRICE_KINDS as readonly string[]).includes(kind) ? `${open}${startingPriceText(prices, kind as StartingPriceKind)}${close}` : whole,
    );
}

function withLinks(template: string, links: string): string {
  return PRELOADS_MARK.test(template) ? template.replace(PRELOADS_MARK, links) : template;
}

async function fileVersion(file: string): Promise<string> {
  const { mtimeMs, size } = await stat(file);
  return `${mtimeMs}:${size}`;
}

interface PageBody {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

export interface PageDelivery {
  /** Answers a request for the portal's page at `path`. */
  sendPage(request: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply>;
  /** The headers of a built file as the static files send it. */
  fileHeaders(reply: FastifyReply, filePath: string): void;
  /** A request hook answering 404 for source maps, unless they are served (SERVE_SOURCE_MAPS). */
  guardSourceMaps(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** `/remotes.json`: where the shell finds each remote's manifest, for the customer asking. */
  remoteMap(request: FastifyRequest, reply: FastifyReply): Promise<RemoteMap>;
}

/**
 * Who a request is for the canaries (canary-subject.ts): the account or visitor its cookies name; while a
 * canary runs, someone new gets a visitor cookie with this answer, so the page and its /remotes.json agree.
 */
async function subjectOf(request: FastifyRequest, reply: FastifyReply, sources: RemoteSources): Promise<string | null> {
  const known = subjectFromCookie(request.headers.cookie);
  await sources.ensureFresh();
  if (known !== null || !sources.canaryActive()) return known;
  const visitor = newVisitor(request.protocol === 'https');
  reply.header('set-cookie', visitor.cookie);
  return visitor.subject;
}

export function createPageDelivery(options: {
  manifestFile: URL;
  shellDir: string;
  /** Where each remote is served from (its build, its release, REMOTE_URLS). */
  sources: RemoteSources;
  /** Payments run in the sandbox: first views carry the test-mode mark. */
  testMode: boolean;
  /**
   * The build writes a source map beside each script (error trackers take them from the build output); they
   * show our unminified sources, so the public gets them only when this says so.
   */
  serveSourceMaps: boolean;
  /** The live "from $X" figures written into `/`; none: `/` goes as the build rendered it. */
  startingPrices?: StartingPriceSource;
}): PageDelivery {
  const { shellDir, testMode } = options;
  const preloads = createPagePreloads(options);
  const firstViews = createFirstViews(options);
  // Keyed by file, its version, the links and the first view: a rebuilt file is simply a new key (the map is capped).
  const pages = new Map<string, PageBody>();

  async function pageFor(path: string, firstView: FirstView | null, links: string, prices: StartingPrices | null): Promise<PageBody | null> {
    // `/` is the landing page, rendered into the HTML at build time when the shell's build made landing.html.
    const candidates = path === '/' ? [LANDING_HTML, 'index.html'] : firstView ? [FIRST_VIEW_HTML, 'index.html'] : ['index.html'];
    for (const file of candidates) {
      let version: string;
      let template: string;
      try {
        version = await fileVersion(join(shellDir, file));
      } catch {
        continue;
      }
      const view = file === FIRST_VIEW_HTML ? firstView : null;
      const figures = file === LANDING_HTML ? prices : null;
      const key = `${file}:${version}|${links}|${view?.key ?? ''}|${figures === null ? '' : JSON.stringify(figures)}`;
      const known = pages.get(key);
      if (known) return known;
      try {
        template = await readFile(join(shellDir, file), 'utf8');
      } catch {
        continue;
      }
      const html = withStartingPrices(withLinks(withFirstView(template, view), links), figures);
      const page = {
        html,
        br: await brotliAsync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: await gzipAsync(html, { level: 9 }),
      };
      if (pages.size > 100) pages.clear();
      pages.set(key, page);
      return page;
    }
    return null;
  }

  return {
    fileHeaders: (reply, filePath) => setFileHeaders(reply, filePath, options.serveSourceMaps),

    async guardSourceMaps(request, reply) {
      const path = request.url.split('?')[0] ?? '/';
      if (options.serveSourceMaps || !SOURCE_MAP.test(path) || /^\/(api|socket\.io)(\/|$)/.test(path)) return undefined;
      return reply.code(404).send({ message: `Not found: ${request.method} ${path.length > 80 ? `${path.slice(0, 80)}...` : path}` });
    },

    async remoteMap(request, reply) {
      const sources = await options.sources.forSubject(await subjectOf(request, reply, options.sources));
      return Object.fromEntries(Object.entries(sources).map(([name, source]) => [name, source.manifestUrl]));
    },

    async sendPage(request, reply, path) {
      const sources = await options.sources.forSubject(await subjectOf(request, reply, options.sources));
      const firstView = path === '/' ? null : await firstViews.viewFor(path, { theme: themeFromCookie(request.headers.cookie), testMode, sources });
      const prices = path === '/' && options.startingPrices ? await options.startingPrices.current() : null;
      const page = await pageFor(path, firstView, preloads.linksFor(path, sources), prices);
      if (!page) return reply.code(503).send({ message: 'The portal is not built yet. Run the build, then reload.' });
      // A first view is in the theme the cookie names, a canary's preload by the customer the cookies name: a
      // shared cache must keep one copy per cookie.
      // A path no page lives at gets the shell all the same (it draws its Page Not Found, with the top bar), as a 404.
      if (!preloads.isPage(path)) reply.code(404);
      const byCookie = firstView !== null || options.sources.canaryActive();
      reply.header('cache-control', 'no-cache').header('vary', byCookie ? 'accept-encoding, cookie' : 'accept-encoding').type('text/html; charset=utf-8');
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
      return reply.send(page.html);
    },
  };
}
