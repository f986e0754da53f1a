// Gateway benchmark, on loopback, side by side in one run: a direct connection to the destination (the
// limit), our gateway with its per-lease limits where each deployment keeps them (in memory: the embedded
// default; in Redis; in PostgreSQL), and microsocks (a small C SOCKS5 server, installed with apt-get when
// missing). Figures: one 1 GiB transfer, 100 parallel streams, authenticated connections per second, time
// to first byte, memory per 1,000 idle relayed connections.
// Not part of the tests; every loop is bounded. Settings: BENCH_GATEWAY_BYTES (single transfer, default
// 1 GiB), BENCH_GATEWAY_SECONDS (each connection-rate round, default 4), BENCH_GATEWAY_BASE_PORT (default
// 9310; uses the next seven ports too), BENCH_REDIS_URL (default TEST_REDIS_URL, else redis://127.0.0.1:6379)
// and BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test) for the
// shared stores (a store that cannot be reached is left out, and said so), BENCH_REDIS_PREFIX (start of the
// benchmark's Redis keys, default `private-sock5-bench:`, removed at the end), and BENCH_GATEWAY_BASELINE: the
// root of another checkout whose gateway runs alongside as `baseline` (before/after a change, one run).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { machineBusySeconds, processCpuSeconds } from './machine-cpu.ts';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const singleBytes = Number(process.env.BENCH_GATEWAY_BYTES ?? GiB);
const rateSeconds = Number(process.env.BENCH_GATEWAY_SECONDS ?? 4);
const basePort = Number(process.env.BENCH_GATEWAY_BASE_PORT ?? 9310);
const STREAMS = 100;
const STREAM_BYTES = 10 * MiB;
const RATE_CONCURRENCY = 32;
const IDLE_CONNECTIONS = 1000;
const LOGIN = 'bench1';
const PASSWORD = 'secret1';

interface Contender {
  name: string;
  /** null: straight to the destination. */
  socksPort: number | null;
  pid: number | null;
  /** Every process that serves (a primary and its workers); default: pid alone. */
  pids?: number[];
  /** A Node process: collect garbage before reading its memory, so only live objects count. */
  child?: ChildProcess;
}

async function collectGarbage(contender: Contender): Promise<void> {
  const child = contender.child;
  if (!child) return;
  await new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== 'gc-done') return;
      child.removeListener('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send('gc');
  });
}

const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function startChild(
  script: string,
  args: string[],
  nodeOptions: string[] = [],
): Promise<{ child: ChildProcess; message: Record<string, unknown> }> {
  const child = spawn(process.execPath, [...nodeOptions, fileURLToPath(new URL(script, import.meta.url)), ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, message: message as Record<string, unknown> }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Starts a gateway contender; null (and why, on the console) when its store cannot be reached. */
async function startGatewayContender(name: string, script: string, args: string[]): Promise<Contender | null> {
  try {
    const started = await startChild(script, args, ['--expose-gc']);
    const pids = started.message.pids as number[] | undefined;
    return { name, socksPort: started.message.port as number, pid: started.child.pid ?? null, ...(pids ? { pids } : {}), child: started.child };
  } catch (error) {
    console.log(`  ${name}: left out (${(error as Error).message})`);
    return null;
  }
}

function ensureMicrosocks(): void {
  if (spawnSync('microsocks', ['-h']).error === undefined) return;
  console.log('installing microsocks (apt-get install -y microsocks)…');
  const install = spawnSync('apt-get', ['install', '-y', 'microsocks'], { stdio: 'inherit' });
  if (install.status !== 0) throw new Error('microsocks is not installed and apt-get could not install it');
}

async function waitForListener(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

/** Reads exactly n bytes during a handshake. */
function readExactly(socket: Socket, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let buffer: Buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      if (buffer.length < n) return;
      socket.removeListener('data', onData);
      socket.removeListener('error', reject);
      socket.pause();
      if (buffer.length > n) socket.unshift(buffer.subarray(n));
      resolve(buffer.subarray(0, n));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.resume();
  });
}

const GREETING = Buffer.from([0x05, 0x01, 0x02]);
const CREDENTIALS = Buffer.concat([
  Buffer.from([0x01, LOGIN.length]),
  Buffer.from(LOGIN),
  Buffer.from([PASSWORD.length]),
  Buffer.from(PASSWORD),
]);

/** A connection to the destination, straight or through the contender's SOCKS5 with username/password. */
async function open(contender: Contender, targetPort: number): Promise<Socket> {
  const port = contender.socksPort ?? targetPort;
  const socket = connect({ host: '127.0.0.1', port, noDelay: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  if (contender.socksPort === null) return socket;
  socket.write(GREETING);
  const method = await readExactly(socket, 2);
  if (method[1] !== 0x02) throw new Error(`${contender.name}: method ${method[1]}`);
  socket.write(CREDENTIALS);
  const auth = await readExactly(socket, 2);
  if (auth[1] !== 0x00) throw new Error(`${contender.name}: authentication failed`);
  socket.write(Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1, targetPort >> 8, targetPort & 0xff]));
  const reply = await readExactly(socket, 10);
  if (reply[1] !== 0x00) throw new Error(`${contender.name}: reply ${reply[1]}`);
  return socket;
}

function header(bytes: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(bytes));
  return buffer;
}

