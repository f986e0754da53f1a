// Which modules of the `shared` package are federation singletons (one instance, loaded once, for the shell
// and every remote) and which each app bundles into its own files.
//
// A module that holds state (jotai atoms, the app store, the query client, the toast host's queue, the
// router's contexts, ...) must exist once or the portal splits into islands that do not see each other's
// state. A module with no state of its own (formatters, the pager, small UI pieces) works the same in any
// number of copies; sharing it still costs every app that uses it a federation module of its own (an extra
// request, and the app's own copy when the shell has not loaded one). Those listed in BUNDLED are compiled
// into the files of each app that imports them. Every other module of shared, including any added later, is
// a singleton: forgetting to list a module costs a request, never a second copy of its state.
//
// Two rules keep this safe, checked by shared-modules.test.js: a module listed here declares no state at
// module level, and inside shared a module imports another by a relative path only when the target is
// listed here (a relative import is not a federation request: it would bundle its target privately).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export const sharedSourceDir = join(import.meta.dirname, '..', '..', 'shared', 'src');

/** Modules of shared (as requested, without `shared/`) that each app bundles for itself. */
export const BUNDLED = [
  'api/portal-config',
  'api/users',
  'auth/end-session',
  'auth/session-storage',
  'browser/idle',
  'clipboard/copy-text',
  'format/date',
  'format/money',
  'history/history-columns',
  'history/lease-messages',
  'layout/breakpoints',
  'query/invalidate-proxy-lists',
  'query/query-keys',
  'table/pager',
  'ui/auth-dialog-link',
  'ui/build-label',
  'ui/dismissible-snackbar',
  'ui/flag',
  'ui/page-spinner',
  'ui/pager',
  'ui/portal-providers',
  'ui/query-provider',
  'ui/records-table',
  'ui/theme',
  'ui/visually-hidden',
  'validation/shown-field-error',
];

const isSource = (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name);

/** Every module of shared by the name apps import it with (`auth/auth-atoms` for `shared/auth/auth-atoms`). */
export function sharedModuleNames() {
  return readdirSync(sharedSourceDir, { recursive: true, encoding: 'utf8' })
    .filter(isSource)
    .map((file) => relative(sharedSourceDir, join(sharedSourceDir, file)).replace(/\.tsx?$/, '').split('\\').join('/'))
    .sort();
}

/** Share keys of shared's singletons: every module not in BUNDLED. */
export function sharedSingletonKeys() {
  const bundled = new Set(BUNDLED);
  return sharedModuleNames()
    .filter((name) => !bundled.has(name))
    .map((name) => `shared/${name}`);
}
