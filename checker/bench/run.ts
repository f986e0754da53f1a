// `npm run bench:checker`: our check against the usual Node ways of checking a SOCKS5 proxy and against the
// limit (plain HTTP to the judge), side by side in one run, over the same 10,000 loopback endpoints (20% of
// them black-holed or refusing), each contender in a process of its own at the same concurrency. The
// upstreams and the judge run in processes of their own too, on the same machine: every contender shares it
// with them. Prints each contender's figures, then the ratios against the targets.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { processCpuSeconds } from 'gateway/bench-cpu';
import { JUDGE } from './endpoints.ts';

interface Figures {
  kind: string;
  checks: number;
  seconds: number;
  liveOk: number;
  liveSeconds: number;
  liveTotal: number;
  falsePasses: number;
  cpuSeconds: number;
  /** Of it in the kernel (system calls: the sockets' own TCP work, on loopback the peer's receiving too). */
  systemCpuSeconds: number;
  /** Until the last live check ended (to the next 100 ms sample): the whole machine's busy CPU, and the contender's. */
  liveMachineCpuSeconds: number;
  liveOwnCpuSeconds: number;
  peakRssMb: number;
  blackHoleFailMs: number | null;
  refusedFailMs: number | null;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const concurrency = process.env.BENCH_CONCURRENCY ?? '4096';
const env = { ...process.env, BENCH_CONCURRENCY: concurrency };
const loadBefore = loadavg()[0]!;

/**
 * With BENCH_PIN=1 every contender runs on CPU 0 and the upstreams and the judge on CPU 1 (taskset), so a
 * contender never takes CPU from what it is measured against nor the other way round, alike for all.
 */
const pinned = process.env.BENCH_PIN === '1';
function command(cpu: string, args: string[]): [string, string[]] {
  return pinned ? ['taskset', ['-c', cpu, process.execPath, ...args]] : [process.execPath, args];
}

/** CPU seconds the given processes have spent (the exited threads of a relay count). */
function cpuSeconds(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => {
    const { user, system } = processCpuSeconds(pid);
    return sum + user + system;
  }, 0);
}