/** Asks for `bytes` and reads them to the end; resolves with the time to the first byte. */
function receive(socket: Socket, bytes: number, started: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let received = 0;
    let firstByteMs = -1;
    socket.on('data', (chunk: Buffer) => {
      if (firstByteMs < 0) firstByteMs = performance.now() - started;
      received += chunk.length;
    });
    socket.once('error', reject);
    socket.once('end', () => {
      socket.destroy();
      if (received !== bytes) reject(new Error(`received ${received} of ${bytes} bytes`));
      else resolve(firstByteMs);
    });
    socket.resume();
    socket.write(header(bytes));
  });
}

async function throughput(contender: Contender, targetPort: number, streams: number, bytesEach: number): Promise<number> {
  const sockets = await Promise.all(Array.from({ length: streams }, () => open(contender, targetPort)));
  const started = performance.now();
  await Promise.all(sockets.map((socket) => receive(socket, bytesEach, started)));
  const seconds = (performance.now() - started) / 1000;
  return (streams * bytesEach) / MiB / seconds;
}

function pidsOf(contender: Contender): number[] {
  return contender.pids ?? (contender.pid === null ? [] : [contender.pid]);
}

/**
 * CPU time the contender's processes (all their threads) have used, in microseconds: user plus system, and
 * the system part alone; each process's figures read once.
 */
function serverCpuMicros(contender: Contender): { total: number; system: number } {
  let total = 0;
  let system = 0;
  for (const pid of pidsOf(contender)) {
    const cpu = processCpuSeconds(pid);
    total += (cpu.user + cpu.system) * 1e6;
    system += cpu.system * 1e6;
  }
  return { total, system };
}

async function connectionRate(
  contender: Contender,
  targetPort: number,
  seconds: number,
): Promise<RateResult> {
  const serves = contender.pid !== null && contender.socksPort !== null;
  const cpuBefore = serves ? serverCpuMicros(contender) : null;
  const machineBefore = machineBusySeconds();
  const deadline = performance.now() + seconds * 1000;
  const firstByte: number[] = [];
  let completed = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const socket = await open(contender, targetPort);
      firstByte.push(await receive(socket, 1, started));
      completed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: RATE_CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  firstByte.sort((a, b) => a - b);
  const at = (q: number) => firstByte[Math.min(firstByte.length - 1, Math.floor(q * firstByte.length))] ?? 0;
  const cpuAfter = cpuBefore === null ? null : serverCpuMicros(contender);
  const cpuPerConnection = cpuAfter === null ? null : (cpuAfter.total - cpuBefore!.total) / completed;
  const systemPerConnection = cpuAfter === null ? null : (cpuAfter.system - cpuBefore!.system) / completed;
  const machinePerConnection = ((machineBusySeconds() - machineBefore) * 1e6) / completed;
  return { perSecond: completed / elapsed, p50: at(0.5), p99: at(0.99), cpuPerConnection, systemPerConnection, machinePerConnection };
}

interface RateResult {
  perSecond: number;
  p50: number;
  p99: number;
  /** The SOCKS5 server's own CPU per connection (user + system), and the kernel's part of it. */
  cpuPerConnection: number | null;
  systemPerConnection: number | null;
  /** The whole machine's busy CPU per connection: the server, the load generator, the destination, the kernel. */
  machinePerConnection: number;
}

function rssKiB(contender: Contender): number {
  return pidsOf(contender).reduce((sum, pid) => sum + processRssKiB(pid), 0);
}

function processRssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function idleMemory(contender: Contender, targetPort: number): Promise<number | null> {
  if (contender.pid === null) return null;
  await new Promise((resolve) => setTimeout(resolve, 500));
  await collectGarbage(contender);
  const before = rssKiB(contender);
  const sockets: Socket[] = [];
  for (let i = 0; i < IDLE_CONNECTIONS; i += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, () => open(contender, targetPort)));
    for (const socket of batch) {
      socket.on('error', () => {});
      socket.write(header(0));
    }
    sockets.push(...batch);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await collectGarbage(contender);
  const after = rssKiB(contender);
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 500));
  return (after - before) / IDLE_CONNECTIONS;
}

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 300));
}

ensureMicrosocks();
const target = await startChild('./target.ts', [String(basePort)]);
const targetPort = target.message.port as number;
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const workerCount = Number(process.env.BENCH_GATEWAY_WORKERS ?? availableParallelism());
const gateways = [
  await startGatewayContender('gateway', './gateway-server.ts', [String(basePort + 1), 'memory']),
  await startGatewayContender('gateway+redis', './gateway-server.ts', [String(basePort + 3), 'redis', redisUrl]),
  await startGatewayContender('gateway+pg', './gateway-server.ts', [String(basePort + 4), 'postgres', databaseUrl]),
  // The gateway on every core: the standalone gateway's primary and one worker per core, limits in Redis.
  await startGatewayContender(`gateway×${workerCount}`, './gateway-server.ts', [String(basePort + 6), 'workers', databaseUrl, redisUrl, String(workerCount)]),
  process.env.BENCH_GATEWAY_BASELINE
    ? await startGatewayContender('baseline', `${process.env.BENCH_GATEWAY_BASELINE}/gateway/bench/gateway-server.ts`, [String(basePort + 5)])
    : null,
].filter((contender): contender is Contender => contender !== null);
const microsocksPort = basePort + 2;
const microsocks = spawn('microsocks', ['-i', '127.0.0.1', '-p', String(microsocksPort), '-u', LOGIN, '-P', PASSWORD], {
  stdio: 'ignore',
});
children.push(microsocks);
await waitForListener(microsocksPort);

const contenders: Contender[] = [
  { name: 'direct', socksPort: null, pid: target.child.pid ?? null },
  ...gateways,
  { name: 'microsocks', socksPort: microsocksPort, pid: microsocks.pid ?? null },
];

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`Gateway benchmark on loopback (load average before: ${load})`);

type Row = Record<string, number | null>;
const rows: Array<{ label: string; unit: string; values: Row }> = [];
const measure = async (label: string, unit: string, run: (c: Contender) => Promise<number | null>) => {
  const values: Row = {};
  for (const contender of contenders) {
    await settle();
    values[contender.name] = await run(contender);
    console.log(`  ${label.padEnd(38)} ${contender.name.padEnd(14)} ${values[contender.name]?.toFixed(2) ?? '—'} ${unit}`);
  }
  rows.push({ label, unit, values });
};

// Memory first, on fresh processes: later phases grow the heap, whose free space would then absorb the
// idle connections and hide their cost.
await measure(`memory per idle connection (${IDLE_CONNECTIONS} open)`, 'KiB', (c) =>
  c.name === 'direct' ? Promise.resolve(null) : idleMemory(c, targetPort),
);

// Warm-up: the JIT compiles the gateway's hot paths before anything is timed (microsocks needs none, but
// gets the same treatment).
for (const contender of contenders) {
  await throughput(contender, targetPort, 4, 16 * MiB);
  await connectionRate(contender, targetPort, 1);
}

