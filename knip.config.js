// Unused files, dependencies and exports, found by knip in `npm test`. The entries follow the workspace's
// one list of remotes (remotes.manifest.json): each remote's exposed modules are what the shell loads.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('./remotes.manifest.json', import.meta.url), 'utf8'));

const browserApp = (entries = []) => ({
  entry: ['src/**/*.test.{ts,tsx}', ...entries],
  project: ['src/**/*.{ts,tsx}'],
});

/** @type {import('knip').KnipConfig} */
export default {
  workspaces: {
    '.': {
      entry: ['jest.config.js', 'scripts/*.mjs', 'ops/*.test.mjs'],
      project: ['*.js', 'scripts/**/*.mjs', 'ops/**/*.mjs'],
      // ops/ops.test.mjs checks the production examples with Debian's tools.
      ignoreBinaries: ['systemd-analyze', 'haproxy'],
      // jest.config.js names its transform, environment and setup by path from each project's folder, which
      // knip's jest plugin does not follow; the test-kit workspace lists those files as entries instead.
      jest: false,
    },
    shell: browserApp(),
    ...Object.fromEntries(
      manifest.remotes.map((remote) => [remote.package, browserApp(Object.values(remote.exposes).map((file) => file.replace(/^\.\//, '')))]),
    ),
    shared: {
      entry: ['src/**/*.test.{ts,tsx}'],
      project: ['src/**/*.{ts,tsx}'],
      // Reached through require.context (format/flag-url.ts), which knip does not read.
      ignoreDependencies: ['flag-icons'],
      // shared is consumed by path (`shared/<module>`): every module is a public entry of the library.
      includeEntryExports: false,
    },
    contract: { entry: ['src/*.ts'], project: ['src/**/*.ts'] },
    // The benchmarks start their load generators and servers as child processes (bench/*.ts).
    // The readiness test starts a Redis of its own from Debian's redis-server (api/src/test/redis-kit.ts).
    api: { entry: ['src/cli/*.ts', 'src/**/*.test.ts', 'bench/*.ts'], project: ['src/**/*.ts', 'bench/**/*.ts'], ignoreBinaries: ['redis-server'] },
    gateway: {
      entry: ['src/**/*.test.ts', 'bench/*.ts'],
      project: ['src/**/*.ts', 'bench/**/*.ts'],
      // The gateway benchmark's upstream SOCKS5 server, installed from Debian's packages when missing.
      ignoreBinaries: ['microsocks', 'apt-get'],
    },
    // The benchmark starts its contenders, upstreams and judge as child processes (bench/*.ts).
    checker: { entry: ['src/**/*.test.ts', 'bench/*.ts'], project: ['src/**/*.ts', 'bench/**/*.ts'] },
    // The inventory spec runs Debian's microsocks as the exits' upstream when it is installed.
    e2e: { entry: ['tests/**/*.ts', 'scripts/*.{ts,mjs}'], project: ['**/*.{ts,mjs}'], ignoreBinaries: ['microsocks'] },
    'tooling/jest': { entry: ['*.{ts,js,cjs}'], project: ['*.{ts,js,cjs}'] },
    'tooling/webpack': {
      entry: ['delivery/start.js', '*.test.js'],
      project: ['**/*.js'],
      // Resolved from @module-federation/enhanced's own folder, whose dependency it is (create-config.js).
      ignoreDependencies: ['@module-federation/inject-external-runtime-core-plugin'],
    },
    'tooling/web-perf': { entry: ['*.test.js'], project: ['*.js'] },
  },
  // The federation singletons: each app declares the range it was built for in its package.json, which the
  // webpack factory reads (tooling/webpack/create-config.js), whether or not the app's own code imports them.
  ignoreDependencies: ['jotai', 'notistack', '@tanstack/react-query'],
  ignoreExportsUsedInFile: true,
};
