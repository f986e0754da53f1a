// The build side of page delivery, in one place: everything a build does so a page reaches a phone's screen
// fast, around whatever the page's components are. create-config.js asks `pageDelivery` once per build and
// spreads what it gets into the webpack config; no feature code calls any of it.
//
// - The page itself: index.html preloads the shell's entry and the start-up files it asks for next, and
//   start.js runs it after the first paint (after-paint.js); the shell's entry is named by its content.
// - Few files: the shell's start-up in one chunk, a remote's exposed module in one file (startup-chunk.js).
// - Prerendered HTML: `/` with the landing page in it (landing-prerender.js), signed-in pages' first views
//   (first-view.js), each a Node build that runs after the browser build.
// - Precompressed copies of every text file (precompress-plugin.js) and the load graph the page-weight budget
//   follows (load-graph-plugin.js).
// - The federation runtime's scripts at the default priority (remote-script-priority.js).
// The serving side of the same machinery is api/src/web/page-delivery.ts; the two meet in the build output
// (landing.html, first-view.html, first-views.json) and in contract/src/first-views.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { firstViewRoutes, remoteFirstViewsConfig } from './first-view.js';
import { landingPrerenderConfig } from './landing-prerender.js';
import { LoadGraphPlugin, startupFiles } from './load-graph-plugin.js';
import { PrecompressPlugin } from './precompress-plugin.js';
import { remoteSplitChunks, shellStartupChunk } from './startup-chunk.js';

/**
 * The shell's production entry file name, with its content hash. The federation runtime asks for the entry's
 * name while the chunk is still being hashed, only to learn its folder depth; it gets the unhashed name there.
 */
function hashedEntryName(pathData) {
  return pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';
}

/**
 * Emits files of this folder next to index.html, which refers to them: favicon.svg (one small file; no 404
 * on every page) and start.js (runs main.js after the first paint).
 */
function pageFilesPlugin() {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('PageFiles', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'PageFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          for (const name of ['favicon.svg', 'start.js']) {
            const file = join(import.meta.dirname, name);
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new webpack.sources.RawSource(readFileSync(file)));
          }
        });
      });
    },
  };
}

/**
 * @param {object} build
 * @param {boolean} build.isHost the shell (true) or a remote
 * @param {boolean} build.production
 * @param {boolean} build.single the single-app build (BUILD_MODE=single), which loads no remotes
 * @param {string} build.dir the app's folder
 * @param {string} build.outputPath where the browser build writes
 * @param {string} build.title the document title
 * @param {string} build.workspaceRoot
 * @param {{ remotes: any[] }} build.manifest remotes.manifest.json
 * @param {any} [build.remote] this remote's manifest entry
 * @param {object[]} build.moduleRules the loaders of the browser build, reused by the Node builds
 * @param {object} build.defines the browser build's DefinePlugin values
 * @param {object} build.perModuleDefines the same, per source file's app (for builds that compile several apps)
 */
export function pageDelivery({ isHost, production, single, dir, outputPath, title, workspaceRoot, manifest, remote, moduleRules, defines, perModuleDefines }) {
  const startupChunk = production && isHost && !single ? shellStartupChunk() : null;
  const pagePlugins =
    isHost || !production
      ? [
          new HtmlWebpackPlugin({
            title,
            template: join(import.meta.dirname, 'index.html'),
            chunks: ['main'],
            publicPath: '/',
            // The template preloads main.js and the start-up files it loads next, and has start.js run it after the first paint.
            inject: false,
            // The composed shell's first request: fetched while main.js downloads instead of after it runs.
            // It also marks where the API names the page's remote files (a single-app build loads none).
            preloadRemoteMap: isHost && !single,
            // html-webpack-plugin's own parameters, and the start-up files main.js will ask for next.
            templateParameters: (compilation, assets, assetTags, options) => ({
              compilation,
              webpackConfig: compilation.options,
              htmlWebpackPlugin: { tags: assetTags, files: assets, options },
              startupFiles: startupFiles(compilation, 'main').map((file) => `/${file}`),
            }),
          }),
          pageFilesPlugin(),
        ]
      : [];

  /** The Node builds that run after the browser build: the landing page's HTML and the first views. */
  function companions() {
    if (!production) return [];
    if (!isHost) {
      const routes = firstViewRoutes([remote]);
      if (routes.length === 0) return [];
      return [remoteFirstViewsConfig({ dir, routes, workspaceRoot, pageDir: outputPath, dependsOn: 'browser', moduleRules, defines })];
    }
    const landing = manifest.remotes.find((entry) => entry.name === 'landing');
    const firstViewPaths = firstViewRoutes(manifest.remotes).map((route) => route.path);
    return [landingPrerenderConfig({ dir, workspaceRoot, landing, firstViewPaths, pageDir: outputPath, dependsOn: 'browser', moduleRules, defines: perModuleDefines })];
  }

  return {
    /** The entry's file name (a remote's remoteEntry.js keeps its name: its manifest names it). */
    filename: production && isHost ? hashedEntryName : '[name].js',
    splitChunks: startupChunk?.splitChunks ?? (production && !isHost ? remoteSplitChunks : undefined),
    plugins: [...(startupChunk ? [startupChunk.plugin] : []), ...(production ? [new LoadGraphPlugin(), new PrecompressPlugin()] : []), ...pagePlugins],
    /** Federation runtime plugins of the shell. */
    runtimePlugins: isHost ? [join(import.meta.dirname, 'remote-script-priority.js')] : [],
    companions,
  };
}
