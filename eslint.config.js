import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const remotes = ['mfe-landing', 'mfe-marketplace', 'mfe-history', 'mfe-payments', 'mfe-support', 'mfe-account'];
const apps = ['shell', ...remotes];

// ARCHITECTURE: a remote never imports another remote or the shell; shared imports no app; the browser
// never imports the API's code (only the contract types that live in shared).
const boundaryZones = [
  ...remotes.map((remote) => ({
    target: `./${remote}`,
    from: [...apps.filter((app) => app !== remote).map((app) => `./${app}`), './api'],
    message: 'A remote is deployed alone: it may import shared, never the shell, another remote or the API.',
  })),
  { target: './shell', from: [...remotes.map((r) => `./${r}`), './api'], message: 'The shell knows remotes only by name at runtime.' },
  { target: './shared', from: [...apps.map((a) => `./${a}`), './api'], message: 'shared is a library: it imports no app.' },
];

// Each MUI component is its own federation shared module; a barrel would ship all of MUI to every page.
const barrelImports = [
  { name: '@mui/material', message: "Import the component's own module: `import Button from '@mui/material/Button'`." },
  { name: '@mui/icons-material', message: "Import the icon's own module: `import CloseIcon from '@mui/icons-material/Close'`." },
];
// The router is shared through one module of shared, which bundles only the parts the portal uses.
const routerImport = { name: 'react-router', message: "Import routing from 'shared/routing/router' (one router for the whole portal)." };

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', '.tools/**', '.data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver?.() ?? undefined].filter(Boolean) },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [...barrelImports, routerImport] }],
    },
  },
  {
    // Tests render with react-router's MemoryRouter directly; the facade itself wraps the package.
    files: ['**/*.test.{ts,tsx}', '**/*-test-kit.tsx', 'shared/src/routing/router.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: barrelImports }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tooling/jest/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    files: ['api/**/*.ts', 'e2e/**/*.{ts,mjs}', 'scripts/**/*.mjs', 'tooling/**/*.{js,cjs}', '*.config.js', '**/webpack.config.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
