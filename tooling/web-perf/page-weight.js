// The JavaScript a page loads, computed from the build output: the shell's entry and its start-up chunks,
// the page's remote (remoteEntry.js and the exposed module's chunks), and every shared module they ask the
// share scope for, taken from the app that provides it (the shell first, as at runtime, where the shell's
// copies are registered and loaded before any remote's). Sizes are the bytes a browser receives: the
// brotli file written at build time, or the file itself when there is none.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LOAD_GRAPH_FILE = 'load-graph.json';

function readGraph(distDir) {
  const file = join(distDir, LOAD_GRAPH_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: build the app in production mode first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

function fileBytes(dir, name) {
  const raw = statSync(join(dir, name)).size;
  const brotli = existsSync(join(dir, `${name}.br`)) ? statSync(join(dir, `${name}.br`)).size : raw;
  return { raw, brotli };
}

/**
 * @param {object} options
 * @param {string} options.shellDist the shell's dist folder
 * @param {Record<string, string>} options.remoteDists remote name -> its dist folder
 * @param {string | null} options.remoteModule the page's exposed module, e.g. 'landing/LandingPage'
 * @returns {{ files: { app: string, file: string, raw: number, brotli: number }[], raw: number, brotli: number }}
 */
export function pageWeight({ shellDist, remoteDists, remoteModule }) {
  const apps = { shell: { dir: shellDist, graph: readGraph(shellDist) } };
  const loaded = new Map();
  const take = (app, node) => {
    for (const file of node.files) loaded.set(`${app}/${file}`, { app, file });
    for (const key of node.consumes) wanted.push(key);
  };
  const wanted = [];
  const main = apps.shell.graph.entries.main;
  if (!main) throw new Error('the shell build has no main entry');
  take('shell', main);

  if (remoteModule) {
    const [name, exposed] = remoteModule.split('/');
    const dir = remoteDists[name];
    if (!dir) throw new Error(`no dist folder for remote ${name}`);
    apps[name] = { dir, graph: readGraph(dir) };
    const { graph } = apps[name];
    // The container entry (remoteEntry.js), then the exposed module.
    for (const entry of Object.values(graph.entries)) take(name, entry);
    const expose = graph.exposes[`./${exposed}`];
    if (!expose) throw new Error(`${name} does not expose ./${exposed}`);
    take(name, expose);
  }

  const resolved = new Set();
  while (wanted.length > 0) {
    const key = wanted.pop();
    if (resolved.has(key)) continue;
    resolved.add(key);
    const provider = Object.entries(apps).find(([, app]) => app.graph.shared[key]);
    if (!provider) throw new Error(`no app provides the shared module ${key}`);
    take(provider[0], provider[1].graph.shared[key]);
  }

  const files = [...loaded.values()].map(({ app, file }) => ({ app, file, ...fileBytes(apps[app].dir, file) }));
  files.sort((a, b) => b.brotli - a.brotli);
  return {
    files,
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    brotli: files.reduce((sum, f) => sum + f.brotli, 0),
  };
}
