// The benchmark's upstreams, in processes of their own: Debian's microsocks (a small C SOCKS5 server, one thread
// per connection) on each live endpoint, its outgoing side bound to the endpoint's own address so the judge sees
// every exit leave from where it was reached, and a silent listener (the checker's test upstream) on each
// black-holed endpoint. A relay per endpoint in Node cost more CPU per check than the checks measured, on the
// same cores: the benchmark then measured the relays. Tells the parent over IPC when every endpoint accepts,
// with the relays' process ids (the parent counts their CPU time).
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { startUpstream, type TestUpstream } from '../src/test/checker-kit.ts';
import { benchEndpoints, type Endpoint } from './endpoints.ts';

const endpoints = benchEndpoints(Number(process.env.BENCH_ENDPOINTS) || undefined);
const live = endpoints.filter((endpoint) => endpoint.kind === 'live');

// The relays are started by one shell in a process group of its own: forking a shell 8,000 times is seconds,
// forking this Node process as many times was minutes. The group is stopped as one.
const shell = spawn('sh', [], { detached: true, stdio: ['pipe', 'pipe', 'ignore'] });
let stopping = false;
function stop(): void {
  stopping = true;
  try {
    process.kill(-shell.pid!, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
// Should the benchmark go away without a word, or be stopped, the relays go with it.
for (const event of ['disconnect', 'SIGINT', 'SIGTERM'] as const) {
  process.once(event, () => {
    stop();
    process.exit(0);
  });
}
shell.stdin.end(
  `${live.map((endpoint) => `microsocks -i ${endpoint.host} -p ${endpoint.port} -b ${endpoint.host} & echo $!`).join('\n')}\nwait\n`,
);
let printed = '';
shell.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
shell.once('exit', (code) => {
  if (stopping) return;
  console.error(`bench:checker: the relays' shell ended (${code}): is microsocks installed?`);
  process.exit(1);
});

function accepts(endpoint: Endpoint): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: endpoint.host, port: endpoint.port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitUntilAccepting(waitingFor: Endpoint[]): Promise<void> {
  let waiting = waitingFor;
  for (let attempt = 0; waiting.length > 0; attempt += 1) {
    if (attempt === 600) throw new Error(`${waiting.length} relays do not accept connections after a minute`);
    const still: Endpoint[] = [];
    for (let from = 0; from < waiting.length; from += 500) {
      const batch = waiting.slice(from, from + 500);
      const results = await Promise.all(batch.map(accepts));
      batch.forEach((endpoint, i) => results[i] || still.push(endpoint));
    }
    waiting = still;
    if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const silent: TestUpstream[] = [];
for (const endpoint of endpoints) {
  if (endpoint.kind === 'black-hole') silent.push(await startUpstream({ host: endpoint.host, port: endpoint.port, behaviour: 'black-hole' }));
}
await waitUntilAccepting(live);
process.send?.({ relayPids: printed.split('\n').filter(Boolean).map(Number) });
process.on('message', () => {
  stop();
  void Promise.all(silent.map((upstream) => upstream.close())).then(() => process.exit(0));
});
