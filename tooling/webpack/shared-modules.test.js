// The rules that make bundling some of shared's modules per app safe (see shared-modules.js): a bundled module
// holds no state at module level, and shared reaches a module by a relative path only when it is bundled.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { BUNDLED, sharedModuleNames, sharedSingletonKeys, sharedSourceDir } from './shared-modules.js';

/** Source file of a module name (`ui/flag` -> shared/src/ui/flag.tsx). */
const fileOf = (name) => [`${name}.ts`, `${name}.tsx`].map((file) => join(sharedSourceDir, file)).find((file) => existsSync(file));

/** Calls whose result is a value derived from constants, or a component: no state. */
const DERIVING_CALL = /^(forwardRef|memo|lazy|styled(\.\w+)?)$|^Object\.(freeze|fromEntries|keys|entries)$|\.(map|filter|flatMap|reduce|slice|concat|join)$/;

/**
 * Declarations at module level that keep state between calls: a `let`/`var`, or a value made with `new` or
 * by a call (an atom, a store, a context, a Set filled at load, a require.context) other than deriving a
 * constant from constants (`COLUMNS.map(...)`) or making a component (`forwardRef`, `memo`, `lazy`,
 * `styled`). Plain constants, functions, components and types are fine in any number of copies.
 */
function moduleStateDeclarations(source) {
  return source.split('\n').filter((line) => {
    if (/^(export\s+)?(let|var)\s/.test(line)) return true;
    const value = line.match(/^(export\s+)?const\s+[\w$]+(\s*:[^=]+)?\s*=\s*(.*)$/)?.[3];
    if (value === undefined) return false;
    if (/^new\s/.test(value)) return true;
    const callee = value.match(/^([\w$.]+)(<[^>]*>)?\(/)?.[1];
    return callee !== undefined && !DERIVING_CALL.test(callee);
  });
}

/** Relative imports (not type-only) of a source file, as module names of shared. */
function relativeImports(file) {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^import\s+(?!type\s)[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm)].map((match) => match[1]);
  return specifiers.map((specifier) => relative(sharedSourceDir, join(dirname(file), specifier)).split('\\').join('/'));
}

test('the state check finds module-level state and leaves constants and functions alone', () => {
  const stateful = [
    "export const authAtom = atom<Session | null>(null);",
    'let mountedHost: Enqueue | null = null;',
    'const listeners = new Set<() => void>();',
    'export const appStore = createStore();',
    'const flags = loadFlags();',
    'export const ThemeContext = React.createContext(null);',
  ];
  const stateless = [
    "export const NARROW_SCREEN = '(max-width: 767.98px)';",
    'export function formatMoney(amount: number): string {',
    'const shown = new Set<number>();',
    'export const visuallyHidden = { position: "absolute" } as const;',
    'export const queryKeys = {',
    "export const EMPTY_FILTERS: Filters = COLUMNS.map(() => '');",
    'export const Snackbar = forwardRef<HTMLDivElement, Props>(function Snackbar(props, ref) {',
  ].map((line, index) => (index === 2 ? `  ${line}` : line));
  assert.equal(moduleStateDeclarations(stateful.join('\n')).length, stateful.length);
  assert.deepEqual(moduleStateDeclarations(stateless.join('\n')), []);
});

test('every bundled module exists and declares no state at module level', () => {
  for (const name of BUNDLED) {
    const file = fileOf(name);
    assert.ok(file, `shared-modules.js lists ${name}, which is not in shared/src`);
    assert.deepEqual(moduleStateDeclarations(readFileSync(file, 'utf8')), [], `${name} is bundled by each app but keeps state`);
  }
});

test('inside shared, a relative import reaches only a bundled module', () => {
  const bundled = new Set(BUNDLED);
  for (const name of sharedModuleNames()) {
    for (const target of relativeImports(fileOf(name))) {
      assert.ok(
        bundled.has(target),
        `${name} imports ${target} by a relative path: import it as 'shared/${target}' so every app gets the one instance`,
      );
    }
  }
});

test('the stateful modules are singletons and the bundled ones are not', () => {
  const keys = new Set(sharedSingletonKeys());
  for (const name of ['auth/auth-atoms', 'cart/cart-atoms', 'store/app-store', 'query/query-client', 'ui/toasts', 'routing/router']) {
    assert.ok(keys.has(`shared/${name}`), `${name} must be a singleton`);
  }
  for (const name of BUNDLED) assert.ok(!keys.has(`shared/${name}`));
});
