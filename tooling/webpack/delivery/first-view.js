// First views: a signed-in page as it looks before its code and data have arrived, rendered at build time
// from the page's own components (shared/src/prerender/first-view.tsx) and sent in the page's HTML, so a
// phone paints it at once instead of a blank screen. The shell renders its frame (top bar, the page's
// place) for each route that has one, each remote the pages it serves with `"firstView": true` in
// remotes.manifest.json; the API puts the two together for a request (api/src/web/first-views.ts), so a
// remote redeployed on its own sends its new first view with the same shell. Each build writes
// `first-views.json` next to its files:
//   { viewports: [media, ...], views: { [route path]: { [theme]: { [variant]: { styles, bodies } } } } }
// A remote's pages have one variant (`page`), the shell's frame one per payments mode (`test`, with the
// test-mode mark, and `live`). `styles` are emotion's rules as [data-emotion attribute, css] pairs, `bodies`
// the markup for each viewport, in the order of `viewports`. The shell also writes `first-view.html`: index.html with its
// preloads kept for after the first paint, into which the API puts the first view.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import webpack from 'webpack';
import { FIRST_VIEW_HTML, FIRST_VIEWS_FILE } from '../../../contract/src/first-views.ts';
import { writeGenerated } from '../generated-file.js';
import { preloadAfterPaint } from './after-paint.js';

const require = createRequire(import.meta.url);

/** The routes of `remotes` whose pages have a first view, with the exposed file each renders. */
export function firstViewRoutes(remotes) {
  return remotes.flatMap((remote) =>
    remote.routes
      .filter((route) => route.firstView)
      .map((route) => {
        if (/[:*]/.test(route.path)) throw new Error(`${remote.name} ${route.path}: a first view is rendered for one fixed path, not a pattern`);
        const file = remote.exposes[`./${route.module}`];
        if (!file) throw new Error(`${remote.name} ${route.path}: ${route.module} is not among its exposed modules`);
        return { remote: remote.name, package: remote.package, path: route.path, module: route.module, file };
      }),
  );
}

const EMOTION_STYLE = /<style data-emotion="([^"]+)">([^<]*)<\/style>/g;

/** Takes the style tags emotion wrote next to the elements out of a render: its markup without them, and their rules in order. */
export function takeEmotionStyles(markup) {
  const styles = [];
  const body = markup.replace(EMOTION_STYLE, (_tag, attribute, css) => {
    styles.push([attribute, css]);
    return '';
  });
  return { styles, body };
}

// Ids, and the attributes that point at them: a first view's must not clash with the page that replaces it.
const ID_ATTRIBUTE = /\s(id|for|aria-(?:labelledby|describedby|controls|owns|activedescendant))="([^"]*)"/g;

/**
 * One render's markup made fit for the page's HTML: emotion's style tags taken out (into `styles`, each
 * rule once), ids prefixed with `prefix` (the page's own, with the same ids, arrives later), test ids
 * dropped (a test finds the page, never its first view). Fails on what the page's CSP would block.
 */
export function firstViewBody(markup, prefix, styles) {
  if (/<script/i.test(markup)) throw new Error('a first view rendered an inline script: the page CSP allows none');
  const taken = takeEmotionStyles(markup);
  for (const [attribute, css] of taken.styles) styles.set(attribute, css);
  return taken.body
    .replace(/ data-testid="[^"]*"/g, '')
    .replace(ID_ATTRIBUTE, (_match, name, value) => ` ${name}="${value.split(/\s+/).map((id) => `${prefix}${id}`).join(' ')}"`);
}

/**
 * What a prerender bundle rendered (`{ viewports, renders: { [path]: { [theme]: { [variant]: [markup per
 * viewport] } } } }`, see shared/src/prerender/first-view.tsx) in the file's shape.
 */
export function firstViewsFile({ viewports, renders }) {
  const views = {};
  for (const [path, themes] of Object.entries(renders)) {
    views[path] = {};
    for (const [theme, variants] of Object.entries(themes)) {
      views[path][theme] = {};
      for (const [variant, markups] of Object.entries(variants)) {
        if (markups.length !== viewports.length) throw new Error(`first view ${path}: ${markups.length} renders for ${viewports.length} viewports`);
        const styles = new Map();
        const bodies = markups.map((markup, index) => firstViewBody(markup, `fv${index}-`, styles));
        views[path][theme][variant] = { styles: [...styles], bodies };
      }
    }
  }
  return { viewports: viewports.map((viewport) => viewport.media), views };
}

/** Writes the shell's `first-view.html`: index.html with its preloads kept for after the first paint. */
export function writeFirstViewPage(pageDir) {
  const index = readFileSync(join(pageDir, 'index.html'), 'utf8');
  if (!/<div id="?root"?><\/div>/.test(index)) throw new Error('index.html has no empty <div id="root"></div> to put a first view before');
  writeFileSync(join(pageDir, FIRST_VIEW_HTML), preloadAfterPaint(index));
}

/** A Node build's bundle as it just wrote it (a build that runs again writes it again: no cached copy). */
export function builtBundle(compilation, fileName) {
  const bundle = join(compilation.outputOptions.path, fileName);
  delete require.cache[bundle];
  return require(bundle);
}

class RemoteFirstViewsPlugin {
  constructor(pageDir) {
    this.pageDir = pageDir;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('RemoteFirstViews', async (compilation) => {
      if (compilation.errors.length > 0) return;
      const { renderFirstViews } = builtBundle(compilation, 'first-views.cjs');
      mkdirSync(this.pageDir, { recursive: true });
      writeFileSync(join(this.pageDir, FIRST_VIEWS_FILE), JSON.stringify(firstViewsFile(await renderFirstViews())));
    });
  }
}

/**
 * The Node build that renders a remote's first views, run after its browser build: an entry generated
 * here imports each page with a first view and hands them to shared's renderer.
 * @param {{ dir: string, routes: ReturnType<typeof firstViewRoutes>, workspaceRoot: string, pageDir: string, dependsOn: string, moduleRules: object[], defines: object }} options
 */
export function remoteFirstViewsConfig({ dir, routes, workspaceRoot, pageDir, dependsOn, moduleRules, defines }) {
  const outputPath = join(dir, 'node_modules', '.cache', 'first-views');
  const entry = join(outputPath, 'entry.js');
  const imports = routes.map((route, index) => `import Page${index} from ${JSON.stringify(resolve(workspaceRoot, route.package, route.file))};`);
  const pages = routes.map((route, index) => `  ${JSON.stringify(route.path)}: Page${index},`);
  writeGenerated(
    entry,
    `// Generated by tooling/webpack/delivery/first-view.js: the pages of this remote that have a first view.
import { renderPageViews } from 'shared/prerender/first-view';
${imports.join('\n')}

const pages = {
${pages.join('\n')}
};

export function renderFirstViews() {
  return renderPageViews(pages);
}
`,
  );
  return {
    name: 'first-views',
    dependencies: [dependsOn],
    mode: 'production',
    target: 'node',
    context: dir,
    entry: { 'first-views': entry },
    devtool: false,
    output: { path: join(outputPath, 'dist'), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: { 'socket.io-client': false } },
    module: { rules: moduleRules },
    plugins: [
      new webpack.DefinePlugin(defines),
      // One file: nothing of a first view may wait for a chunk.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new RemoteFirstViewsPlugin(pageDir),
    ],
    optimization: { minimize: false, moduleIds: 'named' },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
