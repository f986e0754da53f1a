import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { loadConfig, REMOTE_NAMES, type RemoteName } from '../config.ts';
import { backends, build } from '../test/helpers.ts';

const html = { accept: 'text/html,application/xhtml+xml' };

/** A built shell and remotes in a temporary folder, laid out as REMOTES_DIR expects. */
async function fakeBuild(t: TestContext, remotes: readonly RemoteName[] = REMOTE_NAMES) {
  const root = await mkdtemp(join(tmpdir(), 'portal-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const shellDir = join(root, 'shell');
  await mkdir(shellDir, { recursive: true });
  await writeFile(join(shellDir, 'index.html'), '<!doctype html><title>shell</title><meta name=ps5-remote-preloads>');
  await writeFile(join(shellDir, 'main.3f9a1c2b.js'), 'console.log("shell")');
  const remotesDir = join(root, 'remotes');
  for (const name of remotes) {
    await mkdir(join(remotesDir, name), { recursive: true });
    await writeFile(join(remotesDir, name, 'mf-manifest.json'), JSON.stringify({ name }));
    await writeFile(join(remotesDir, name, 'remoteEntry.js'), `/* ${name} */`);
    await writeFile(join(remotesDir, name, '412.8e0d1f3a.js'), `/* ${name} chunk */`);
  }
  const { web } = loadConfig({ REMOTES_DIR: remotesDir });
  return { shellDir, remotesDir, web: { ...web, shellDir } };
}

describe('portal hosting', () => {
  const backend = backends[0] ?? 'pglite';

  it('serves the shell with history-API fallback and revalidated entry files', async (t) => {
    const { web } = await fakeBuild(t);
    const app = await build(t, backend, { config: { web } });
    for (const url of ['/', '/dashboard', '/support/abc123', '/reset-password/some-token']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /<title>shell<\/title>/);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
    }
    // A path no page lives at is the shell's Page Not Found, answered as a 404.
    for (const url of ['/no-such-page', '/dashboard/extra', '/history/2']) {
      const missing = await app.inject({ method: 'GET', url, headers: html });
      assert.equal(missing.statusCode, 404, url);
      assert.match(missing.body, /<title>shell<\/title>/);
    }
    // A page names its remote's files in its head, so they download from the start.
    const landing = await app.inject({ method: 'GET', url: '/' });
    assert.match(landing.body, /<title>shell<\/title><link rel="preload" href="\/remotes\/landing\/mf-manifest.json" as="fetch" crossorigin="anonymous">$/);
    // A shell that loads no remotes (the single-app build has no mark for them) gets none.
    await writeFile(join(web.shellDir, 'index.html'), '<!doctype html><title>single</title>');
    assert.equal((await app.inject({ method: 'GET', url: '/' })).body, '<!doctype html><title>single</title>');
    const asset = await app.inject({ method: 'GET', url: '/main.3f9a1c2b.js' });
    assert.equal(asset.statusCode, 200);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it('sends `/` with the landing page the build rendered into landing.html, every other page without it', async (t) => {
    const { web } = await fakeBuild(t);
    const app = await build(t, backend, { config: { web } });
    await writeFile(join(web.shellDir, 'landing.html'), '<!doctype html><title>shell</title><meta name=ps5-remote-preloads><div id=root><main>Buy</main></div>');
    const landing = await app.inject({ method: 'GET', url: '/', headers: html });
    assert.equal(landing.statusCode, 200);
    assert.match(landing.body, /<main>Buy<\/main>/);
    assert.match(landing.body, /<link rel="preload" href="\/remotes\/landing\/mf-manifest.json"/);
    const dashboard = await app.inject({ method: 'GET', url: '/dashboard', headers: html });
    assert.doesNotMatch(dashboard.body, /<main>/);
    // A new build is sent at the next request; without landing.html `/` is the plain page again.
    await writeFile(join(web.shellDir, 'landing.html'), '<!doctype html><title>shell</title><div id=root><main>Sell</main></div>');
    assert.match((await app.inject({ method: 'GET', url: '/', headers: html })).body, /<main>Sell<\/main>/);
    await rm(join(web.shellDir, 'landing.html'));
    assert.doesNotMatch((await app.inject({ method: 'GET', url: '/', headers: html })).body, /<main>/);
  });

  it('sends a page that has a first view with it before #root, in the theme of the cookie, with the test-mode mark in the sandbox', async (t) => {
    const { web } = await fakeBuild(t);
    const app = await build(t, backend, { config: { web } });
    const marketplaceDir = web.remoteDirs.marketplace;
    assert.ok(marketplaceDir);
    const slot = '<template data-ps5-page=""></template>';
    const frame = (theme: string) => ({
      test: { styles: [['css-global g1', `body{color:${theme}}`]], bodies: [`<header>${theme} TEST</header><main>${slot}</main>`] },
      live: { styles: [], bodies: [`<header>${theme}</header><main>${slot}</main>`] },
    });
    const page = (theme: string) => ({ page: { styles: [['css p1', '.css-p1{top:0}']], bodies: [`<h1>Proxy marketplace ${theme}</h1>`] } });
    await writeFile(join(web.shellDir, 'first-views.json'), JSON.stringify({ viewports: ['(min-width: 0px)'], views: { '/dashboard': { dark: frame('dark'), light: frame('light') } } }));
    await writeFile(join(marketplaceDir, 'first-views.json'), JSON.stringify({ viewports: ['(min-width: 0px)'], views: { '/dashboard': { dark: page('dark'), light: page('light') } } }));
    // The shell's build writes the page it goes into: index.html with its preloads kept for after the first paint.
    await writeFile(
      join(web.shellDir, 'first-view.html'),
      '<!doctype html><head><title>shell</title><template data-after-paint><meta name=ps5-remote-preloads></template></head><body><div id=root></div></body>',
    );
    await writeFile(join(web.shellDir, 'index.html'), '<!doctype html><head><title>shell</title><meta name=ps5-remote-preloads></head><body><div id=root></div></body>');

    const dark = await app.inject({ method: 'GET', url: '/dashboard', headers: html });
    assert.equal(dark.statusCode, 200);
    assert.match(
      dark.body,
      /<template data-after-paint><link rel="preload" href="\/remotes\/marketplace\/mf-manifest.json"[^>]*><\/template><style data-emotion="css-global g1" data-s="">body\{color:dark\}<\/style><style data-emotion="css p1" data-s="">/,
    );
    assert.match(dark.body, /<div id="first-view" inert><div data-fv="0"><header>dark TEST<\/header><main><h1>Proxy marketplace dark<\/h1><\/main><\/div><\/div><div id=root><\/div>/);
    assert.equal(dark.headers.vary, 'accept-encoding, cookie');
    const light = await app.inject({ method: 'GET', url: '/dashboard', headers: { ...html, cookie: 'theme=light' } });
    assert.match(light.body, /<header>light TEST<\/header><main><h1>Proxy marketplace light<\/h1>/);
    // Compressed as every page is, and cached per theme.
    const compressed = await app.inject({ method: 'GET', url: '/dashboard', headers: { ...html, cookie: 'theme=light', 'accept-encoding': 'br' } });
    assert.equal(brotliDecompressSync(compressed.rawPayload).toString(), light.body);
    // Pages without one are the plain page.
    const history = await app.inject({ method: 'GET', url: '/history', headers: html });
    assert.doesNotMatch(history.body, /first-view|<template/);
    assert.equal(history.headers.vary, 'accept-encoding');
    // Without first-view.html (an older shell build) the page goes without it.
    await rm(join(web.shellDir, 'first-view.html'));
    assert.doesNotMatch((await app.inject({ method: 'GET', url: '/dashboard', headers: html })).body, /first-view/);
  });

  it('sends the frame without the test-mode mark when payments are real or off', async (t) => {
    const { web } = await fakeBuild(t);
    const app = await build(t, backend, { config: { web, payments: { provider: 'sandbox', sandboxEnabled: false } } });
    const marketplaceDir = web.remoteDirs.marketplace;
    assert.ok(marketplaceDir);
    const slot = '<template data-ps5-page=""></template>';
    const frame = { test: { styles: [], bodies: [`<header>TEST</header><main>${slot}</main>`] }, live: { styles: [], bodies: [`<header>LIVE</header><main>${slot}</main>`] } };
    await writeFile(join(web.shellDir, 'first-views.json'), JSON.stringify({ viewports: ['(min-width: 0px)'], views: { '/dashboard': { dark: frame } } }));
    await writeFile(join(marketplaceDir, 'first-views.json'), JSON.stringify({ viewports: ['(min-width: 0px)'], views: { '/dashboard': { dark: { page: { styles: [], bodies: ['<h1>Proxies</h1>'] } } } } }));
    await writeFile(join(web.shellDir, 'first-view.html'), '<!doctype html><head><title>shell</title></head><body><div id=root></div></body>');
    const page = await app.inject({ method: 'GET', url: '/dashboard', headers: html });
    assert.match(page.body, /<header>LIVE<\/header><main><h1>Proxies<\/h1><\/main>/);
  });

  it('serves each remote under /remotes/<name>/ from REMOTES_DIR, manifests and entries revalidated', async (t) => {
    const { web } = await fakeBuild(t);
    const app = await build(t, backend, { config: { web } });
    for (const name of REMOTE_NAMES) {
      const manifest = await app.inject({ method: 'GET', url: `/remotes/${name}/mf-manifest.json` });
      assert.equal(manifest.statusCode, 200);
      assert.deepEqual(manifest.json(), { name });
      assert.equal(manifest.headers['cache-control'], 'no-cache');
      const entry = await app.inject({ method: 'GET', url: `/remotes/${name}/remoteEntry.js` });
      assert.equal(entry.headers['cache-control'], 'no-cache');
      const chunk = await app.inject({ method: 'GET', url: `/remotes/${name}/412.8e0d1f3a.js` });
      assert.equal(chunk.body, `/* ${name} chunk */`);
      assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    }
  });

  it('sends the precompressed copy the browser accepts, with the original file\'s type and cache rule', async (t) => {
    const { web, shellDir, remotesDir } = await fakeBuild(t);
    const chunk = join(remotesDir, 'landing', '412.8e0d1f3a.js');
    const entry = join(remotesDir, 'landing', 'remoteEntry.js');
    for (const file of [chunk, entry, join(shellDir, 'index.html')]) {
      const original = await readFile(file);
      await writeFile(`${file}.br`, brotliCompressSync(original));
      await writeFile(`${file}.gz`, gzipSync(original));
    }
    const app = await build(t, backend, { config: { web } });

    const brotli = await app.inject({ method: 'GET', url: '/remotes/landing/412.8e0d1f3a.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(brotli.statusCode, 200);
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.match(String(brotli.headers['content-type']), /javascript/);
    assert.match(String(brotli.headers.vary), /accept-encoding/i);
    assert.equal(brotli.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(brotliDecompressSync(brotli.rawPayload).toString(), '/* landing chunk */');

    const gzipped = await app.inject({ method: 'GET', url: '/remotes/landing/remoteEntry.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.equal(gzipped.headers['cache-control'], 'no-cache');
    assert.equal(gunzipSync(gzipped.rawPayload).toString(), '/* landing */');

    const plain = await app.inject({ method: 'GET', url: '/remotes/landing/412.8e0d1f3a.js', headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, '/* landing chunk */');

    // Client-side routes get index.html, compressed too, and still revalidated.
    const page = await app.inject({ method: 'GET', url: '/dashboard', headers: { ...html, 'accept-encoding': 'br' } });
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['content-encoding'], 'br');
    assert.equal(page.headers['cache-control'], 'no-cache');
    assert.match(brotliDecompressSync(page.rawPayload).toString(), /<title>shell<\/title>/);

    // A file without compressed copies is sent as it is.
    const shellChunk = await app.inject({ method: 'GET', url: '/main.3f9a1c2b.js', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(shellChunk.headers['content-encoding'], undefined);
    assert.equal(shellChunk.body, 'console.log("shell")');
  });

  it('serves a replaced remote build at once, without a restart', async (t) => {
    const { web, remotesDir } = await fakeBuild(t);
    const app = await build(t, backend, { config: { web } });
    await writeFile(join(remotesDir, 'history', 'mf-manifest.json'), JSON.stringify({ name: 'history', build: 2 }));
    const manifest = await app.inject({ method: 'GET', url: '/remotes/history/mf-manifest.json' });
    assert.deepEqual(manifest.json(), { name: 'history', build: 2 });
  });

  it('publishes /remotes.json, uncached, with REMOTE_URLS overrides', async (t) => {
    const { web } = await fakeBuild(t);
    const remoteUrls = loadConfig({ REMOTE_URLS: '{"history":"http://localhost:3003/mf-manifest.json"}' }).web.remoteUrls;
    const app = await build(t, backend, { config: { web: { ...web, remoteUrls } } });
    const response = await app.inject({ method: 'GET', url: '/remotes.json' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.deepEqual(response.json(), {
      landing: '/remotes/landing/mf-manifest.json',
      marketplace: '/remotes/marketplace/mf-manifest.json',
      history: 'http://localhost:3003/mf-manifest.json',
      payments: '/remotes/payments/mf-manifest.json',
      support: '/remotes/support/mf-manifest.json',
      account: '/remotes/account/mf-manifest.json',
      operator: '/remotes/operator/mf-manifest.json',
    });
    // The page may load that remote from its dev server.
    assert.match(String(response.headers['content-security-policy']), /script-src 'self' http:\/\/localhost:3003/);
  });

  it('answers unknown API paths, remote files and non-page requests with 404 JSON', async (t) => {
    const { web } = await fakeBuild(t);
    const app = await build(t, backend, { config: { web } });
    const cases = [
      { method: 'GET' as const, url: '/api/nothing-here', headers: html },
      { method: 'POST' as const, url: '/api/auth/nothing', headers: {} },
      { method: 'GET' as const, url: '/remotes/history/missing.js', headers: html },
      { method: 'GET' as const, url: '/remotes/unknown/mf-manifest.json', headers: {} },
      { method: 'GET' as const, url: '/missing.png', headers: { accept: 'image/png' } },
      { method: 'DELETE' as const, url: '/dashboard', headers: html },
    ];
    for (const request of cases) {
      const response = await app.inject(request);
      assert.equal(response.statusCode, 404, request.url);
      assert.equal(typeof response.json().message, 'string');
    }
  });

  it('starts without any build and says so clearly', async (t) => {
    const root = await mkdtemp(join(tmpdir(), 'portal-empty-'));
    t.after(() => rm(root, { recursive: true, force: true }));
    const { web } = loadConfig({ REMOTES_DIR: join(root, 'remotes') });
    const app = await build(t, backend, { config: { web: { ...web, shellDir: join(root, 'shell') } } });
    const page = await app.inject({ method: 'GET', url: '/dashboard', headers: html });
    assert.equal(page.statusCode, 503);
    assert.match(page.json().message, /not built/);
    const manifest = await app.inject({ method: 'GET', url: '/remotes/landing/mf-manifest.json' });
    assert.equal(manifest.statusCode, 404);
    assert.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
  });

  it('sends a CSP without inline scripts that allows emotion styles, sockets and blob workers', async (t) => {
    const { web } = await fakeBuild(t);
    const app = await build(t, backend, { config: { web } });
    const response = await app.inject({ method: 'GET', url: '/', headers: html });
    const csp = String(response.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    assert.equal(directives.get('default-src'), "'self'");
    assert.equal(directives.get('script-src'), "'self'");
    assert.equal(directives.get('style-src'), "'self' 'unsafe-inline'");
    assert.equal(directives.get('img-src'), "'self' data: blob:");
    assert.equal(directives.get('connect-src'), "'self' ws://portal.test", 'the own origin only: no ws: or wss: to any host');
    assert.equal(directives.get('worker-src'), "'self' blob:");
    assert.equal(directives.get('font-src'), "'self' data:");
    assert.equal(directives.get('frame-ancestors'), "'none'");
    assert.ok(!directives.has('upgrade-insecure-requests'));
  });

  it('keeps the source maps of the build to itself unless SERVE_SOURCE_MAPS says otherwise', async (t) => {
    const { web, remotesDir } = await fakeBuild(t);
    await writeFile(join(web.shellDir, 'main.3f9a1c2b.js.map'), '{"version":3,"sources":["../src/secret.ts"]}');
    await writeFile(join(remotesDir, 'history', '412.8e0d1f3a.js.map'), '{"version":3}');
    const closed = await build(t, backend, { config: { web } });
    for (const url of ['/main.3f9a1c2b.js.map', '/remotes/history/412.8e0d1f3a.js.map', '/main.3f9a1c2b.js.map.br', '/remotes/history/412.8e0d1f3a.js.MAP']) {
      for (const headers of [{}, html]) {
        const response = await closed.inject({ method: 'GET', url, headers });
        assert.equal(response.statusCode, 404, url);
        assert.doesNotMatch(response.body, /sources/);
      }
    }
    const script = await closed.inject({ method: 'GET', url: '/main.3f9a1c2b.js' });
    assert.equal(script.statusCode, 200);
    assert.equal(script.headers.sourcemap, undefined);

    const open = await build(t, backend, { config: { web: { ...web, serveSourceMaps: true } } });
    assert.equal((await open.inject({ method: 'GET', url: '/main.3f9a1c2b.js.map' })).json().sources[0], '../src/secret.ts');
    assert.equal((await open.inject({ method: 'GET', url: '/remotes/history/412.8e0d1f3a.js.map' })).statusCode, 200);
    assert.equal((await open.inject({ method: 'GET', url: '/main.3f9a1c2b.js' })).headers.sourcemap, 'main.3f9a1c2b.js.map');
    assert.equal(loadConfig({ SERVE_SOURCE_MAPS: 'true' }).web.serveSourceMaps, true);
    assert.equal(loadConfig({}).web.serveSourceMaps, false);
  });

  it('lets the page connect to the origins REMOTE_URLS configures besides its own, and sockets over wss: behind HTTPS', async (t) => {
    const { web } = await fakeBuild(t);
    const remoteUrls = loadConfig({ REMOTE_URLS: '{"history":"https://cdn.example/history/v42/mf-manifest.json"}' }).web.remoteUrls;
    const app = await build(t, backend, { config: { publicUrl: 'https://shop.example', web: { ...web, remoteUrls } } });
    const csp = String((await app.inject({ method: 'GET', url: '/', headers: html })).headers['content-security-policy']);
    assert.match(csp, /connect-src 'self' wss:\/\/shop\.example https:\/\/cdn\.example;/);
  });

  it('publishes the OpenAPI document and its UI at /api/docs', async (t) => {
    const app = await build(t, backend);
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(spec.statusCode, 200);
    const paths = Object.keys(spec.json().paths);
    for (const path of [
      '/api/health/',
      '/api/auth/register',
      '/api/auth/challenge',
      '/api/auth/verify',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/users/{userId}',
      '/api/users/forgot',
      '/api/users/reset/{token}',
      '/api/users/password/change/{userId}',
    ]) {
      assert.ok(paths.includes(path), `${path} documented`);
    }
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    assert.equal(ui.statusCode, 200);
    // Same-origin scripts only, so the UI runs under the portal's CSP.
    assert.doesNotMatch(ui.body, /<script>(?!\s*<\/script>)/);
    assert.ok([...ui.body.matchAll(/<script src="([^"]+)"/g)].every(([, src]) => !/^https?:/.test(src ?? '')));
  });
});
