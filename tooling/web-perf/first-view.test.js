// First views (tooling/webpack/delivery/first-view.js): how a render becomes part of a page's HTML, and what the
// last build wrote for the shell's frame and the marketplace's dashboard.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FIRST_VIEW_HTML, FIRST_VIEWS_FILE } from '../../contract/src/first-views.ts';
import { firstViewBody, firstViewRoutes, firstViewsFile } from '../webpack/delivery/first-view.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = JSON.parse(readFileSync(join(repo, 'remotes.manifest.json'), 'utf8'));
const SLOT = '<template data-ps5-page=""></template>';

describe('first views', () => {
  it('takes emotion styles out of a render, each once, and keeps its ids and test ids from clashing with the page', () => {
    const styles = new Map();
    const body = firstViewBody(
      '<style data-emotion="css a1">.css-a1{top:0}</style><section aria-labelledby="title" data-testid="page">' +
        '<h1 id="title" class="css-a1">Proxies</h1><label for="_r_1_">Search</label><input id="_r_1_" aria-describedby="_r_1_-helper x"/>' +
        '<style data-emotion="css a1">.css-a1{top:0}</style></section>',
      'fv0-',
      styles,
    );
    assert.equal(
      body,
      '<section aria-labelledby="fv0-title"><h1 id="fv0-title" class="css-a1">Proxies</h1><label for="fv0-_r_1_">Search</label>' +
        '<input id="fv0-_r_1_" aria-describedby="fv0-_r_1_-helper fv0-x"/></section>',
    );
    assert.deepEqual([...styles], [['css a1', '.css-a1{top:0}']]);
    assert.throws(() => firstViewBody('<main></main><script>$RC("B:0")</script>', 'fv0-', new Map()), /inline script/);
  });

  it('puts what a bundle rendered into the file: the viewports once, styles and bodies per route, theme and variant', () => {
    const viewports = [{ media: '(max-width: 767.98px)' }, { media: '(min-width: 767.99px)' }];
    const file = firstViewsFile({
      viewports,
      renders: {
        '/dashboard': {
          dark: { page: ['<style data-emotion="css p1">.css-p1{}</style><h1 id="t">Phone</h1>', '<style data-emotion="css p1">.css-p1{}</style><h1 id="t">Wide</h1>'] },
        },
      },
    });
    assert.deepEqual(file, {
      viewports: ['(max-width: 767.98px)', '(min-width: 767.99px)'],
      views: { '/dashboard': { dark: { page: { styles: [['css p1', '.css-p1{}']], bodies: ['<h1 id="fv0-t">Phone</h1>', '<h1 id="fv1-t">Wide</h1>'] } } } },
    });
    assert.throws(() => firstViewsFile({ viewports, renders: { '/x': { dark: { page: ['only one'] } } } }), /1 renders for 2 viewports/);
  });

  it('finds the routes that have a first view, and refuses one it could not render', () => {
    assert.deepEqual(
      firstViewRoutes(manifest.remotes).map(({ remote, path, module }) => ({ remote, path, module })),
      [
        { remote: 'marketplace', path: '/dashboard', module: 'DashboardPage' },
        { remote: 'history', path: '/history', module: 'HistoryPage' },
      ],
    );
    const remote = { name: 'support', package: 'mfe-support', exposes: { './SupportPage': './src/support-page.tsx' } };
    assert.throws(() => firstViewRoutes([{ ...remote, routes: [{ path: '/support/*', module: 'SupportPage', firstView: true }] }]), /one fixed path/);
    assert.throws(() => firstViewRoutes([{ ...remote, routes: [{ path: '/support', module: 'Nope', firstView: true }] }]), /not among its exposed modules/);
  });

  it('the last build: the frame for every route with a first view and the dashboard in both themes, at every viewport', () => {
    assert.deepEqual(Object.keys(JSON.parse(readFileSync(join(repo, 'shell', 'dist', FIRST_VIEWS_FILE), 'utf8')).views).sort(), ['/dashboard', '/history']);
    const read = (folder) => JSON.parse(readFileSync(join(repo, folder, 'dist', FIRST_VIEWS_FILE), 'utf8'));
    const frames = read('shell');
    const pages = read('mfe-marketplace');
    assert.deepEqual(frames.viewports, pages.viewports, 'the shell and the remote render for the same screens');
    assert.equal(frames.viewports.length, 3);
    for (const theme of ['dark', 'light']) {
      for (const variant of ['test', 'live']) {
        const frame = frames.views['/dashboard'][theme][variant];
        assert.equal(frame.bodies.length, 3);
        for (const body of frame.bodies) {
          assert.equal(body.split(SLOT).length, 2, 'the frame has one place for the page');
          assert.match(body, /Private Sock5/);
          assert.equal(/TEST MODE/.test(body), variant === 'test');
          // The theme toggle offers the other theme.
          assert.match(body, theme === 'dark' ? /Switch to light theme/ : /Switch to dark theme/);
        }
      }
      const page = pages.views['/dashboard'][theme].page;
      assert.equal(page.bodies.length, 3);
      for (const body of page.bodies) {
        assert.match(body, /Proxy marketplace/);
        assert.match(body, /Finds proxies in every country by the start of a city, ISP, ZIP, domain or IP\./);
        assert.doesNotMatch(body, /data-testid|<script|<style/);
      }
      // The phone's filters and regions fold into lists; wider screens show them in a row and as tabs.
      assert.notEqual(page.bodies[0].replaceAll('fv0-', ''), page.bodies[2].replaceAll('fv2-', ''));
      assert.ok(page.styles.length > 0);
    }
    const html = readFileSync(join(repo, 'shell', 'dist', FIRST_VIEW_HTML), 'utf8');
    assert.match(html, /<template data-after-paint>.*<link rel="?preload"?[^>]*main\.[0-9a-f]{8}\.js.*<\/template>/);
    assert.match(html, /<div id="?root"?><\/div>/);
    assert.ok(!existsSync(join(repo, 'mfe-payments', 'dist', FIRST_VIEWS_FILE)), 'a remote without first views writes none');
  });
});
