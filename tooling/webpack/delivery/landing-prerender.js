// The landing page rendered at build time. A production build of the shell (composed or single-app) also
// compiles shell/src/prerender.tsx for Node, with the landing remote's sources compiled in, runs it, and
// writes `landing.html`: the shell's index.html with the markup of `/` (and its styles) inside #root. The
// API sends that file for `/`; the browser paints the page from the HTML alone, then hydrates it. Every
// other path still gets the empty index.html.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpack from 'webpack';
import { preloadAfterPaint } from './after-paint.js';
import { emotionStyleTags, FIRST_VIEWS_FILE } from '../../../contract/src/first-views.ts';
import { builtBundle, firstViewsFile, takeEmotionStyles, writeFirstViewPage } from './first-view.js';
import { writeLocalRemoteRegistry } from '../single-app.js';

export const LANDING_HTML = 'landing.html';
// html-webpack-plugin minifies the page: the attribute may have lost its quotes.
const ROOT = /<div id="?root"?><\/div>/;


/**
 * Moves the styles emotion wrote next to each element into <head>, in their order, as tags emotion recognises
 * as styles it already has (emotionStyleTags).
 */
export function hoistStyles(markup) {
  const { styles, body } = takeEmotionStyles(markup);
  return { head: emotionStyleTags(styles), body };
}

/** Puts the rendered markup into the shell's page; fails the build when the page could not work from it. */
export function withLanding(indexHtml, markup) {
  if (!ROOT.test(indexHtml)) throw new Error('index.html has no empty <div id="root"></div> to render the landing page into');
  // The CSP allows no inline script: a render that still needed one (a part that did not finish) is an error.
  if (/<script/i.test(markup)) throw new Error('the landing prerender produced an inline script: a lazy part did not resolve');
  if (!/<main[\s>]/.test(markup)) throw new Error('the landing prerender has no <main>: the landing page did not render');
  const { head, body } = hoistStyles(markup);
  return preloadAfterPaint(indexHtml)
    .replace('</head>', () => `${head}</head>`)
    .replace(ROOT, () => `<div id="root">${body}</div>`);
}

class LandingPrerenderPlugin {
  /**
   * @param {string} pageDir the browser build's output folder (index.html is read from it, landing.html and
   *   the frame's first views are written to it)
   * @param {string[]} firstViewPaths the routes whose pages have a first view
   */
  constructor(pageDir, firstViewPaths) {
    this.pageDir = pageDir;
    this.firstViewPaths = firstViewPaths;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('LandingPrerender', async (compilation) => {
      if (compilation.errors.length > 0) return;
      const { renderLanding, renderFrames } = builtBundle(compilation, 'prerender.cjs');
      const markup = await renderLanding();
      const page = withLanding(readFileSync(join(this.pageDir, 'index.html'), 'utf8'), markup);
      writeFileSync(join(this.pageDir, LANDING_HTML), page);
      // The frame around the first views of signed-in pages (first-view.js).
      writeFileSync(join(this.pageDir, FIRST_VIEWS_FILE), JSON.stringify(firstViewsFile(await renderFrames(this.firstViewPaths))));
      writeFirstViewPage(this.pageDir);
    });
  }
}

/**
 * The Node build of the prerender, run after the browser build named `dependsOn`.
 * @param {{ dir: string, workspaceRoot: string, landing: object, firstViewPaths: string[], pageDir: string, dependsOn: string, moduleRules: object[], defines: object }} options
 */
export function landingPrerenderConfig({ dir, workspaceRoot, landing, firstViewPaths, pageDir, dependsOn, moduleRules, defines }) {
  const registry = writeLocalRemoteRegistry(workspaceRoot, [landing], 'prerender-registry.js');
  const outputPath = join(dir, 'node_modules', '.cache', 'landing-prerender');
  return {
    name: 'landing-prerender',
    dependencies: [dependsOn],
    mode: 'production',
    target: 'node',
    context: dir,
    entry: { prerender: './src/prerender.tsx' },
    devtool: false,
    output: { path: outputPath, filename: 'prerender.cjs', library: { type: 'commonjs2' }, clean: true },
    // The realtime socket only ever starts for a signed-in customer in a browser.
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: { 'socket.io-client': false } },
    module: { rules: moduleRules },
    plugins: [
      new webpack.DefinePlugin(defines),
      new webpack.NormalModuleReplacementPlugin(/\/remote-registry$/, (resource) => {
        if (resource.context.startsWith(join(dir, 'src'))) resource.request = registry;
      }),
      // One file: the lazy parts (the landing page, the dialogs) are in it, so they resolve during the render.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new LandingPrerenderPlugin(pageDir, firstViewPaths),
    ],
    optimization: { minimize: false, moduleIds: 'named' },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
