// Serves the composed portal: the shell's build at `/` with history-API fallback (client-side routes such as
// /dashboard get index.html), each remote's build under /remotes/<name>/, and the runtime map /remotes.json
// the shell reads to find them. Replacing a remote's files (or its REMOTE_URLS entry) changes what users get
// without touching the shell. Unknown /api/* paths answer 404 JSON.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RemoteMap } from 'contract/realtime';
import { REMOTE_NAMES, type Config } from '../config.ts';
import { createCompressionDictionaries, type CompressionDictionaries } from '../web/compression-dictionaries.ts';
import { FIRST_VIEW_HTML } from 'contract/first-views';
import { createFirstViews, themeFromCookie, type FirstView } from '../web/first-views.ts';
import { createPagePreloads } from '../web/page-preloads.ts';

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

/** The page with a first view before its empty #root and the view's styles in <head>. */
function withFirstView(template: string, view: FirstView | null): string {
  if (!view || !EMPTY_ROOT.test(template)) return template;
  return template.replace('</head>', () => `${view.head}</head>`).replace(EMPTY_ROOT, (root) => `${view.body}${root}`);
}

async function fileVersion(file: string): Promise<string> {
  const { mtimeMs, size } = await stat(file);
  return `${mtimeMs}:${size}`;
}

function withLinks(template: string, links: string): string {
  return PRELOADS_MARK.test(template) ? template.replace(PRELOADS_MARK, links) : template;
}

