// BUILD_MODE=single: the shell and every remote built as one ordinary webpack app from the same sources, no
// federation. Only the benchmark uses it, to measure what composing at runtime costs against the same pages
// bundled together. The shell's remote registry is swapped for a module that imports each exposed page
// locally, so routes, Suspense and error boundaries stay exactly as in the composed build.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

export const isSingleAppBuild = () => process.env.BUILD_MODE === 'single';

/** The remotes of the repo: every mfe-* folder next to the shell, with the exposes of its webpack config. */
async function findRemotes(repoRoot) {
  const folders = readdirSync(repoRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('mfe-'))
    .map((entry) => join(repoRoot, entry.name));
  const remotes = [];
  for (const folder of folders) {
    const { default: config } = await import(join(folder, 'webpack.config.js'));
    if (config.federation) remotes.push(config.federation);
  }
  return remotes;
}

/** Writes the registry replacement and returns its path: `loadRemoteModule('landing/LandingPage')` -> import(). */
export async function writeLocalRemoteRegistry(shellDir) {
  const remotes = await findRemotes(dirname(shellDir));
  const lines = [];
  for (const { name, dir, exposes } of remotes) {
    for (const [exposed, file] of Object.entries(exposes)) {
      const id = `${name}/${exposed.replace(/^\.\//, '')}`;
      const chunk = `remote-${id.replace(/\//g, '-')}`;
      lines.push(`  ${JSON.stringify(id)}: () => import(/* webpackChunkName: ${JSON.stringify(chunk)} */ ${JSON.stringify(resolve(dir, file))}),`);
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

export function preloadRemoteModules(ids) {
  for (const id of ids) void modules[id]?.().catch(() => undefined);
}
`;
  const out = join(shellDir, 'node_modules', '.cache', 'single-app', 'remote-registry.js');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, source);
  return out;
}

/** Which app a source file belongs to (`landing` for mfe-landing/...), so build labels stay per remote. */
export function appNameOf(resource, repoRoot) {
  const top = relative(repoRoot, resource ?? '').split(sep)[0] ?? '';
  return top.startsWith('mfe-') ? top.slice('mfe-'.length) : basename(top) || 'shell';
}
