// Serves the composed portal: the shell's build at `/` with history-API fallback (client-side routes such as
// /dashboard get their page), each remote's build under /remotes/<name>/, and the runtime map /remotes.json
// the shell reads to find them, and the release store under /releases/ (unless it is published elsewhere).
// Replacing a remote's files, promoting or rolling back one of its releases (or its REMOTE_URLS entry)
// changes what users get without touching the shell. How a page and its files are sent is web/page-delivery.ts's business. Unknown
// /api/* paths answer 404 JSON.
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, type Config } from '../config.ts';
import { createPageDelivery } from '../web/page-delivery.ts';

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

function isOwnedPrefix(path: string, storePath: string | null): boolean {
  return /^\/(api|remotes|socket\.io)(\/|$)/.test(path) || (storePath !== null && (path === storePath || path.startsWith(`${storePath}/`)));
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const { shellDir, remoteDirs, serveSourceMaps, releases } = config.web;
    // The store is served here when its URL is a path of this portal; elsewhere a static origin serves it.
    const storePath = releases.storeUrl.startsWith('/') ? releases.storeUrl : null;
    for (const [name, dir] of [['shell', shellDir], ...Object.entries(remoteDirs)] as const) {
      if (!existsSync(dir)) app.log.warn({ dir }, `${name} is not built: its pages are unavailable until it is`);
    }

    const delivery = createPageDelivery({
      manifestFile: new URL('../../../remotes.manifest.json', import.meta.url),
      shellDir,
      sources: app.remoteSources,
      testMode: app.paymentProvider?.name === 'sandbox',
      serveSourceMaps,
      startingPrices: app.startingPrices,
    });
    app.addHook('onRequest', delivery.guardSourceMaps);
    // '/' is a page like any other (the static files below do not answer it with their index.html).
    app.get('/', { schema: { hide: true } }, (request, reply) => delivery.sendPage(request, reply, '/'));

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = pathOf(request);
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isOwnedPrefix(path, storePath) &&
        (request.headers.accept ?? '').includes('text/html');
      if (!wantsPage) {
        const shown = path.length > 80 ? `${path.slice(0, 80)}...` : path;
        return reply.code(404).send({ message: `Not found: ${request.method} ${shown}` });
      }
      return delivery.sendPage(request, reply, path);
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
      setHeaders: delivery.fileHeaders,
    });
    for (const name of REMOTE_NAMES) {
      await app.register(fastifyStatic, {
        root: remoteDirs[name],
        prefix: `/remotes/${name}/`,
        decorateReply: false,
        cacheControl: false,
        preCompressed: true,
        setHeaders: delivery.fileHeaders,
      });
    }

    if (storePath !== null) {
      // A release's files never change under its id: every one of them may be cached for good.
      await app.register(fastifyStatic, {
        root: releases.storeDir,
        prefix: `${storePath}/`,
        decorateReply: false,
        cacheControl: false,
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          delivery.fileHeaders(reply, filePath);
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }

    app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) =>
      reply.header('cache-control', 'no-cache').header('vary', 'cookie').send(await delivery.remoteMap(request, reply)),
    );
  },
  { name: 'portal', dependencies: ['releases'] },
);
