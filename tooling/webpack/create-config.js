// One webpack + Module Federation configuration for the shell (host) and every remote, so the list of
// shared singletons, the loaders and the manifest settings cannot drift between independently deployed apps.
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { LoadGraphPlugin } from './load-graph-plugin.js';
import { PrecompressPlugin } from './precompress-plugin.js';
import { appNameOf, isSingleAppBuild, writeLocalRemoteRegistry } from './single-app.js';

const require = createRequire(import.meta.url);
// pnpm keeps webpack out of the federation plugin's own resolution path; tell it which webpack we build with.
process.env.FEDERATION_WEBPACK_PATH ??= require.resolve('webpack');
const { ModuleFederationPlugin } = await import('@module-federation/enhanced/webpack');

/** Ports of the development servers; the API (and the composed product) listens on 8080. */
export const devPorts = {
  shell: 3000,
  landing: 3001,
  marketplace: 3002,
  history: 3003,
  payments: 3004,
  support: 3005,
  account: 3006,
};

// Loaded exactly once in the composed app. The trailing-slash keys share deep imports
// (react-dom/client, react/jsx-runtime, jotai/utils, shared/auth/auth-atoms, ...) instead of bundling them twice.
// MUI is shared per component (`@mui/material/Button`, never the barrel, which would ship all of MUI to every
// page): each app provides the components it uses, and the theme, default-props and styling contexts come
// from one copy because @mui/system's modules, the styled engine and emotion are singletons too.
// react-router is not listed: it is shared through `shared/routing/router`, which bundles only what we use.
const singletons = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'jotai',
  'jotai/',
  '@mui/system/DefaultPropsProvider',
  '@mui/system/RtlProvider',
  '@mui/styled-engine',
  '@mui/private-theming',
  '@emotion/react',
  '@emotion/styled',
  'notistack',
  '@tanstack/react-query',
  'shared/',
];

export function sharedSingletons() {
  return Object.fromEntries(
    singletons.map((key) => [key, { singleton: true, requiredVersion: false, eager: false }]),
  );
}

function buildLabel() {
  if (process.env.BUILD_LABEL) return process.env.BUILD_LABEL;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'local';
  }
}

/**
 * @param {object} options
 * @param {string} options.name federation name: 'shell' or the remote's short name ('history', ...)
 * @param {string} options.dir the app's folder (import.meta.dirname of its webpack.config.js)
 * @param {Record<string, string>} [options.exposes] for remotes: exposed module -> source file
 * @param {string} [options.title] document title (host, and a remote's dev harness)
 */
export function createConfig({ name, dir, exposes, title = 'Private Sock5' }) {
  const isHost = !exposes;
  const config = async (_env, argv) => {
    const production = argv.mode === 'production';
    const single = isSingleAppBuild();
    if (single && !isHost) throw new Error('BUILD_MODE=single builds the shell only: it bundles the remotes itself');
    const outputPath = join(dir, process.env.OUTPUT_DIR ?? (single ? 'dist-single' : 'dist'));
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      // Remotes build their dev harness entry too: `pnpm --filter mfe-x dev` runs the remote alone.
      entry: isHost || !production ? { main: './src/index.ts' } : {},
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outputPath,
        publicPath: isHost ? '/' : 'auto',
        uniqueName: `ps5_${name}`,
        // Entry files keep stable names (federation's runtime chunk cannot take a hash); the server sends them no-cache.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /\.svg$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          __BUILD_LABEL__: JSON.stringify(buildLabel()),
          // One app per build, except the single-app build, where each remote's files keep their own name.
          __APP_NAME__: single
            ? webpack.DefinePlugin.runtimeValue(({ module }) => JSON.stringify(appNameOf(module.resource, join(dir, '..'))))
            : JSON.stringify(name),
        }),
        ...(single ? await singleAppPlugins(dir) : [federationPlugin({ name, isHost, exposes, production })]),
        ...(production ? [new LoadGraphPlugin(), new PrecompressPlugin()] : []),
        ...(isHost || !production
          ? [new HtmlWebpackPlugin({
              title,
              template: join(import.meta.dirname, 'index.html'),
              chunks: ['main'],
              publicPath: '/',
              // The composed shell's first request: fetched while main.js downloads instead of after it runs.
              preloadRemoteMap: isHost && !single,
            })]
          : []),
      ],
      performance: { hints: false },
      optimization: { moduleIds: production ? 'deterministic' : 'named' },
      devServer: {
        port: isHost ? devPorts.shell : devPorts[name],
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        proxy: [
          {
            context: isHost ? ['/api', '/socket.io', '/remotes.json', '/sandbox'] : ['/api', '/socket.io', '/sandbox'],
            target: `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
            ws: true,
          },
        ],
      },
      stats: production ? 'errors-warnings' : 'minimal',
    };
  };
  // Read by the single-app build, which imports each remote's exposed modules itself.
  if (!isHost) config.federation = { name, dir, exposes };
  return config;
}

function federationPlugin({ name, isHost, exposes, production }) {
  return new ModuleFederationPlugin({
    name: isHost ? 'shell' : name,
    // The container's global is prefixed: a remote named `history` would otherwise clobber window.history.
    ...(isHost ? {} : { filename: 'remoteEntry.js', exposes, library: { type: 'global', name: `ps5_${name}` } }),
    shared: sharedSingletons(),
    shareStrategy: 'loaded-first',
    manifest: { fileName: 'mf-manifest.json' },
    dts: false,
    // In production the shell ships the federation runtime once and every remote uses it, instead of each
    // remoteEntry.js carrying its own ~90 KB copy. A remote's dev server runs alone, so it keeps its own there.
    ...(production && isHost ? { runtimePlugins: [externalRuntimeProvider()] } : {}),
    experiments: production ? { ...(isHost ? {} : { externalRuntime: true }), optimization: { target: 'web' } } : {},
  });
}

/**
 * The plugin behind `experiments.provideExternalRuntime`, by its ES module build: that option resolves the
 * CommonJS build, which pulls a second, CommonJS copy of the runtime core into the shell next to the one
 * the bundler runtime already uses.
 */
function externalRuntimeProvider() {
  const enhanced = require.resolve('@module-federation/enhanced');
  const plugin = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [enhanced] });
  return plugin.replace(/index\.cjs$/, 'index.js');
}

/** BUILD_MODE=single: no federation; the remote registry imports every remote's exposed modules locally. */
async function singleAppPlugins(dir) {
  const registry = await writeLocalRemoteRegistry(dir);
  return [
    new webpack.NormalModuleReplacementPlugin(/\/remote-registry$/, (resource) => {
      if (resource.context.startsWith(join(dir, 'src'))) resource.request = registry;
    }),
  ];
}
