// Upstream SOCKS5 exits for the operator's e2e specs: Debian's microsocks on loopback, each sending its traffic
// out from its own 127.0.0.x address, and the `inventory` command run against this run's portal.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { localDirs, REPO_ROOT, target } from './target.ts';

const run = promisify(execFile);
export const microsocksInstalled = spawnSync('microsocks', ['-h']).error === undefined;

async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Upstream {
  port: number;
  exitAddress: string;
  process: ChildProcess;
}

export async function startMicrosocks(exitAddress: string, login?: string, password?: string): Promise<Upstream> {
  const port = await freePort();
  const args = ['-i', '127.0.0.1', '-p', String(port), '-b', exitAddress, ...(login && password ? ['-u', login, '-P', password] : [])];
  const child = spawn('microsocks', args, { stdio: 'ignore' });
  // Listening once a connection is accepted.
  for (let attempt = 0; attempt < 100; attempt++) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = createTcpServer();
      probe.once('error', () => resolve(true));
      probe.listen({ host: '127.0.0.1', port }, () => probe.close(() => resolve(false)));
    });
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port, exitAddress, process: child };
}

/** The operator's command, run as `npm run inventory -- …` runs it, against this run's portal. */
export async function inventory(...args: string[]): Promise<string> {
  const { localRunDir } = target();
  const { stdout } = await run(process.execPath, [join(REPO_ROOT, 'api', 'src', 'cli', 'inventory.ts'), ...args], {
    env: { ...process.env, DATA_DIR: localDirs(localRunDir!).data, CALLER_CWD: localRunDir! },
  });
  return stdout;
}
