import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every remote is listed once, in remotes.manifest.json; the boundaries below follow it.
const manifest = JSON.parse(readFileSync(new URL('./remotes.manifest.json', import.meta.url), 'utf8'));
const remotes = manifest.remotes.map((remote) => remote.package);
const apps = ['shell', ...remotes];
const dirs = (names) => names.map((name) => `./${name}`);

// Each app is deployed alone, so it reaches another app only at runtime through federation. shared is a
// library every app loads as a singleton: it imports no app. The API and the wire contract run outside the
// browser: the API imports only the contract, the contract imports nothing of the workspace. The gateway and
// the end-to-end tests drive the product from outside and may use the contract, never an app's internals.
const boundaryZones = [
  ...remotes.map((remote) => ({
    target: `./${remote}`,
    from: dirs([...apps.filter((app) => app !== remote), 'api', 'e2e', 'gateway', 'checker']),
    message: 'A remote is deployed alone: it may import shared, never the shell, another remote or the API.',
  })),
  {
    target: './shell',
    from: dirs([...remotes, 'api', 'e2e', 'gateway', 'checker']),
    message: 'The shell knows remotes only by name at runtime.',
  },
  { target: './shared', from: dirs([...apps, 'api', 'e2e', 'gateway', 'checker']), message: 'shared is a library: it imports no app.' },
  {
    target: './api',
    from: dirs([...apps, 'e2e', 'tooling']),
    message: 'The API imports only the wire contract (contract/), no browser package.',
  },
  {
    // The API starts the SOCKS5 gateway in-process on embedded defaults (main.ts) and its tests (and the kits
    // in src/test) start it the same way, through gateway/embedded. Elsewhere the API uses only the sealing of exit credentials and
    // the secret box, and the destination policy (webhooks go only where customer traffic may): opening exit
    // credentials is for the gateway and the checker alone.
    target: ['./api/src/!(main|*.test).ts', './api/src/!(test)/**/!(*.test).ts', './api/bench'],
    from: './gateway',
    except: ['./src/secret-box.ts', './src/exit-credentials.ts', './src/destination-policy.ts', './src/socks5-protocol.ts'],
    message: 'Only api/src/main.ts (and API tests) may start the gateway, through gateway/embedded; the API seals exit credentials and never opens them.',
  },
  {
    // The checker runs in the API process (main.ts) and in the inventory command when it works on the
    // database itself; API tests (and the kits in src/test) start it too. Nothing else in the API reaches into it.
    target: [
      './api/src/!(main|*.test).ts',
      './api/src/!(cli|test)/**/!(*.test).ts',
      './api/src/cli/!(inventory|*.test).ts',
      './api/bench',
    ],
    from: './checker',
    message: 'Only api/src/main.ts, the inventory command (and API tests) may start the checker, through checker/embedded.',
  },
  {
    // The API's domain folders (accounts, marketplace, payments, ...) hold the rules and the SQL; the Fastify
    // plugins and routes wrap them for HTTP. The arrows point one way: domain code knows neither.
    target: './api/src/!(plugins|routes|test|cli)/**/!(*.test).ts',
    from: ['./api/src/plugins', './api/src/routes', './api/src/app.ts'],
    message: 'Domain code in api/src does not import Fastify plugins or routes: they import it.',
  },
  {
    // Build outputs (landing.html, first-views.json, ...) are known on the server by its page-delivery module alone.
    target: './api/src/!(web)/**/!(*.test).ts',
    from: './contract/src/first-views.ts',
    message: "The build's page files are api/src/web's business: route to web/page-delivery.ts instead.",
  },
  {
    target: './api/src',
    from: './shared',
    message: 'The API imports only the wire contract (contract/), no browser package.',
  },
  {
    // The client-side filter benchmarks (marketplace, history) measure browser code on purpose; the API itself imports none.
    target: './api/bench',
    from: './shared',
    except: ['./src/history/history-columns.ts'],
    message: 'The API imports only the wire contract (contract/), no browser package.',
  },
  {
    target: './contract',
    from: dirs([...apps, 'shared', 'api', 'e2e', 'gateway', 'checker', 'tooling']),
    message: 'The contract is the bottom layer: it imports nothing of the workspace.',
  },
  {
    target: './gateway',
    from: dirs([...apps, 'shared', 'api', 'e2e', 'checker']),
    message: 'The gateway is deployed on its own: it imports no browser package, no API code and not the checker.',
  },
  {
    target: './checker',
    from: dirs([...apps, 'shared', 'api', 'e2e']),
    message: 'The checker is deployed on its own: it imports no browser package and no API code (the gateway\'s SOCKS5 and database pieces, and the contract, are fine).',
  },
  {
    target: './e2e',
    from: dirs([...apps, 'shared', 'api', 'gateway', 'checker']),
    message: 'End-to-end tests drive the product from outside: they may import the contract, not app internals.',
  },
  {
    // Test kits and fixtures live in test folders and the test-kit package (tooling/jest, imported as
    // `test-kit/<file>`); the code that ships never reaches them.
    target: ['api', 'gateway', 'checker', ...apps, 'shared'].flatMap((pkg) => [`./${pkg}/src/!(test)/**/!(*.test).{ts,tsx}`, `./${pkg}/src/!(*.test).{ts,tsx}`]),
    from: ['./api/src/test', './gateway/src/test', './checker/src/test', './tooling/jest', ...apps.map((app) => `./${app}/src/test`)],
    message: 'Test support (src/test/, test-kit/) is for tests only: production code must not import it.',
  },
];