interface PageBody {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** Files that name other files: always revalidated so a deploy shows at the next load. */
const ENTRY_FILES = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
/** Webpack content hashes in file names (main.3f9a1c2b.js, 412.8e0d1f3a.css): safe to cache forever. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/** A source map, or a compressed copy of one. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

/** Brotli and gzip copies written at build time; their cache rule is the original file's. */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const name = basename(filePath).replace(PRECOMPRESSED_SUFFIX, '');
  const immutable = !ENTRY_FILES.has(name) && !name.endsWith('.html') && HASHED_NAME.test(name);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Headers of a script: its cache rule, and what a shared cache must key it by (a script may be sent encoded
 * against a dictionary the browser holds); a file of the shell that is a dictionary says so.
 */
function setScriptHeaders(reply: FastifyReply, filePath: string, dictionaries: CompressionDictionaries, sourceMaps: boolean): void {
  setCacheHeaders(reply, filePath);
  const file = filePath.replace(PRECOMPRESSED_SUFFIX, '');
  if (!file.endsWith('.js')) return;
  // The build names no source map inside its scripts; where maps are served, this header names each one.
  if (sourceMaps) reply.header('sourcemap', `${basename(file)}.map`);
  reply.header('vary', 'available-dictionary');
  const dictionary = dictionaries.headerFor(file);
  if (dictionary) reply.header('use-as-dictionary', dictionary);
}

/** The file a static path names inside `root`, or null for anything that would leave it. */
function fileUnder(root: string, relative: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const file = resolve(base, `.${sep}${decoded}`);
  return file.startsWith(base + sep) ? file : null;
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

function isOwnedPrefix(path: string): boolean {
  return /^\/(api|remotes|socket\.io)(\/|$)/.test(path);
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const { shellDir, remoteDirs, remoteUrls, serveSourceMaps } = config.web;
    for (const [name, dir] of [['shell', shellDir], ...Object.entries(remoteDirs)] as const) {
      if (!existsSync(dir)) app.log.warn({ dir }, `${name} is not built: its pages are unavailable until it is`);
    }

    // The shell's start-up files are compression dictionaries for the scripts loaded after them (see
    // web/compression-dictionaries.ts): a script asked for with one the browser holds is sent encoded against it.
    const dictionaries = createCompressionDictionaries({ shellDir });
    const remoteEntries = Object.values(remoteDirs).map((dir) => join(dir, 'remoteEntry.js'));
    function scriptFile(path: string): string | null {
      const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(path);
      if (!remote) return isOwnedPrefix(path) ? null : fileUnder(shellDir, path.slice(1));
      const dir = (remoteDirs as Readonly<Record<string, string | undefined>>)[remote[1] ?? ''];
      return dir ? fileUnder(dir, remote[2] ?? '') : null;
    }
    const setHeaders = (reply: FastifyReply, filePath: string) => {
      setScriptHeaders(reply, filePath, dictionaries, serveSourceMaps);
      // A browser that has just been sent the shell's entry asks for a remote's entry next, with it as dictionary.
      if (dictionaries.headerFor(filePath.replace(PRECOMPRESSED_SUFFIX, ''))) dictionaries.warm(remoteEntries);
    };
    // The build writes a source map beside each script (error trackers take them from the build output);
    // they show our unminified sources, so the public gets them only where SERVE_SOURCE_MAPS says so.
    if (!serveSourceMaps) {
      app.addHook('onRequest', async (request, reply) => {
        const path = pathOf(request);
        if (!SOURCE_MAP.test(path) || /^\/(api|socket\.io)(\/|$)/.test(path)) return;
        return reply.code(404).send({ message: `Not found: ${request.method} ${path.length > 80 ? `${path.slice(0, 80)}...` : path}` });
      });
    }
    app.addHook('onRequest', async (request, reply) => {
      const path = pathOf(request);
      if ((request.method !== 'GET' && request.method !== 'HEAD') || !path.endsWith('.js')) return;
      // The static files' headers (setHeaders) name the dictionaries of the build as it now is.
      await dictionaries.refresh();
      const available = request.headers['available-dictionary'];
      if (request.method !== 'GET' || typeof available !== 'string') return;
      if (!/\bdcb\b/.test(String(request.headers['accept-encoding'] ?? ''))) return;
      const file = scriptFile(path);
      const body = file ? await dictionaries.encoded(file, available) : null;
      if (!file || !body) return; // the build's brotli copy, from the static files below
      setScriptHeaders(reply, file, dictionaries, serveSourceMaps);
      const etag = `"dcb-${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      reply.header('etag', etag).header('vary', 'accept-encoding, available-dictionary');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.header('content-encoding', 'dcb').type('application/javascript; charset=utf-8').send(body);
    });

    // Every page is the shell's index.html with the preloads of the page's remote in its head (see
    // web/page-preloads.ts); each variant is compressed once per version of the files it comes from.
    const preloads = createPagePreloads({
      manifestFile: new URL('../../../remotes.manifest.json', import.meta.url),
      remoteDirs,
      remoteUrls,
    });
    // A signed-in page with a first view (web/first-views.ts) is sent with it, in the theme the browser
    // last showed, with the test-mode mark while payments run in the sandbox.
    const firstViews = createFirstViews({
      manifestFile: new URL('../../../remotes.manifest.json', import.meta.url),
      shellDir,
      remoteDirs,
      remoteUrls,
    });
    const testMode = app.paymentProvider?.name === 'sandbox';
    // Keyed by file, its version, the links and the first view: a rebuilt file is simply a new key (the map is capped).
    const pages = new Map<string, PageBody>();
    async function pageFor(path: string, firstView: FirstView | null): Promise<PageBody | null> {
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
        const links = await preloads.linksFor(path);
        const view = file === FIRST_VIEW_HTML ? firstView : null;
        const key = `${file}:${version}|${links}|${view?.key ?? ''}`;
        const known = pages.get(key);
        if (known) return known;
        try {
          template = await readFile(join(shellDir, file), 'utf8');
        } catch {
          continue;
        }
        const html = withLinks(withFirstView(template, view), links);
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

    async function sendPage(request: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply> {
      const firstView = path === '/' ? null : await firstViews.viewFor(path, { theme: themeFromCookie(request.headers.cookie), testMode });
      const page = await pageFor(path, firstView);
      if (!page) return reply.code(503).send({ message: 'The portal is not built yet. Run the build, then reload.' });
      // A first view is in the theme the cookie names: a shared cache must keep one copy per cookie.
      reply.header('cache-control', 'no-cache').header('vary', firstView ? 'accept-encoding, cookie' : 'accept-encoding').type('text/html; charset=utf-8');
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
      return reply.send(page.html);
    }

    // '/' is a page like any other (the static files below do not answer it with their index.html).
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = pathOf(request);
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isOwnedPrefix(path) &&
        (request.headers.accept ?? '').includes('text/html');
      if (!wantsPage) {
        const shown = path.length > 80 ? `${path.slice(0, 80)}...` : path;
        return reply.code(404).send({ message: `Not found: ${request.method} ${shown}` });
      }
      return sendPage(request, reply, path);
    });

    // Registered even when a folder is missing: files that appear later are served without a restart.
    // preCompressed: the build writes .br and .gz next to each file; the one the browser accepts is sent
    // with its Content-Encoding (and Vary: Accept-Encoding), the plain file otherwise.
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders,
    });
    for (const name of REMOTE_NAMES) {
      await app.register(fastifyStatic, {
        root: remoteDirs[name],
        prefix: `/remotes/${name}/`,
        decorateReply: false,
        cacheControl: false,
        preCompressed: true,
        setHeaders,
      });
    }

    app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
      const map: RemoteMap = Object.fromEntries(
        REMOTE_NAMES.map((name) => [name, remoteUrls[name] ?? `/remotes/${name}/mf-manifest.json`]),
      );
      return reply.header('cache-control', 'no-cache').send(map);
    });
  },
  { name: 'portal' },
);
