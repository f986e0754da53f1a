// `npm run dev`: the API on :8080 plus a webpack-dev-server per app (shell :3000, remotes :3001 and up, as remotes.manifest.json lists).
// The API's remote map points at the dev servers, so the shell on http://localhost:3000 composes live code.
import { spawn } from 'node:child_process';
import { devPorts } from '../tooling/webpack/create-config.js';

const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
const remoteUrls = Object.fromEntries(
  Object.entries(devPorts)
    .filter(([name]) => name !== 'shell')
    .map(([name, port]) => [name, `http://localhost:${port}/mf-manifest.json`]),
);

const children = [
  spawn(pnpm, ['--filter', 'api', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '8080', PUBLIC_URL: 'http://localhost:3000', REMOTE_URLS: JSON.stringify(remoteUrls) },
  }),
  spawn(pnpm, ['--parallel', '--filter', 'shell', '--filter', 'mfe-*', 'run', 'dev'], { stdio: 'inherit', env: process.env }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  if (code) {
    stop();
    process.exitCode = code;
  }
});
