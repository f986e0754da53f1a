// Upstream SOCKS5 exits for the operator's e2e specs: Debian's microsocks on loopback, each sending its traffic
// out from its own 127.0.0.x address, and the `inventory` command run against this run's portal.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect, createServer as createTcpServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { localDirs, REPO_ROOT, target } from './target.ts';

const run = promisify(execFile);
export const microsocksInstalled = spawnSync('microsocks', ['-h']).error === undefined;

/**
 * A port free now, below Linux's ephemeral range (32768 and up): the kernel hands ephemeral ports to outgoing
 * connections, and one of those (the fleet step's, beside this run) could take the port between this check
 * and microsocks' bind.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 12_000 + Math.floor(Math.random() * 8_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createTcpServer();
      server.once('error', () => resolve(false));
      server.listen({ host: '127.0.0.1', port }, () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Whether something accepts a connection on the port now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface Upstream {
  port: number;
  exitAddress: string;
  process: ChildProcess;
}

export async function startMicrosocks(exitAddress: string, login?: string, password?: string): Promise<Upstream> {
  // A microsocks that could not bind exits at once: then it starts again on another port.
  for (let start = 0; start < 5; start++) {
    const port = await freePort();
    const args = ['-i', '127.0.0.1', '-p', String(port), '-b', exitAddress, ...(login && password ? ['-u', login, '-P', password] : [])];
    const child = spawn('microsocks', args, { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    for (let attempt = 0; attempt < 100 && child.exitCode === null; attempt++) {
      if (await accepts(port)) {
        // Still running a moment later: the listener is this microsocks, not something else on the port.
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
        if (child.exitCode === null && child.signalCode === null) return { port, exitAddress, process: child };
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill();
  }
  throw new Error(`microsocks for ${exitAddress} did not start listening`);
}

/** The operator's command, run as `npm run inventory -- …` runs it, against this run's portal. */
export async function inventory(...args: string[]): Promise<string> {
  const { localRunDir } = target();
  const { stdout } = await run(process.execPath, [join(REPO_ROOT, 'api', 'src', 'cli', 'inventory.ts'), ...args], {
    env: { ...process.env, DATA_DIR: localDirs(localRunDir!).data, CALLER_CWD: localRunDir! },
  });
  return stdout;
}
