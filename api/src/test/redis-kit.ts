// A Redis server of the test's own (the redis-server binary, on a free loopback port, nothing saved to disk),
// that a test can stop and start again on the same port: for what happens while Redis is away.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Started now. The caller stops it, after closing the apps that use it (an app closing while its Redis is
 * away waits for it); it is killed at the latest when the test process exits.
 */
export async function redisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = started;
    let output = '';
    for await (const chunk of started.stdout!) {
      output += String(chunk);
      if (output.includes('Ready to accept connections')) break;
    }
    if (!output.includes('Ready to accept connections')) throw new Error(`redis-server did not start: ${output}`);
    started.stdout!.resume();
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  process.once('exit', () => child?.kill('SIGKILL'));
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
