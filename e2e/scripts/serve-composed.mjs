// Serves the composed production build for e2e: every remote's dist is copied into a deploy folder of
// this run (REMOTES_DIR), so a test can replace one remote's files the way a feature team redeploys,
// without touching the repo's builds or rebuilding the shell. Then the real API starts on it.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_REMOTES } from '../support/remotes.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const remotesDir = process.env.REMOTES_DIR;
if (!remotesDir) throw new Error('REMOTES_DIR is required');

for (const { name, package: dir } of ALL_REMOTES) {
  const dist = join(repo, dir, 'dist');
  if (!existsSync(join(dist, 'mf-manifest.json'))) throw new Error(`${dir} is not built: run the build first`);
  mkdirSync(join(remotesDir, name), { recursive: true });
  cpSync(dist, join(remotesDir, name), { recursive: true });
}

const api = spawn(process.execPath, [join(repo, 'api', 'src', 'main.ts')], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
