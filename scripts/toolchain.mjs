#!/usr/bin/env node
// Brings the project's own toolchain (Node 24 LTS and pnpm, both from the npm registry) into .tools/
// when the machine lacks them, installs the workspace with the lockfile, then runs a pnpm script with
// that toolchain first on PATH. Written for the oldest Node we meet (20) so `npm start` / `npm test`
// work on a machine that has nothing but Node and npm. corepack is not used: it fails signature checks.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_VERSION = '24.21.0';
const PNPM_VERSION = '12.21.0';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tools = join(root, '.tools');

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function nodeIsRecentEnough(version) {
  const [major, minor] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 22);
}

function installedVersion(pkg) {
  const file = join(tools, 'node_modules', pkg, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
}

function ensureTools() {
  const nodePkg = `node-${process.platform}-${process.arch}`;
  const wanted = [];
  const useSystemNode = nodeIsRecentEnough(process.versions.node);
  if (!useSystemNode && installedVersion(nodePkg) !== NODE_VERSION) wanted.push(`${nodePkg}@${NODE_VERSION}`);
  if (installedVersion('pnpm') !== PNPM_VERSION) wanted.push(`pnpm@${PNPM_VERSION}`);
  if (wanted.length > 0) {
    mkdirSync(tools, { recursive: true });
    console.log(`[toolchain] installing ${wanted.join(' ')} into .tools/`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const status = run(npm, ['install', '--prefix', tools, '--no-audit', '--no-fund', '--no-save', ...wanted]);
    if (status !== 0) process.exit(status);
  }
  const nodeBin = useSystemNode ? dirname(process.execPath) : join(tools, 'node_modules', nodePkg, 'bin');
  return { nodeBin, pnpm: join(tools, 'node_modules', 'pnpm', 'bin', 'pnpm.mjs') };
}

function needsInstall() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  if (!existsSync(marker)) return true;
  const installedAt = statSync(marker).mtimeMs;
  return ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json'].some(
    (file) => existsSync(join(root, file)) && statSync(join(root, file)).mtimeMs > installedAt,
  );
}

const [script, ...rest] = process.argv.slice(2);
const { nodeBin, pnpm } = ensureTools();
const sep = process.platform === 'win32' ? ';' : ':';
// Scripts call `pnpm` and `node` by name: both resolve to the project's toolchain. pnpm runs them from the
// workspace root and resets INIT_CWD to it; CALLER_CWD keeps the folder the command was typed in, where a
// script reads the file names it is given (`npm run inventory -- import exits.txt`).
const env = {
  ...process.env,
  CALLER_CWD: process.env.CALLER_CWD ?? process.env.INIT_CWD ?? process.cwd(),
  PATH: [nodeBin, join(tools, 'node_modules', '.bin'), process.env.PATH].join(sep),
};
const node = join(nodeBin, process.platform === 'win32' ? 'node.exe' : 'node');
const pnpmRun = (args) => run(node, [pnpm, ...args], { env });

if (needsInstall() || process.env.CI) {
  const status = pnpmRun(['install', ...(process.env.CI ? ['--frozen-lockfile'] : [])]);
  if (status !== 0) process.exit(status);
}
if (script) process.exit(pnpmRun(['run', script, ...rest]));
