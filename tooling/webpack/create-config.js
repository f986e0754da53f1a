// One webpack + Module Federation configuration for the shell (host) and every remote, so the list of
// shared singletons, the loaders and the manifest settings cannot drift between independently deployed apps.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import webpack from 'webpack';
import { pageDelivery } from './delivery/index.js';
import { sharedSingletonKeys } from './shared-modules.js';
import { appNameOf, isSingleAppBuild, writeLocalRemoteRegistry } from './single-app.js';

const require = createRequire(import.meta.url);
// pnpm keeps webpack out of the federation plugin's own resolution path; tell it which webpack we build with.
process.env.FEDERATION_WEBPACK_PATH ??= require.resolve('webpack');
const { ModuleFederationPlugin } = await import('@module-federation/enhanced/webpack');

/** The remotes, their dev ports and exposed modules, listed once for the whole workspace. */
export const remotesManifest = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'remotes.manifest.json'), 'utf8'),
);

/** Ports of the development servers; the API (and the composed product) listens on 8080. */
export const devPorts = {
  shell: 3000,
  ...Object.fromEntries(remotesManifest.remotes.map((remote) => [remote.name, remote.devPort])),
};

// Loaded exactly once in the composed app. The trailing-slash keys share deep imports
// (react-dom/client, react/jsx-runtime, jotai/utils, ...) instead of bundling them twice.
// MUI components are imported one by one and each app bundles, tree-shaken, those it renders; the theme,
// default props and styling contexts still exist once, because MUI's context modules, the styled engine
// and emotion are singletons. (Sharing each component instead still left every app with its own copy of the
// internals MUI imports by relative path, and cost more requests and bytes.)
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
  // shared's modules that hold state, one key each; the stateless ones each app bundles (shared-modules.js).
  ...sharedSingletonKeys(),
];

/**
 * Modules shared by the file they resolve to (see sharedSingletons): a package's own files that import each
 * other by relative path, which no request key matches. Each one costs entries in the share tables of the
 * entry files that use it (about 200 B brotli on a page, all its files counted), so only files that more than
 * one app would otherwise bundle on the same page are listed. (Sharing MUI's style engine by file once split
 * the shell's start-up into more files; since the start-up chunk takes in the shared modules it consumes, it
 * does not.)
 */
/** @type {{ pkg: string, via?: string, file: string, shareKey: string }[]} */
const sharedFiles = [
  // MUI's components reach createTheme by relative paths (Box and defaultTheme call it at load): without it
  // every remote ships its own copy of MUI's theme code (colors, palette, typography, ...).
  { pkg: '@mui/material', file: 'styles/createTheme.mjs', shareKey: '@mui/material/styles/createTheme' },
  // MUI's style engine (the sx function and its config, breakpoints, spacing, colour helpers, the base theme):
  // the shell's theme runs it at start-up, and the remotes' components reach the same files by relative paths
  // inside @mui/system. Without these the landing page carried a copy of its own (4.9 KB brotli of its page
  // file; 3.6 KB less on `/` once the share tables' entries are counted).
  ...[
    'createTheme/createTheme.mjs',
    'styleFunctionSx/styleFunctionSx.mjs',
    'styleFunctionSx/defaultSxConfig.mjs',
    'colorManipulator/colorManipulator.mjs',
    'breakpoints/breakpoints.mjs',
    'spacing/spacing.mjs',
  ].map((file) => ({ pkg: '@mui/system', via: '@mui/material', file, shareKey: `@mui/system/${file.replace(/\.mjs$/, '')}` })),
  // jotai/utils reaches jotai's core and its React bindings by relative paths ('../../vanilla.js'): without
  // these an app's copy of jotai/utils carried a private copy of both (4 KB more on the dashboard), whose
  // hooks (useResetAtom, useHydrateAtoms, ...) would read another React context than the portal's store.
  { pkg: 'jotai', file: 'dist/vanilla.js', shareKey: 'jotai/vanilla' },
  { pkg: 'jotai', file: 'dist/react.js', shareKey: 'jotai/react' },
];

