// One check of one exit, along the path a customer's traffic takes: TCP to the upstream, the SOCKS5
// greeting and login (RFC 1928/1929), CONNECT to the judge, an HTTP request through the tunnel, the judge's
// answer. It ends within its timeout whatever the upstream does (refuses, never answers, answers garbage,
// closes half-way) and says how far it got: the stage and the kind of failure, or the connect time, the
// round trip through the exit (ping) and the address the judge saw (the exit's IP).
import { randomBytes } from 'node:crypto';
import { isIP, connect, type Socket } from 'node:net';
import type { CheckStage } from 'contract/inventory';

export type { CheckStage };

/** How a stage failed. */
export type CheckFailure =
  /** Nothing listens (ECONNREFUSED), or the upstream refused the CONNECT to the judge. */
  | 'refused'
  | 'timeout'
  /** The connection ended before the stage was done. */
  | 'closed'
  /** The upstream does not speak SOCKS5 as the RFC says. */
  | 'protocol'
  /** The upstream refused our login, or wants one the exit does not have. */
  | 'rejected'
  /** The upstream could not reach the judge (network or host unreachable, general failure). */
  | 'unreachable'
  /** Something answered, but not the judge as asked. */
  | 'bad-answer'
  /** A socket error other than the above. */
  | 'error';

export type CheckResult =
  /** speedMbps: on a check asked to measure speed, the download's rate through the exit. */
  | { ok: true; connectMs: number; pingMs: number; totalMs: number; exitIp: string; speedMbps?: number }
  | { ok: false; stage: CheckStage; failure: CheckFailure; detail: string; connectMs: number | null; totalMs: number };

export interface UpstreamExit {
  host: string;
  port: number;
  login: string | null;
  password: string | null;
}

/** Where and how to ask the judge: its address for the CONNECT, and the request line's Host. */
export interface JudgeTarget {
  host: string;
  port: number;
  hostHeader: string;
}

export interface CheckTimeouts {
  connectMs: number;
  totalMs: number;
}

/**
 * A check that also measures speed asks the judge for this many bytes and times their download. It may take
 * twice the check's time; a download cut short by that still gives the rate of what arrived.
 */
export interface SpeedProbe {
  bytes: number;
}

export function judgeTarget(url: string): JudgeTarget {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:') throw new Error('the judge is asked in plain HTTP (http://)');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  return { host, port: Number(parsed.port || 80), hostHeader: parsed.host };
}

/** The largest judge answer read: its JSON is under a hundred bytes; anything past this is not the judge. */
const MAX_ANSWER_BYTES = 4096;

const REPLY_TEXT: Record<number, string> = {
  1: 'general failure',
  2: 'not allowed by its ruleset',
  3: 'network unreachable',
  4: 'host unreachable',
  5: 'connection refused',
  6: 'TTL expired',
  7: 'command not supported',
  8: 'address type not supported',
};

function connectRequest(judge: JudgeTarget): Buffer {
  const port = [judge.port >> 8, judge.port & 0xff];
  const family = isIP(judge.host);
  if (family === 4) return Buffer.from([5, 1, 0, 1, ...judge.host.split('.').map(Number), ...port]);
  if (family === 6) {
    const groups = new URL(`http://[${judge.host}]`).hostname.slice(1, -1);
    return Buffer.concat([Buffer.from([5, 1, 0, 4]), ipv6Bytes(groups), Buffer.from(port)]);
  }
  const name = Buffer.from(judge.host, 'ascii');
  return Buffer.concat([Buffer.from([5, 1, 0, 3, name.length]), name, Buffer.from(port)]);
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const left = part(head);
  const right = address.includes('::') ? part(tail) : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, i) => bytes.writeUInt16BE(parseInt(group, 16), i * 2));
  return bytes;
}

function authRequest(login: string, password: string): Buffer {
  const user = Buffer.from(login, 'latin1');
  const pass = Buffer.from(password, 'latin1');
  return Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]);
}

