import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { FIRST_VIEWS_FILE, type FirstViewsFile } from 'contract/first-views';
import { composeFirstView, createFirstViews, styleTags, themeFromCookie, type FirstViewTheme } from './first-views.ts';
import { createRemoteSources } from './remote-sources.ts';

const SLOT = '<template data-ps5-page=""></template>';
const VIEWPORTS = ['(max-width: 767.98px)', '(min-width: 767.99px)'];
const BOTH = { frame: VIEWPORTS, page: VIEWPORTS };

const frameFile = (theme = 'dark'): FirstViewsFile => ({
  viewports: VIEWPORTS,
  views: {
    '/dashboard': {
      [theme]: {
        test: { styles: [['css-global g1', 'body{margin:0}'], ['css f1', '.css-f1{top:0}']], bodies: [`<header>menu TEST</header><main>${SLOT}</main>`, `<header>links TEST</header><main>${SLOT}</main>`] },
        live: { styles: [['css-global g1', 'body{margin:0}']], bodies: [`<header>menu</header><main>${SLOT}</main>`, `<header>links</header><main>${SLOT}</main>`] },
      },
    },
  },
});

const pageFile = (theme = 'dark', label = 'Proxy marketplace'): FirstViewsFile => ({
  viewports: VIEWPORTS,
  views: {
    '/dashboard': {
      [theme]: { page: { styles: [['css-global g1', 'body{margin:0}'], ['css p1 p2', '.css-p1{left:0}.css-p2{right:0}']], bodies: [`<h1>${label} (phone)</h1>`, `<h1>${label}</h1>`] } },
    },
  },
});

