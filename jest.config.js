// Unit and component tests of every browser package, one jest run with one project per package.
const browserPackages = [
  'shared',
  'shell',
  'mfe-landing',
  'mfe-marketplace',
  'mfe-history',
  'mfe-payments',
  'mfe-support',
  'mfe-account',
];

// ESM-only dependencies that jest's CommonJS runtime needs transformed.
const esmOnly = ['react-router', '@remix-run', 'cookie-es', 'ky', 'jotai', 'altcha', '@module-federation'].join('|');

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
  projects: browserPackages.map((name) => ({
    displayName: name,
    rootDir: `<rootDir>/${name}`,
    testEnvironment: '<rootDir>/../tooling/jest/jsdom-environment.js',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    setupFilesAfterEnv: ['<rootDir>/../tooling/jest/setup.ts'],
    transform: { '^.+\\.[cm]?[jt]sx?$': swc },
    transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(${esmOnly}))`],
    moduleNameMapper: {
      '^shared/ui/(.*)$': '<rootDir>/../shared/src/ui/$1.tsx',
      '^shared/(.*)$': '<rootDir>/../shared/src/$1.ts',
      '^contract/(.*)$': '<rootDir>/../contract/src/$1.ts',
      '\\.svg$': '<rootDir>/../tooling/jest/file-stub.ts',
    },
    globals: { __BUILD_LABEL__: 'test', __APP_NAME__: name.replace(/^mfe-/, '') },
  })),
};
