// `pnpm run build`: the shell and every remote in production mode, one at a time (the machines are small),
// skipping an app whose last build came from exactly the same inputs. An app's inputs are its own sources
// and config, the shared package, the webpack tooling, the lockfile and the build label; their hash is kept
// under the app's node_modules/.cache once the build succeeds. FORCE_BUILD=1 rebuilds everything.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Run by pnpm, npm_execpath names its own CLI (a script or a binary): call exactly that one.
const execPath = process.env.npm_execpath ?? '';
const pnpm = !execPath.includes('pnpm')
  ? { cmd: process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm', args: [] }
  : /\.[cm]?js$/.test(execPath)
    ? { cmd: process.execPath, args: [execPath] }
    : { cmd: execPath, args: [] };
const apps = ['shell', ...readdirSync(root).filter((name) => name.startsWith('mfe-')).sort()];
const outputDir = process.env.OUTPUT_DIR ?? (process.env.BUILD_MODE === 'single' ? 'dist-single' : 'dist');

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('dist')) continue;
    yield* files(join(path, entry.name));
  }
}

function buildLabel() {
  if (process.env.BUILD_LABEL) return process.env.BUILD_LABEL;
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return git.status === 0 ? git.stdout.trim() : 'local';
}

function inputsHash(app) {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ label: buildLabel(), mode: process.env.BUILD_MODE ?? 'federated', outputDir }));
  // The single-app build compiles every remote's sources into the shell; the shell's own build renders the
  // landing page from mfe-landing's sources into landing.html.
  const sources = process.env.BUILD_MODE === 'single' ? apps : app === 'shell' ? ['shell', 'mfe-landing'] : [app];
  const inputs = [...sources, 'shared', 'contract', 'remotes.manifest.json', 'tooling/webpack', 'pnpm-lock.yaml', 'tsconfig.base.json'];
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

const stampFile = (app) => join(root, app, 'node_modules', '.cache', 'ps5-build', `${outputDir}.sha256`);
const isBuilt = (app) => existsSync(join(root, app, outputDir, app === 'shell' ? 'index.html' : 'mf-manifest.json'));

const targets = process.env.BUILD_MODE === 'single' ? ['shell'] : apps;
for (const app of targets) {
  const started = Date.now();
  const hash = inputsHash(app);
  const stamp = stampFile(app);
  if (!process.env.FORCE_BUILD && isBuilt(app) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    console.log(`[build] ${app}: up to date (${outputDir})`);
    continue;
  }
  console.log(`[build] ${app}: building ${outputDir}`);
  const result = spawnSync(pnpm.cmd, [...pnpm.args, '--filter', app, 'run', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, hash);
  console.log(`[build] ${app}: built in ${Math.round((Date.now() - started) / 1000)} s`);
}
