// `/` is sent with the landing page already in its HTML (tooling/webpack/delivery/landing-prerender.js): the way the
// rendered markup is put into the page, and the page the last build wrote.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { preloadAfterPaint } from '../webpack/delivery/after-paint.js';
import { hoistStyles, withLanding } from '../webpack/delivery/landing-prerender.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const page = '<!doctype html><html><head><title>x</title></head><body><div id=root></div></body></html>';

describe('landing page in the HTML', () => {
  it('moves emotion styles into <head>: globals one tag each, the rest one tag naming every style', () => {
    const markup =
      '<style data-emotion="css-global g1">body{margin:0}</style><!--$-->' +
      '<style data-emotion="css a1">.css-a1{color:red}</style><main class="css-a1">' +
      '<style data-emotion="css b2 c3">.css-b2{top:0}.css-c3{left:0}</style><p class="css-b2 css-c3">Hi</p></main><!--/$-->';
    const { head, body } = hoistStyles(markup);
    assert.equal(
      head,
      '<style data-emotion="css-global g1" data-s="">body{margin:0}</style>' +
        '<style data-emotion="css a1 b2 c3" data-s="">.css-a1{color:red}.css-b2{top:0}.css-c3{left:0}</style>',
    );
    assert.equal(body, '<!--$--><main class="css-a1"><p class="css-b2 css-c3">Hi</p></main><!--/$-->');
  });

  it('puts the markup into #root and its styles into <head>', () => {
    const html = withLanding(page, '<style data-emotion="css a1">.css-a1{color:red}</style><main class="css-a1">Buy</main>');
    assert.equal(
      html,
      '<!doctype html><html><head><title>x</title><style data-emotion="css a1" data-s="">.css-a1{color:red}</style></head>' +
        '<body><div id="root"><main class="css-a1">Buy</main></div></body></html>',
    );
  });

  it('refuses markup that would need an inline script, or has no page in it', () => {
    assert.throws(() => withLanding(page, '<main>x</main><script>$RC("B:0")</script>'), /inline script/);
    assert.throws(() => withLanding(page, '<p>Loading</p>'), /no <main>/);
    assert.throws(() => withLanding('<div id="app"></div>', '<main></main>'), /no empty <div id="root">/);
  });

  it('the built landing.html has the landing page, its styles and no inline script (run after the build)', () => {
    const html = readFileSync(join(repo, 'shell', 'dist', 'landing.html'), 'utf8');
    const root = html.slice(html.indexOf('<div id="root">'));
    assert.match(root, /<main[\s>]/);
    assert.match(root, /Clean mobile LTE, residential and datacenter SOCKS5 proxies/);
    assert.match(root, /Payments &amp; Prices/);
    assert.doesNotMatch(root, /<style/, 'styles belong in <head>');
    assert.match(html.slice(0, html.indexOf('</head>')), /<style data-emotion="css [^"]+" data-s="">/);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes);
    assert.ok(scripts.length > 0 && scripts.every((attributes) => / src=/.test(attributes)), `inline script in ${scripts.join(', ')}`);
  });

  it('keeps the preloads and the mark for the remote\'s in a template for after the first paint, every other tag in place', () => {
    const index =
      '<html><head><link rel=icon href=/favicon.svg><link rel=preload href=/remotes.json as=fetch crossorigin=anonymous>' +
      '<meta name=ps5-remote-preloads><link rel=preload href=/main.js as=script><script defer src=/start.js data-main=/main.js></script>' +
      '<link rel=preload href=/startup.1.js as=script data-startup></head><body><div id=root></div></body></html>';
    assert.equal(
      withLanding(index, '<main>Buy</main>'),
      '<html><head><link rel=icon href=/favicon.svg><template data-after-paint><link rel=preload href=/remotes.json as=fetch crossorigin=anonymous>' +
        '<meta name=ps5-remote-preloads><link rel=preload href=/main.js as=script><link rel=preload href=/startup.1.js as=script data-startup>' +
        '</template><script defer src=/start.js data-main=/main.js></script></head><body><div id="root"><main>Buy</main></div></body></html>',
    );
    assert.equal(preloadAfterPaint('<head><title>x</title></head>'), '<head><title>x</title></head>');
  });

  it('the last build: a page that arrives empty preloads the start-up files, the landing page fetches nothing before its paint', () => {
    // A page with nothing in its HTML shows nothing until main.js has run and loaded the start-up files
    // (React, the router, the shell's code): those must already be on their way, or a phone asks for them
    // only after main.js has arrived and run. The landing page paints from its HTML first; start.js then asks
    // for the same files, all at once.
    const { entries } = JSON.parse(readFileSync(join(repo, 'shell', 'dist', 'load-graph.json'), 'utf8'));
    const [main, ...startup] = entries.main.files.map((file) => `/${file}`);
    assert.match(main, /^\/main\.[0-9a-f]{8}\.js$/, 'the entry file is named by its content');
    assert.ok(startup.length > 0, 'the load graph names start-up files');
    const scriptPreloads = (html) => [...html.matchAll(/<link rel="?preload"? href="?([^" >]+)"? as="?script"?/g)].map(([, href]) => href).sort();
    const head = (name) => {
      const html = readFileSync(join(repo, 'shell', 'dist', name), 'utf8');
      return html.slice(0, html.indexOf('</head>'));
    };
    assert.deepEqual(scriptPreloads(head('index.html')), [main, ...startup].sort());
    const landing = head('landing.html');
    const later = /<template data-after-paint>(.*?)<\/template>/.exec(landing);
    assert.ok(later, 'landing.html keeps its preloads for after the paint');
    assert.deepEqual(scriptPreloads(landing.replace(later[0], '')), [], 'nothing is fetched before the first paint');
    assert.deepEqual(scriptPreloads(later[1]), [main, ...startup].sort());
    assert.match(later[1], /<meta name="?ps5-remote-preloads"?>/, "the API's preloads of the landing remote go there too");
  });
});