/** Reads the judge's answer: 200, JSON with our nonce and an address. */
function readAnswer(raw: Buffer, nonce: string): { ip: string } | { problem: string } {
  const text = raw.toString('latin1');
  const headerEnd = text.indexOf('\r\n\r\n');
  if (headerEnd < 0) return { problem: 'the answer is not HTTP' };
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (!status) return { problem: 'the answer is not HTTP' };
  if (status[1] !== '200') return { problem: `the judge answered HTTP ${status[1]}` };
  let body: unknown;
  try {
    body = JSON.parse(raw.subarray(headerEnd + 4).toString('utf8'));
  } catch {
    return { problem: 'the answer is not the judge\'s JSON' };
  }
  const { ip, n } = (body ?? {}) as { ip?: unknown; n?: unknown };
  if (n !== nonce) return { problem: 'the answer does not carry our nonce: something else answered' };
  if (typeof ip !== 'string' || isIP(ip) === 0) return { problem: 'the judge named no address' };
  return { ip };
}

/** Whether the buffered answer is complete by its Content-Length (else the judge's close ends it). */
function answerComplete(raw: Buffer): boolean {
  const text = raw.toString('latin1');
  const headerEnd = text.indexOf('\r\n\r\n');
  if (headerEnd < 0) return false;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, headerEnd));
  return length !== null && raw.length - (headerEnd + 4) >= Number(length[1]);
}

/** Reads the head of the judge's speed answer: 200, our nonce and the address in its headers, the length asked. */
function readSpeedHead(head: string, nonce: string, bytes: number): { ip: string } | { problem: string } {
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
  if (!status) return { problem: 'the answer is not HTTP' };
  if (status[1] !== '200') return { problem: `the judge answered HTTP ${status[1]}` };
  const header = (name: string) => new RegExp(`\r\n${name}:[ \t]*([^\r\n]*)`, 'i').exec(head)?.[1]?.trim();
  if (header('x-judge-nonce') !== nonce) return { problem: 'the answer does not carry our nonce: something else answered' };
  const ip = header('x-judge-ip') ?? '';
  if (isIP(ip) === 0) return { problem: 'the judge named no address' };
  if (Number(header('content-length')) !== bytes) return { problem: 'the judge sent another length than asked' };
  return { ip };
}