async function builds(t: TestContext) {
  const root = await mkdtemp(join(tmpdir(), 'first-views-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const shellDir = join(root, 'shell');
  const marketplaceDir = join(root, 'marketplace');
  const historyDir = join(root, 'history');
  for (const dir of [shellDir, marketplaceDir, historyDir]) await mkdir(dir, { recursive: true });
  const firstViews = createFirstViews({ manifestFile: new URL('../../../remotes.manifest.json', import.meta.url), shellDir });
  const sources = createRemoteSources({
    remoteDirs: { marketplace: marketplaceDir, history: historyDir },
    remoteUrls: {},
    releases: { storeDir: join(root, 'releases'), storeUrl: '/releases' },
    pointers: null,
  });
  const views = {
    viewFor: async (path: string, options: { theme: FirstViewTheme; testMode: boolean }) =>
      firstViews.viewFor(path, { ...options, sources: await sources.forSubject(null) }),
  };
  return { shellDir, marketplaceDir, historyDir, views };
}

describe('first views', () => {
  it('puts each global style in a tag of its own and every other rule in one tag naming them all, each once', () => {
    assert.equal(
      styleTags([
        { styles: [['css-global g1', 'body{margin:0}'], ['css a1', '.css-a1{top:0}']], bodies: [] },
        { styles: [['css-global g1', 'body{margin:0}'], ['css a1', '.css-a1{top:0}'], ['css b1 b2', '.css-b1{}.css-b2{}']], bodies: [] },
      ]),
      '<style data-emotion="css-global g1" data-s="">body{margin:0}</style>' +
        '<style data-emotion="css a1 b1 b2" data-s="">.css-a1{top:0}.css-b1{}.css-b2{}</style>',
    );
  });

  it('puts the page into the frame once per viewport and shows the one that fits the screen, #root hidden meanwhile', () => {
    const frame = frameFile().views['/dashboard']?.dark?.test;
    const page = pageFile().views['/dashboard']?.dark?.page;
    assert.ok(frame && page);
    const view = composeFirstView(BOTH, frame, page);
    assert.ok(view);
    assert.equal(
      view.body,
      '<div id="first-view" inert>' +
        '<div data-fv="0"><header>menu TEST</header><main><h1>Proxy marketplace (phone)</h1></main></div>' +
        '<div data-fv="1"><header>links TEST</header><main><h1>Proxy marketplace</h1></main></div></div>',
    );
    assert.match(view.head, /^<style data-emotion="css-global g1" data-s="">body\{margin:0\}<\/style><style data-emotion="css f1 p1 p2" data-s="">/);
    assert.match(view.head, /#first-view>div\{display:none\}/);
    assert.match(view.head, /@media \(max-width: 767\.98px\)\{#first-view>\[data-fv="0"\]\{display:contents\}\}/);
    assert.match(view.head, /@media \(min-width: 767\.99px\)\{#first-view>\[data-fv="1"\]\{display:contents\}\}/);
    assert.match(view.head, /#first-view~#root\{position:absolute;top:0;left:0;right:0;visibility:hidden\}/);
    // A page's markup with `$&` in it is put in as it is.
    const dollars = composeFirstView(BOTH, frame, { styles: [], bodies: ['$& $1', '$$'] });
    assert.match(dollars?.body ?? '', /<main>\$& \$1<\/main>.*<main>\$\$<\/main>/);
    // Parts that do not fit together give no first view.
    assert.equal(composeFirstView(BOTH, frame, { styles: [], bodies: ['only one'] }), null);
    assert.equal(composeFirstView(BOTH, { styles: [], bodies: ['<main></main>', '<main></main>'] }, page), null);
  });

  it('lays a remote that splits the widths further over the frame: one part per range of either', () => {
    const frame = frameFile().views['/dashboard']?.dark?.live;
    assert.ok(frame);
    // The page asked a breakpoint at 600 px as well: three ranges against the frame's two.
    const page = { styles: [], bodies: ['<p>small</p>', '<p>medium</p>', '<p>wide</p>'] };
    const viewports = { frame: VIEWPORTS, page: ['(max-width: 599.99px)', '(min-width: 600px) and (max-width: 767.98px)', '(min-width: 767.99px)'] };
    const view = composeFirstView(viewports, frame, page);
    assert.equal(
      view?.body,
      '<div id="first-view" inert>' +
        '<div data-fv="0"><header>menu</header><main><p>small</p></main></div>' +
        '<div data-fv="1"><header>menu</header><main><p>medium</p></main></div>' +
        '<div data-fv="2"><header>links</header><main><p>wide</p></main></div></div>',
    );
    assert.match(view?.head ?? '', /@media \(max-width: 599\.99px\)\{#first-view>\[data-fv="0"\]/);
    assert.match(view?.head ?? '', /@media \(min-width: 600px\) and \(max-width: 767\.98px\)\{#first-view>\[data-fv="1"\]/);
    assert.match(view?.head ?? '', /@media \(min-width: 767\.99px\)\{#first-view>\[data-fv="2"\]/);
    // Ranges that leave widths uncovered give no first view.
    assert.equal(composeFirstView({ frame: VIEWPORTS, page: ['(min-width: 600px)'] }, frame, { styles: [], bodies: ['<p>x</p>'] }), null);
  });

  it('reads the builds as they are now: the theme and payments mode asked for, nothing where a part is missing', async (t) => {
    const { shellDir, marketplaceDir, historyDir, views } = await builds(t);
    const dashboard = () => views.viewFor('/dashboard', { theme: 'dark', testMode: true });
    assert.equal(await dashboard(), null, 'no build has first views yet');
    await writeFile(join(shellDir, FIRST_VIEWS_FILE), JSON.stringify(frameFile()));
    assert.equal(await dashboard(), null, 'the remote has none yet');
    await writeFile(join(marketplaceDir, FIRST_VIEWS_FILE), JSON.stringify(pageFile()));
    const view = await dashboard();
    assert.match(view?.body ?? '', /menu TEST.*Proxy marketplace \(phone\)/);
    assert.match((await views.viewFor('/dashboard/', { theme: 'dark', testMode: false }))?.body ?? '', /<header>menu<\/header>/);
    assert.equal(await views.viewFor('/dashboard', { theme: 'light', testMode: true }), null, 'no light render in these builds');
    // Pages without a first view, and a remote's history folder holding a file, change nothing.
    await writeFile(join(historyDir, FIRST_VIEWS_FILE), JSON.stringify(pageFile()));
    assert.equal(await views.viewFor('/history', { theme: 'dark', testMode: true }), null);
    assert.equal(await views.viewFor('/no-such-page', { theme: 'dark', testMode: true }), null);

    // The remote redeployed on its own: its new page under the same frame, under a new key.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await writeFile(join(marketplaceDir, FIRST_VIEWS_FILE), JSON.stringify(pageFile('dark', 'Marketplace v2')));
    const redeployed = await dashboard();
    assert.match(redeployed?.body ?? '', /Marketplace v2 \(phone\)/);
    assert.notEqual(redeployed?.key, view?.key);
    // A file whose renders do not match its widths, or one being written, gives no first view rather than a wrong one.
    await writeFile(join(marketplaceDir, FIRST_VIEWS_FILE), JSON.stringify({ ...pageFile(), viewports: ['(min-width: 0px)'] }));
    assert.equal(await dashboard(), null);
    await writeFile(join(marketplaceDir, FIRST_VIEWS_FILE), '{"viewports": [');
    assert.equal(await dashboard(), null);
  });

  it('leaves out a remote served from elsewhere: its files are not ours to read', async (t) => {
    const root = await mkdtemp(join(tmpdir(), 'first-views-'));
    t.after(() => rm(root, { recursive: true, force: true }));
    await writeFile(join(root, FIRST_VIEWS_FILE), JSON.stringify({ ...frameFile(), views: { ...frameFile().views, ...pageFile().views } }));
    const views = createFirstViews({ manifestFile: new URL('../../../remotes.manifest.json', import.meta.url), shellDir: root });
    const sources = await createRemoteSources({
      remoteDirs: { marketplace: root },
      remoteUrls: { marketplace: 'https://cdn.example/marketplace/mf-manifest.json' },
      releases: { storeDir: join(root, 'releases'), storeUrl: '/releases' },
      pointers: null,
    }).forSubject(null);
    assert.equal(await views.viewFor('/dashboard', { theme: 'dark', testMode: true, sources }), null);
  });

  it('takes the theme from the cookie the portal keeps, dark unless it says light', () => {
    assert.equal(themeFromCookie(undefined), 'dark');
    assert.equal(themeFromCookie('theme=light'), 'light');
    assert.equal(themeFromCookie('a=1; theme=light; b=2'), 'light');
    assert.equal(themeFromCookie('theme=dark'), 'dark');
    assert.equal(themeFromCookie('notheme=light'), 'dark');
    assert.equal(themeFromCookie('theme=lightish'), 'dark');
  });
});
