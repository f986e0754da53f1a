// BUILD_MODE=single: the shell and every remote built as one ordinary webpack app from the same sources, no
// federation. Only the benchmark uses it, to measure what composing at runtime costs against the same pages
// bundled together. The shell's remote registry is swapped for a module that imports each exposed page
// locally, so routes, Suspense and error boundaries stay exactly as in the composed build.
import { join, relative, resolve, sep } from 'node:path';
import { writeGenerated } from './generated-file.js';

export const isSingleAppBuild = () => process.env.BUILD_MODE === 'single';

/**
 * Writes the registry replacement and returns its path: `loadRemoteModule('landing/LandingPage')` becomes
 * an import() of mfe-landing's exposed file, in a chunk of its own named after the module.
 * @param {string} workspaceRoot
 * @param {{ name: string, package: string, exposes: Record<string, string> }[]} remotes the remotes manifest's entries
 * @param {string} [fileName] the generated module's name (the landing prerender writes one of its own)
 */
export function writeLocalRemoteRegistry(workspaceRoot, remotes, fileName = 'remote-registry.js') {
  const lines = [];
  for (const remote of remotes) {
    for (const [exposed, file] of Object.entries(remote.exposes)) {
      const id = `${remote.name}/${exposed.replace(/^\.\//, '')}`;
      const chunk = `remote-${id.replace(/\//g, '-')}`;
      const source = resolve(workspaceRoot, remote.package, file);
      lines.push(`  ${JSON.stringify(id)}: () => import(/* webpackChunkName: ${JSON.stringify(chunk)} */ ${JSON.stringify(source)}),`);
    }
  }
  const source = `// Generated for BUILD_MODE=single: each remote's exposed modules bundled into the app.
const modules = {
${lines.join('\n')}
};

export async function loadRemoteModule(id) {
  const load = modules[id];
  if (!load) throw new Error('remote module "' + id + '" is not part of this build');
  return load();
}

export function startLoadingRemoteModule(id) {
  void modules[id]?.().catch(() => undefined);
}

export async function preloadRemoteModules(ids, files = 'sync') {
  // One app: a page's later parts are its own lazy chunks, fetched when used, as in any webpack app.
  if (files !== 'sync') return;
  await Promise.all(ids.map((id) => modules[id]?.().catch(() => undefined)));
}

export function reportRemoteOutcome() {
  // Nothing to report: one app has no remote releases whose canary would count loads and failures.
}
`;
  const out = join(workspaceRoot, 'shell', 'node_modules', '.cache', 'single-app', fileName);
  return writeGenerated(out, source);
}

/** Which app a source file belongs to (`landing` for mfe-landing/...), so build labels stay per remote. */
export function appNameOf(resource, workspaceRoot) {
  const top = relative(workspaceRoot, resource ?? '').split(sep)[0] ?? '';
  return top.startsWith('mfe-') ? top.slice('mfe-'.length) : 'shell';
}