export function checkExit(exit: UpstreamExit, judge: JudgeTarget, timeouts: CheckTimeouts, speed?: SpeedProbe): Promise<CheckResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const nonce = randomBytes(9).toString('base64url');
    const hasLogin = exit.login !== null && exit.password !== null;
    let stage: CheckStage = 'connect';
    let connectMs: number | null = null;
    let requestSentAt = 0;
    let firstByteAt = 0;
    let buffer: Buffer = Buffer.alloc(0);
    let done = false;
    /** The speed answer's head was read: the address it names, and the body bytes counted since. */
    let download: { ip: string; received: number; firstAt: number } | null = null;
    const socket: Socket = connect({ host: exit.host, port: exit.port, noDelay: true });

    const finish = (result: CheckResult) => {
      if (done) return;
      done = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      socket.removeAllListeners('data');
      socket.on('error', () => {});
      socket.destroy();
      resolve(result);
    };
    const fail = (failure: CheckFailure, detail: string) =>
      finish({ ok: false, stage, failure, detail, connectMs, totalMs: elapsed() });

    const totalMs = speed ? 2 * timeouts.totalMs : timeouts.totalMs;
    const connectTimer = setTimeout(() => fail('timeout', `the upstream did not accept a connection within ${timeouts.connectMs} ms`), timeouts.connectMs);
    const totalTimer = setTimeout(() => {
      if (download && download.received > 0) return settleDownload();
      fail('timeout', `no ${stage === 'answer' ? 'answer' : 'reply'} within the check's ${totalMs} ms`);
    }, totalMs);

    const settleDownload = () => {
      const seconds = Math.max(0.001, (performance.now() - download!.firstAt) / 1000);
      finish({
        ok: true,
        connectMs: connectMs ?? 0,
        pingMs: Math.max(0, Math.round(firstByteAt - requestSentAt)),
        totalMs: elapsed(),
        exitIp: download!.ip,
        speedMbps: Math.round(((download!.received * 8) / 1e6 / seconds) * 100) / 100,
      });
    };

    const sendConnect = () => {
      stage = 'target';
      socket.write(connectRequest(judge));
    };

    const sendRequest = () => {
      stage = 'answer';
      requestSentAt = performance.now();
      const path = speed ? `/?n=${nonce}&bytes=${speed.bytes}` : `/?n=${nonce}`;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${judge.hostHeader}\r\nUser-Agent: private-sock5-checker\r\nAccept: application/json\r\nConnection: close\r\n\r\n`);
    };

    const settleAnswer = () => {
      const answer = readAnswer(buffer, nonce);
      if ('problem' in answer) return fail('bad-answer', answer.problem);
      finish({
        ok: true,
        connectMs: connectMs ?? 0,
        pingMs: Math.max(0, Math.round(firstByteAt - requestSentAt)),
        totalMs: elapsed(),
        exitIp: answer.ip,
      });
    };

    socket.once('connect', () => {
      connectMs = elapsed();
      clearTimeout(connectTimer);
      stage = 'greeting';
      socket.write(hasLogin ? Buffer.from([5, 2, 0, 2]) : Buffer.from([5, 1, 0]));
    });

    socket.on('data', (chunk: Buffer) => {
      if (stage === 'answer' && firstByteAt === 0) firstByteAt = performance.now();
      if (download) {
        download.received += chunk.length;
        if (download.received >= speed!.bytes) settleDownload();
        return;
      }
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      if (stage === 'greeting') {
        if (buffer.length < 2) return;
        if (buffer[0] !== 5) return fail('protocol', 'the upstream does not speak SOCKS5');
        const method = buffer[1];
        buffer = buffer.subarray(2);
        if (method === 0x00) sendConnect();
        else if (method === 0x02 && hasLogin) {
          stage = 'auth';
          socket.write(authRequest(exit.login!, exit.password!));
        } else if (method === 0x02) return fail('rejected', 'the upstream wants a login and the exit has none');
        else if (method === 0xff) return fail('rejected', 'the upstream accepts none of our authentication methods');
        else return fail('protocol', 'the upstream chose a method we did not offer');
      }
      if (stage === 'auth') {
        if (buffer.length < 2) return;
        if (buffer[1] !== 0x00) return fail('rejected', 'the upstream refused the login');
        buffer = buffer.subarray(2);
        sendConnect();
      }
      if (stage === 'target') {
        if (buffer.length < 5) return;
        if (buffer[0] !== 5) return fail('protocol', 'the upstream sent a malformed reply');
        const atyp = buffer[3];
        const length = atyp === 1 ? 10 : atyp === 4 ? 22 : atyp === 3 ? 7 + buffer[4]! : -1;
        if (length < 0) return fail('protocol', 'the upstream sent a malformed reply');
        if (buffer.length < length) return;
        const code = buffer[1]!;
        if (code !== 0) {
          const failure = code === 5 || code === 2 ? 'refused' : 'unreachable';
          return fail(failure, `the upstream could not reach the judge: ${REPLY_TEXT[code] ?? `reply ${code}`}`);
        }
        buffer = buffer.subarray(length);
        sendRequest();
        if (buffer.length > 0) firstByteAt = performance.now();
      }
      if (stage === 'answer' && speed) {
        const headEnd = buffer.indexOf('\r\n\r\n');
        if (headEnd < 0) {
          if (buffer.length > MAX_ANSWER_BYTES) fail('bad-answer', 'the answer is not HTTP');
          return;
        }
        const head = readSpeedHead(buffer.subarray(0, headEnd).toString('latin1'), nonce, speed.bytes);
        if ('problem' in head) return fail('bad-answer', head.problem);
        download = { ip: head.ip, received: buffer.length - headEnd - 4, firstAt: firstByteAt };
        buffer = Buffer.alloc(0);
        if (download.received >= speed.bytes) settleDownload();
        return;
      }
      if (stage === 'answer') {
        if (buffer.length > MAX_ANSWER_BYTES) return fail('bad-answer', 'the answer is far longer than the judge\'s');
        if (answerComplete(buffer)) settleAnswer();
      }
    });

    socket.on('end', () => {
      if (download) return download.received >= speed!.bytes ? settleDownload() : fail('closed', 'the download ended short');
      if (stage === 'answer' && buffer.length > 0) return settleAnswer();
      fail('closed', stage === 'answer' ? 'the connection closed without an answer' : 'the upstream closed the connection');
    });
    socket.on('close', () => fail('closed', 'the upstream closed the connection'));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') return fail('refused', 'nothing accepts connections at the upstream\'s address');
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return fail('closed', 'the upstream reset the connection');
      if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return fail('unreachable', 'the upstream\'s host name does not resolve');
      if (error.code === 'EHOSTUNREACH' || error.code === 'ENETUNREACH') return fail('unreachable', 'the upstream\'s address cannot be reached');
      fail('error', `socket error ${error.code ?? ''}`.trim());
    });
  });
}
