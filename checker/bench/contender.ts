// One contender of the checker benchmark, in a process of its own so its CPU time and memory are its own:
// checks every endpoint once, BENCH_CONCURRENCY at a time, and prints what it measured as one JSON line.
//   ours                 checker/src/check.ts (TCP, SOCKS5 greeting, CONNECT, HTTP to the judge, its answer)
//   fetch-socks          Node's fetch with fetch-socks' dispatcher, the answer parsed as JSON
//   socks-proxy-agent    http.get with socks-proxy-agent, the answer parsed as JSON
//   proxy-check          the npm proxy-check package, as it is (HTTP CONNECT to www.google.com:443)
//   limit                plain HTTP requests to the judge with no proxy (as many as there are live exits), each
//                        on a socket of its own written and read by hand: a check without the exit
//   limit-http           the same requests with http.get, the usual Node way
import { get, type Agent } from 'node:http';
import { connect } from 'node:net';
import { socksDispatcher } from 'fetch-socks';
import proxyCheck from 'proxy-check';
import { machineBusySeconds } from 'gateway/bench-cpu';
import { SocksProxyAgent } from 'socks-proxy-agent';
import { checkExit, judgeTarget } from '../src/check.ts';
import { benchEndpoints, JUDGE, type Endpoint } from './endpoints.ts';

type Outcome = { ok: boolean; ms: number; endedAt: number };

const kind = process.argv[2] ?? 'ours';
const concurrency = Number(process.env.BENCH_CONCURRENCY) || 4096;
const timeoutMs = Number(process.env.BENCH_TIMEOUT_MS) || 5000;
const judgeUrl = `http://${JUDGE.host}:${JUDGE.port}/`;
const judge = judgeTarget(judgeUrl);
let nonce = 0;

/** A judge answer as every contender must find it: JSON naming an address. */
function judged(body: string): boolean {
  try {
    const answer = JSON.parse(body) as { ip?: unknown };
    return typeof answer.ip === 'string' && answer.ip.length > 0;
  } catch {
    return false;
  }
}

function httpGet(url: string, agent: Agent | false): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get(url, { agent, timeout: timeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(response.statusCode === 200 && judged(body)));
      response.on('error', () => resolve(false));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(false));
  });
}

/** GET / from the judge on a socket of its own: the request written by hand, the answer read until the judge closes. */
function rawGet(): Promise<boolean> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect({ host: judge.host, port: judge.port, noDelay: true });
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.setEncoding('latin1');
    socket.once('connect', () => socket.write(`GET /?n=${++nonce} HTTP/1.1\r\nHost: ${judge.hostHeader}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.once('error', () => {});
    socket.once('close', () => {
      clearTimeout(timer);
      const headEnd = answer.indexOf('\r\n\r\n');
      resolve(answer.startsWith('HTTP/1.1 200 ') && headEnd > 0 && judged(answer.slice(headEnd + 4)));
    });
  });
}

const contenders: Record<string, (endpoint: Endpoint) => Promise<boolean>> = {
  ours: async (endpoint) =>
    (await checkExit({ host: endpoint.host, port: endpoint.port, login: null, password: null }, judge, { connectMs: 2000, totalMs: timeoutMs })).ok,
  'fetch-socks': async (endpoint) => {
    const dispatcher = socksDispatcher({ type: 5, host: endpoint.host, port: endpoint.port });
    try {
      const response = await fetch(`${judgeUrl}?n=${++nonce}`, { dispatcher, signal: AbortSignal.timeout(timeoutMs) } as RequestInit);
      return response.status === 200 && judged(await response.text());
    } catch {
      return false;
    } finally {
      void dispatcher.close().catch(() => {});
    }
  },
  'socks-proxy-agent': (endpoint) => httpGet(`${judgeUrl}?n=${++nonce}`, new SocksProxyAgent(`socks5://${endpoint.host}:${endpoint.port}`, { timeout: timeoutMs })),
  'proxy-check': async (endpoint) => {
    try {
      return (await proxyCheck({ host: endpoint.host, port: endpoint.port, proxyAuth: '' })) === true;
    } catch {
      return false;
    }
  },
  limit: rawGet,
  'limit-http': () => httpGet(`${judgeUrl}?n=${++nonce}`, false),
};

const check = contenders[kind];
if (!check) throw new Error(`unknown contender ${kind}`);
const all = benchEndpoints(Number(process.env.BENCH_ENDPOINTS) || undefined);
// The limit makes as many requests as there are live exits, straight to the judge.
const work = kind.startsWith('limit') ? all.filter((endpoint) => endpoint.kind === 'live') : all;

const machineBefore = machineBusySeconds();
const cpuBefore = process.cpuUsage();
const started = performance.now();
let peakRss = 0;
const samples: Array<{ at: number; machine: number; own: number }> = [];
const sampleCpu = () => {
  const own = process.cpuUsage(cpuBefore);
  samples.push({ at: performance.now() - started, machine: machineBusySeconds() - machineBefore, own: (own.user + own.system) / 1e6 });
};
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  sampleCpu();
}, 100);
const outcomes = new Map<Endpoint, Outcome>();
let next = 0;
async function worker(): Promise<void> {
  while (next < work.length) {
    const endpoint = work[next++]!;
    const at = performance.now();
    const ok = await check!(endpoint).catch(() => false);
    outcomes.set(endpoint, { ok, ms: performance.now() - at, endedAt: performance.now() - started });
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
sampleCpu();
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const of = (which: Endpoint['kind']) => [...outcomes].filter(([endpoint]) => endpoint.kind === which).map(([, outcome]) => outcome);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor(sorted.length / 2)]!;
};
const live = of('live');
const liveEnd = Math.max(0, ...live.map((outcome) => outcome.endedAt));
const atLiveEnd = samples.find((sample) => sample.at >= liveEnd) ?? samples.at(-1)!;
const blackHoled = of('black-hole');
const refused = of('refused');
process.stdout.write(
  `${JSON.stringify({
    kind,
    checks: outcomes.size,
    seconds,
    liveOk: live.filter((outcome) => outcome.ok).length,
    // Until the last live exit's check ended: the black-holed ones' timeouts after it are not live checks.
    liveSeconds: liveEnd / 1000,
    // Until the first sample after it (within 100 ms): the whole machine's busy CPU and this process's.
    liveMachineCpuSeconds: atLiveEnd.machine,
    liveOwnCpuSeconds: atLiveEnd.own,
    liveTotal: live.length,
    falsePasses: [...blackHoled, ...refused].filter((outcome) => outcome.ok).length,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    systemCpuSeconds: cpu.system / 1e6,
    peakRssMb: peakRss / 1024 / 1024,
    blackHoleFailMs: median(blackHoled.filter((outcome) => !outcome.ok).map((outcome) => outcome.ms)),
    refusedFailMs: median(refused.filter((outcome) => !outcome.ok).map((outcome) => outcome.ms)),
  })}\n`,
);
process.exit(0);