await measure(`one ${(singleBytes / MiB).toFixed(0)} MiB transfer`, 'MiB/s', (c) => throughput(c, targetPort, 1, singleBytes));
await measure(`${STREAMS} parallel streams × ${STREAM_BYTES / MiB} MiB`, 'MiB/s', (c) =>
  throughput(c, targetPort, STREAMS, STREAM_BYTES),
);
// Rounds alternate between contenders, so a burst of load from elsewhere on the machine does not land on
// one contender only; each keeps its best round.
const rates: Record<string, RateResult> = {};
const RATE_ROUNDS = 3;
for (let round = 0; round < RATE_ROUNDS; round++) {
  for (const contender of contenders) {
    await settle();
    const result = await connectionRate(contender, targetPort, rateSeconds);
    console.log(`  connections/s round ${round + 1}              ${contender.name.padEnd(14)} ${result.perSecond.toFixed(0)} conn/s`);
    if (!rates[contender.name] || result.perSecond > rates[contender.name]!.perSecond) rates[contender.name] = result;
  }
}
rows.push({
  label: `authenticated connections/s (${RATE_CONCURRENCY} concurrent, best of ${RATE_ROUNDS} × ${rateSeconds} s)`,
  unit: 'conn/s',
  values: Object.fromEntries(contenders.map((c) => [c.name, rates[c.name]!.perSecond])),
});
rows.push({ label: 'time to first byte p50', unit: 'ms', values: Object.fromEntries(contenders.map((c) => [c.name, rates[c.name]!.p50])) });
rows.push({ label: 'time to first byte p99', unit: 'ms', values: Object.fromEntries(contenders.map((c) => [c.name, rates[c.name]!.p99])) });
// What a connection costs the SOCKS5 server's own process, whatever else the machine runs (the shared
// stores' servers run on the same two cores here; in a fleet they have their own).
rows.push({
  label: 'CPU per connection in the server process (user + system)',
  unit: 'µs',
  values: Object.fromEntries(contenders.map((c) => [c.name, rates[c.name]!.cpuPerConnection])),
});

rows.push({
  label: '… of it in the kernel (system)',
  unit: 'µs',
  values: Object.fromEntries(contenders.map((c) => [c.name, rates[c.name]!.systemPerConnection])),
});
rows.push({
  label: 'whole machine CPU per connection (all processes and the kernel)',
  unit: 'µs',
  values: Object.fromEntries(contenders.map((c) => [c.name, rates[c.name]!.machinePerConnection])),
});

const names = contenders.map((contender) => contender.name);
const ratioNames = gateways.map((contender) => contender.name);
console.log(`\n| measure | ${names.join(' | ')} | ${ratioNames.map((name) => `${name} ÷ microsocks`).join(' | ')} |`);
console.log(`|---|${names.map(() => '---|').join('')}${ratioNames.map(() => '---|').join('')}`);
for (const row of rows) {
  const cell = (name: string) => (row.values[name] === null || row.values[name] === undefined ? '—' : `${row.values[name]!.toFixed(row.unit === 'ms' ? 2 : 0)} ${row.unit}`);
  const ratio = (name: string) => (row.values[name] && row.values.microsocks ? (row.values[name] / row.values.microsocks).toFixed(2) : '—');
  console.log(`| ${row.label} | ${names.map(cell).join(' | ')} | ${ratioNames.map(ratio).join(' | ')} |`);
}
// What the connection-rate target leaves a gateway on this machine. Its cores carry the load generator, the
// destination and the kernel's loopback work besides the SOCKS5 server; what the machine spends per connection
// apart from the server is measured in the gateway's own best round. The rest of the cores' time, at 1.2×
// microsocks' rate, is what one connection may cost the server; its kernel time alone is printed beside it.
const cores = availableParallelism();
const goal = rates.microsocks!.perSecond * 1.2;
console.log(`\nWhat authenticated connections/s ≥ 1.2× microsocks (${goal.toFixed(0)}/s) leaves the server per connection on ${cores} cores:`);
const busyShare = (rate: RateResult) => (rate.machinePerConnection * rate.perSecond) / (cores * 1e6);
console.log(`  (were every core busy all the time; microsocks' round kept them ${(100 * busyShare(rates.microsocks!)).toFixed(0)}% busy)`);
for (const name of ratioNames) {
  const rate = rates[name]!;
  const others = rate.machinePerConnection - (rate.cpuPerConnection ?? 0);
  const budget = (cores * 1e6) / goal - others;
  console.log(
    `  ${name.padEnd(14)} ${budget.toFixed(0)} µs (the rest of the machine takes ${others.toFixed(0)} µs a connection; its round kept the cores ${(100 * busyShare(rate)).toFixed(0)}% busy); ` +
      `it spends ${rate.cpuPerConnection?.toFixed(0)} µs, ${rate.systemPerConnection?.toFixed(0)} µs of them in the kernel; ` +
      `microsocks spends ${rates.microsocks!.cpuPerConnection?.toFixed(0)} µs, ${rates.microsocks!.systemPerConnection?.toFixed(0)} µs in the kernel`,
  );
}
// The gateways clean up on SIGTERM (the PostgreSQL schema, the Redis keys): wait for them, a few seconds at most.
await Promise.all(
  children.map(
    (child) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        setTimeout(resolve, 5000).unref();
        child.kill('SIGTERM');
      }),
  ),
);
process.exit(0);
