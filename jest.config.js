// Unit and component tests of every browser package, one jest run with one project per package.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('./remotes.manifest.json', import.meta.url), 'utf8'));
const browserPackages = ['shared', 'shell', ...manifest.remotes.map((remote) => remote.package)];

// ESM-only dependencies that jest's CommonJS runtime needs transformed.
const esmOnly = ['react-router', '@remix-run', 'cookie-es', 'ky', 'jotai', 'altcha', '@module-federation', '@tanstack/react-table', '@tanstack/table-core', '@tanstack/react-store', '@tanstack/store'].join('|');

const swc = [
  '<rootDir>/../tooling/jest/swc-transform.cjs',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs', ignoreDynamic: false },
  },
];

/** @type {import('jest').Config} */
export default {
  // Component tests type and click like a person; on a busy 2-core machine that outlasts jest's 5 s default.
  testTimeout: 30_000,
  projects: browserPackages.map((name) => ({
    displayName: name,
    rootDir: `<rootDir>/${name}`,
    testEnvironment: '<rootDir>/../tooling/jest/jsdom-environment.js',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    setupFilesAfterEnv: ['<rootDir>/../tooling/jest/setup.ts'],
    transform: { '^.+\\.[cm]?[jt]sx?$': swc },
    transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(${esmOnly}))`],
    moduleNameMapper: {
      // First: jest takes the first pattern that matches, and the stub must win over shared's own file.
      '(^|/)format/flag-url$': '<rootDir>/../tooling/jest/flag-url-stub.ts',
      '^shared/ui/(.*)$': '<rootDir>/../shared/src/ui/$1.tsx',
      '^shared/prerender/(.*)$': '<rootDir>/../shared/src/prerender/$1.tsx',
      '^shared/(.*)$': '<rootDir>/../shared/src/$1.ts',
      '^contract/(.*)$': '<rootDir>/../contract/src/$1.ts',
      '^test-kit/(.*)$': '<rootDir>/../tooling/jest/$1.ts',
      '\\.svg$': '<rootDir>/../tooling/jest/file-stub.ts',
    },
    globals: { __BUILD_LABEL__: 'test', __APP_NAME__: name.replace(/^mfe-/, '') },
  })),
};