const workspaceRoot = join(import.meta.dirname, '..', '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The pnpm catalog (pnpm-workspace.yaml): packages depend on `catalog:` and the version lives there. */
function catalogVersions() {
  const lines = readFileSync(join(workspaceRoot, 'pnpm-workspace.yaml'), 'utf8').split('\n');
  const start = lines.indexOf('catalog:');
  const versions = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const entry = line.match(/^\s+'?([^':#]+)'?:\s*(\S+)/);
    if (entry) versions[entry[1]] = entry[2];
  }
  return versions;
}

/** The package a share key belongs to: `@mui/system/RtlProvider` -> `@mui/system`, `react/` -> `react`. */
const packageOf = (key) => key.split('/').slice(0, key.startsWith('@') ? 2 : 1).join('/');

/**
 * MUI's own packages (@mui/system, @mui/styled-engine, ...) are released in lockstep with @mui/material
 * and come with it: an app that depends on @mui/material needs the same range of them.
 */
const MUI_LOCKSTEP = /^@mui\/(system|styled-engine|private-theming)$/;

/** The version range an app needs of a dependency, from its own package.json (null: not a dependency). */
function dependencyRange(dir, name) {
  const manifest = readJson(join(dir, 'package.json'));
  const range = { ...manifest.devDependencies, ...manifest.peerDependencies, ...manifest.dependencies }[name];
  if (range === undefined) return MUI_LOCKSTEP.test(name) ? dependencyRange(dir, '@mui/material') : null;
  if (range === 'catalog:') return `^${catalogVersions()[name]}`;
  // Workspace libraries (shared) sit in a folder of their own name.
  if (range.startsWith('workspace:')) return `^${readJson(join(workspaceRoot, name, 'package.json')).version}`;
  return range;
}

/**
 * Each singleton declares the range the app was built for, and `strictVersion` makes an unsatisfied one an
 * error: with `loaded-first`, a remote built against an incompatible version of a library the shell already
 * loaded fails to load (the shell shows its failure panel with the reason) instead of silently running the
 * shell's copy. FEDERATION_REQUIRED_VERSIONS ('{"react-router": "^9.0.0"}') overrides ranges for a test build.
 */
export function sharedSingletons(dir) {
  const overrides = process.env.FEDERATION_REQUIRED_VERSIONS ? JSON.parse(process.env.FEDERATION_REQUIRED_VERSIONS) : {};
  const options = (name) => {
    const requiredVersion = overrides[name] ?? dependencyRange(dir, name);
    if (!requiredVersion) throw new Error(`${join(dir, 'package.json')} must depend on the shared singleton ${name}`);
    return { singleton: true, requiredVersion, strictVersion: true, eager: false };
  };
  const byRequest = singletons.map((key) => [key, options(packageOf(key))]);
  // Shared by the file it resolves to, under a share key every app agrees on; a module shared by its file
  // has no package to take its version from: it is said here.
  const resolveFromApp = createRequire(join(dir, 'package.json'));
  const byFile = sharedFiles.map(({ pkg, via, file, shareKey }) => {
    // A package the app reaches only through another (`via`) is resolved from that package's folder.
    const resolve = via ? createRequire(resolveFromApp.resolve(`${via}/package.json`)).resolve : resolveFromApp.resolve;
    const pkgDir = dirname(resolve(`${pkg}/package.json`));
    const { version } = readJson(join(pkgDir, 'package.json'));
    return [join(pkgDir, file), { ...options(pkg), shareKey, version }];
  });
  return Object.fromEntries([...byRequest, ...byFile]);
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
 * @param {string} [options.title] document title (host, and a remote's dev harness)
 */
export function createConfig({ name, dir, title = 'Private Sock5' }) {
  const isHost = name === 'shell';
  const remote = remotesManifest.remotes.find((entry) => entry.name === name);
  if (!isHost && !remote) throw new Error(`${name} is not listed in remotes.manifest.json`);
  // A remote's exposed modules (exposed name -> source file) come from the manifest.
  const exposes = remote?.exposes;
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const single = isSingleAppBuild();
    if (single && !isHost) throw new Error('BUILD_MODE=single builds the shell only: it bundles the remotes itself');
    const outputPath = join(dir, process.env.OUTPUT_DIR ?? (single ? 'dist-single' : 'dist'));
    const moduleRules = [
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
    ];
    const label = JSON.stringify(buildLabel());
    const defines = { __BUILD_LABEL__: label, __APP_NAME__: JSON.stringify(name) };
    // The single-app build (and the landing prerender) compile several apps' files: each keeps its own name.
    const perModuleDefines = {
      __BUILD_LABEL__: label,
      __APP_NAME__: webpack.DefinePlugin.runtimeValue(({ module }) => JSON.stringify(appNameOf(module.resource, workspaceRoot))),
    };
    const delivery = pageDelivery({
      isHost,
      production,
      single,
      dir,
      outputPath,
      title,
      workspaceRoot,
      manifest: remotesManifest,
      remote,
      moduleRules,
      defines,
      perModuleDefines,
    });
    const browser = {
      name: 'browser',
      mode: production ? 'production' : 'development',
      context: dir,
      // Remotes build their dev harness entry too: `pnpm --filter mfe-x dev` runs the remote alone.
      entry: isHost || !production ? { main: './src/index.ts' } : {},
      // Production maps are written for error trackers but not named in the scripts: the API serves them
      // only with SERVE_SOURCE_MAPS=true, and then names each in a SourceMap header.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outputPath,
        publicPath: isHost ? '/' : 'auto',
        uniqueName: `ps5_${name}`,
        filename: delivery.filename,
        // Chunks are hashed in development too: html-webpack-plugin's child compiler also runs the federation
        // plugin and emits the chunks of modules shared by file (jotai's core) under the same names with other
        // content, which webpack refuses as a conflict (the shell's dev build failed).
        chunkFilename: '[name].[contenthash:8].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: { rules: moduleRules },
      plugins: [
        new webpack.DefinePlugin(single ? perModuleDefines : defines),
        ...(single ? singleAppPlugins(dir) : [federationPlugin({ name, dir, isHost, exposes, production, runtimePlugins: delivery.runtimePlugins }), dropUnusedShareRuntime()]),
        ...delivery.plugins,
      ],
      performance: { hints: false },
      optimization: { moduleIds: production ? 'deterministic' : 'named', ...(delivery.splitChunks ? { splitChunks: delivery.splitChunks } : {}) },
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
    const companions = delivery.companions();
    return companions.length > 0 ? [browser, ...companions] : browser;
  };
}

/**
 * Webpack's RuntimePlugin adds its own sharing runtime wherever a chunk needs the share scope, and the
 * federation plugin adds its replacement next to it: every app's entry file carried two tables of its shared
 * modules, webpack's first, overwritten when the federation's runs (`__webpack_require__.I` and `.S`). This
 * empties webpack's: about 4 KB of the shell's main.js and 3 KB of each remoteEntry.js, never run.
 */
function dropUnusedShareRuntime() {
  const webpackShareRuntime = require('webpack/lib/sharing/ShareRuntimeModule');
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('DropUnusedShareRuntime', (compilation) => {
        compilation.hooks.runtimeModule.tap('DropUnusedShareRuntime', (module) => {
          if (module.constructor === webpackShareRuntime) module.generate = () => null;
        });
      });
    },
  };
}

function federationPlugin({ name, dir, isHost, exposes, production, runtimePlugins }) {
  return new ModuleFederationPlugin({
    name: isHost ? 'shell' : name,
    // The container's global is prefixed: a remote named `history` would otherwise clobber window.history.
    ...(isHost ? {} : { filename: 'remoteEntry.js', exposes, library: { type: 'global', name: `ps5_${name}` } }),
    shared: sharedSingletons(dir),
    shareStrategy: 'loaded-first',
    manifest: { fileName: 'mf-manifest.json' },
    dts: false,
    // In production the shell ships the federation runtime once and every remote uses it, instead of each
    // remoteEntry.js carrying its own ~90 KB copy. A remote's dev server runs alone, so it keeps its own there.
    ...(isHost ? { runtimePlugins: [...(production ? [externalRuntimeProvider()] : []), ...runtimePlugins] } : {}),
    // A remote loads no other remote (pages reach each other through the shell's routes), so its bundler
    // runtime leaves out the code that would.
    experiments: production
      ? { ...(isHost ? {} : { externalRuntime: true }), optimization: { target: 'web', ...(isHost ? {} : { disableRemote: true }) } }
      : {},
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
function singleAppPlugins(dir) {
  const registry = writeLocalRemoteRegistry(workspaceRoot, remotesManifest.remotes);
  return [
    new webpack.NormalModuleReplacementPlugin(/\/remote-registry$/, (resource) => {
      if (resource.context.startsWith(join(dir, 'src'))) resource.request = registry;
    }),
  ];
}