// Component by component, each app bundles only the MUI it renders; the barrel would pull in all of MUI.
const barrelImports = [
  { name: '@mui/material', message: "Import the component's own module: `import Button from '@mui/material/Button'`." },
  { name: '@mui/icons-material', message: "Import the icon's own module: `import CloseIcon from '@mui/icons-material/Close'`." },
];
// The router is shared through one module of shared, which bundles only the parts the portal uses.
const routerImport = { name: 'react-router', message: "Import routing from 'shared/routing/router' (one router for the whole portal)." };
// A page is plain React: when its code is fetched and run, and what is drawn before it, is the platform's job
// (the shell, tooling/webpack/delivery, api/src/web), never a remote's.
const deliveryImports = [
  { name: 'shared/browser/idle', message: 'Pages are plain React: when code loads and runs is decided by the shell, not by a page.' },
];
const deliveryPatterns = [{ group: ['shared/prerender/*'], message: 'First views and prerendering belong to the platform (tooling/webpack/delivery).' }];
const toastImport = {
  name: 'notistack',
  importNames: ['useSnackbar', 'enqueueSnackbar', 'SnackbarProvider'],
  message: "Show toasts through 'shared/ui/toasts': notistack's provider is not above the pages, its host loads with the first toast.",
};

// TypeScript resolution (extensionless imports, package exports such as `shared/<path>`) for every
// package, so that the boundaries and the cycle check see every import instead of skipping it.
const typeScriptResolver = createTypeScriptImportResolver({
  project: ['*/tsconfig.json', 'tooling/*/tsconfig.json'],
  noWarnOnMultipleProjects: true,
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', '.tools/**', '.data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [typeScriptResolver, importX.createNodeResolver()],
      // Without these, import-x parses only .js files when it follows imports, and no-cycle sees no TS edge.
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
    },
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
      'no-restricted-imports': ['error', { paths: [...barrelImports, routerImport, toastImport] }],
    },
  },
  {
    files: ['mfe-*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [...barrelImports, routerImport, toastImport, ...deliveryImports], patterns: deliveryPatterns }] },
  },
  {
    // The toast host is where notistack's provider is mounted.
    files: ['shared/src/ui/toast-host.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [...barrelImports, routerImport] }] },
  },
  {
    // Tests render with react-router's MemoryRouter directly; the facades themselves wrap the package.
    files: ['**/*.test.{ts,tsx}', '*/src/test/**', 'shared/src/routing/router.ts', 'shared/src/routing/server-router.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: barrelImports }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', '*/src/test/**', 'tooling/jest/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    files: ['api/**/*.ts', 'gateway/**/*.ts', 'checker/**/*.ts', 'e2e/**/*.{ts,mjs}', 'scripts/**/*.mjs', 'tooling/**/*.{js,cjs,mjs}', '*.config.js', '**/webpack.config.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