function startJudge(): Promise<ChildProcess> {
  const child = spawn(...command('1', [here('../src/judge-main.ts')]), {
    env: { ...env, CHECKER_JUDGE_HOST: JUDGE.host, CHECKER_JUDGE_PORT: String(JUDGE.port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the judge exited (${code})`)));
  });
}

function startFarm(): Promise<{ farm: ChildProcess; relayPids: number[] }> {
  const child = spawn(...command('1', [here('./farm.ts')]), { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { relayPids: number[] }) => resolve({ farm: child, relayPids: message.relayPids }));
    child.once('exit', (code) => reject(new Error(`the upstreams exited (${code})`)));
  });
}

function runContender(kind: string): Promise<Figures> {
  const child = spawn(...command('0', [here('./contender.ts'), kind]), { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(line) as Figures);
      } catch {
        reject(new Error(`${kind} exited (${code}) without figures: ${out.slice(-500)}`));
      }
    });
  });
}

// BENCH_CONTENDERS=ours,socks-proxy-agent runs some of them only (to look at one closely); all by default.
const contenders = process.env.BENCH_CONTENDERS?.split(',') ?? ['limit', 'limit-http', 'ours', 'fetch-socks', 'socks-proxy-agent', 'proxy-check'];
const judge = await startJudge();
const { farm, relayPids } = await startFarm();
const shared = [judge.pid!, farm.pid!, ...relayPids];
const results: (Figures & { sharedCpuSeconds: number })[] = [];
try {
  for (const kind of contenders) {
    process.stderr.write(`bench:checker: ${kind}…\n`);
    const before = cpuSeconds(shared);
    const figures = await runContender(kind);
    results.push({ ...figures, sharedCpuSeconds: cpuSeconds(shared) - before });
  }
} finally {
  farm.send('close');
  judge.kill('SIGTERM');
}

const rate = (figures: Figures) => figures.liveOk / figures.liveSeconds;
/** What the rest of the machine (upstreams, judge, kernel, anything else running) spent while the contender's live checks ran. */
const othersCpu = (figures: Figures) => Math.max(0, figures.liveMachineCpuSeconds - figures.liveOwnCpuSeconds);
const fixed = (value: number | null, digits = 0) => (value === null || !Number.isFinite(value) ? '—' : value.toFixed(digits));
const rows = results.map((f) => [
  f.kind,
  fixed(rate(f)),
  `${f.liveOk}/${f.liveTotal}`,
  String(f.falsePasses),
  fixed(f.liveSeconds, 1),
  fixed(f.seconds, 1),
  fixed((f.cpuSeconds / f.checks) * 1000, 2),
  fixed((f.systemCpuSeconds / f.checks) * 1000, 2),
  fixed((f.sharedCpuSeconds / f.checks) * 1000, 2),
  fixed((f.liveMachineCpuSeconds / f.liveOk) * 1000, 2),
  fixed((othersCpu(f) / f.liveOk) * 1000, 2),
  fixed(f.peakRssMb),
  fixed(f.blackHoleFailMs),
  fixed(f.refusedFailMs),
]);
const header = ['contender', 'live checks/s', 'live passed', 'false passes', 'live checks done after s', 'wall s', 'CPU s / 1,000 checks', '… in the kernel', 'upstreams + judge CPU s / 1,000 checks', 'machine CPU s / 1,000 live checks', 'rest of the machine CPU s / 1,000 live checks', 'peak RSS MB', 'black-holed: failed after ms', 'refused: failed after ms'];
const ours = results.find((f) => f.kind === 'ours') ?? results[0]!;
console.log(`\nbench:checker: ${ours.checks} endpoints (${ours.liveTotal} live, the rest black-holed or refusing), concurrency ${concurrency}, timeout 5 s${pinned ? ', contenders on CPU 0, upstreams and judge on CPU 1' : ''}; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after\n`);
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);

// The faster of the two ways to ask the judge with no proxy is the limit.
const limit = results.filter((f) => f.kind.startsWith('limit')).sort((a, b) => rate(b) - rate(a))[0];
if (ours.kind !== 'ours' || !limit) process.exit(0);
const peers = results.filter((f) => f.kind !== 'ours' && !f.kind.startsWith('limit') && f.liveOk > 0);
const fastest = peers.sort((a, b) => rate(b) - rate(a))[0];
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
console.log('');
console.log(`ours: ${rate(ours).toFixed(0)} live checks/s (target ≥ 1,000: ${verdict(rate(ours) >= 1000)})`);
if (fastest) console.log(`ours ÷ fastest peer (${fastest.kind}, ${rate(fastest).toFixed(0)}/s): ${(rate(ours) / rate(fastest)).toFixed(2)} (target ≥ 2: ${verdict(rate(ours) >= 2 * rate(fastest))})`);
console.log(`ours ÷ limit (plain HTTP to the judge, ${limit.kind}, ${rate(limit).toFixed(0)}/s): ${(rate(ours) / rate(limit)).toFixed(2)} (target ≥ 0.5: ${verdict(rate(ours) >= 0.5 * rate(limit))})`);
// The most any check could do here: were ours free, the cores would carry only what the rest of the machine
// spends per live check (the relays' threads, the judge, the kernel's loopback work) while ours runs.
const ceiling = (availableParallelism() * ours.liveOk) / othersCpu(ours);
console.log(
  `ceiling on ${availableParallelism()} cores, were our check free (the rest of the machine takes ${((othersCpu(ours) / ours.liveOk) * 1000).toFixed(2)} ms of CPU a live check): ` +
    `${ceiling.toFixed(0)} live checks/s, ${fastest ? `${(ceiling / rate(fastest)).toFixed(2)}× the fastest peer, ` : ''}${(ceiling / rate(limit)).toFixed(2)}× the limit`,
);
const proxyCheck = results.find((f) => f.kind === 'proxy-check');
if (proxyCheck && proxyCheck.liveOk === 0) console.log('proxy-check passed no live exit: it speaks HTTP CONNECT, not SOCKS5, so it cannot check these exits (shown for completeness, not a peer)');
process.exit(0);
