// One check of one exit, along the path a customer's traffic takes: TCP to the upstream, the SOCKS5
// greeting and login (RFC 1928/1929), CONNECT to the judge, an HTTP request through the tunnel, the judge's
// answer. It ends within its timeout whatever the upstream does (refuses, never answers, answers garbage,
// closes half-way) and says how far it got: the stage and the kind of failure, or the connect time, the
// round trip through the exit (ping) and the address the judge saw (the exit's IP).
// A checker runs thousands of these a second, so a check does little besides its socket's work: the judge's
// CONNECT request is made once per judge, nonces come from a pool of random bytes, every socket reads into one
// shared buffer (what must be kept is copied), deadlines share one timer (deadlines.ts), and the judge's answer is
// read as the judge writes it before falling back to parsing JSON.
import { randomFillSync } from 'node:crypto';
import { isIP, connect, type Socket } from 'node:net';
import type { CheckStage } from 'contract/inventory';
import { deadline } from './deadlines.ts';

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
const STATUS = /^HTTP\/1\.[01] (\d{3})/;
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;

const GREETING = Buffer.from([5, 1, 0]);
const GREETING_WITH_LOGIN = Buffer.from([5, 2, 0, 2]);

/** Every socket of every check reads into this buffer; a read is handled before the next one lands in it. */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/** Nonces: 9 random bytes each, drawn from a pool filled for 1,024 checks at a time. */
const NONCE_BYTES = 9;
const noncePool = Buffer.alloc(NONCE_BYTES * 1024);
let noncePoolAt = noncePool.length;
function nextNonce(): string {
  if (noncePoolAt === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  noncePoolAt += NONCE_BYTES;
  return noncePool.toString('base64url', noncePoolAt - NONCE_BYTES, noncePoolAt);
}

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

const connectRequests = new WeakMap<JudgeTarget, Buffer>();
function connectRequestOnce(judge: JudgeTarget): Buffer {
  let request = connectRequests.get(judge);
  if (!request) connectRequests.set(judge, (request = connectRequest(judge)));
  return request;
}

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

/**
 * Reads the judge's answer, once its head is in: 200, JSON with our nonce and an address. Returns null while the
 * body is still short of its Content-Length (unless the judge closed: then what came is the answer).
 */
function readAnswer(text: string, nonce: string, closed: boolean): { ip: string } | { problem: string } | null {
  const headerEnd = text.indexOf('\r\n\r\n');
  if (headerEnd < 0) return closed ? { problem: 'the answer is not HTTP' } : null;
  const head = text.slice(0, headerEnd);
  const length = CONTENT_LENGTH.exec(head);
  if (!closed && (length === null || text.length - (headerEnd + 4) < Number(length[1]))) return null;
  if (!head.startsWith('HTTP/1.1 200 ') && !head.startsWith('HTTP/1.0 200 ')) {
    const status = STATUS.exec(head);
    return { problem: status ? `the judge answered HTTP ${status[1]}` : 'the answer is not HTTP' };
  }
  const body = text.slice(headerEnd + 4);
  // The judge's own answer is exactly {"ip":"…","n":"…"}: read it as it is; anything else is parsed as JSON.
  const tail = `","n":"${nonce}"}`;
  let ip: unknown;
  let n: unknown = nonce;
  if (body.startsWith('{"ip":"') && body.endsWith(tail)) ip = body.slice(7, body.length - tail.length);
  else {
    try {
      ({ ip, n } = (JSON.parse(Buffer.from(body, 'latin1').toString('utf8')) ?? {}) as { ip?: unknown; n?: unknown });
    } catch {
      return { problem: 'the answer is not the judge\'s JSON' };
    }
  }
  if (n !== nonce) return { problem: 'the answer does not carry our nonce: something else answered' };
  if (typeof ip !== 'string' || isIP(ip) === 0) return { problem: 'the judge named no address' };
  return { ip };
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
    const nonce = nextNonce();
    const hasLogin = exit.login !== null && exit.password !== null;
    let stage: CheckStage = 'connect';
    let connectMs: number | null = null;
    let requestSentAt = 0;
    let firstByteAt = 0;
    /** What arrived and is not yet used: a copy, as the read buffer is shared. */
    let kept: Buffer | null = null;
    let done = false;
    /** The speed answer's head was read: the address it names, and the body bytes counted since. */
    let download: { ip: string; received: number; firstAt: number } | null = null;

    const finish = (result: CheckResult) => {
      if (done) return;
      done = true;
      connectDeadline.cancel();
      totalDeadline.cancel();
      socket.destroy();
      resolve(result);
    };
    const fail = (failure: CheckFailure, detail: string) =>
      finish({ ok: false, stage, failure, detail, connectMs, totalMs: elapsed() });

    const totalMs = speed ? 2 * timeouts.totalMs : timeouts.totalMs;
    const connectDeadline = deadline(timeouts.connectMs, () => fail('timeout', `the upstream did not accept a connection within ${timeouts.connectMs} ms`));
    const totalDeadline = deadline(totalMs, () => {
      if (download && download.received > 0) return settleDownload();
      fail('timeout', `no ${stage === 'answer' ? 'answer' : 'reply'} within the check's ${totalMs} ms`);
    });

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
      socket.write(connectRequestOnce(judge));
    };

    const sendRequest = () => {
      stage = 'answer';
      requestSentAt = performance.now();
      const path = speed ? `/?n=${nonce}&bytes=${speed.bytes}` : `/?n=${nonce}`;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${judge.hostHeader}\r\nUser-Agent: private-sock5-checker\r\nAccept: application/json\r\nConnection: close\r\n\r\n`, 'latin1');
    };

    /** Reads the judge's answer from what arrived; false while it is incomplete. */
    const settleAnswer = (data: Buffer, closed: boolean): boolean => {
      const answer = readAnswer(data.toString('latin1'), nonce, closed);
      if (answer === null) return false;
      if ('problem' in answer) fail('bad-answer', answer.problem);
      else finish({ ok: true, connectMs: connectMs ?? 0, pingMs: Math.max(0, Math.round(firstByteAt - requestSentAt)), totalMs: elapsed(), exitIp: answer.ip });
      return true;
    };

    /** Fails the check from within `advance`: nothing is kept. */
    const stop = (failure: CheckFailure, detail: string): null => {
      fail(failure, detail);
      return null;
    };

    /** Moves the check on by what arrived; returns what must wait for more. */
    const advance = (arrived: Buffer): Buffer | null => {
      let buffer = arrived;
      if (stage === 'greeting') {
        if (buffer.length < 2) return buffer;
        if (buffer[0] !== 5) return stop('protocol', 'the upstream does not speak SOCKS5');
        const method = buffer[1];
        buffer = buffer.subarray(2);
        if (method === 0x00) sendConnect();
        else if (method === 0x02 && hasLogin) {
          stage = 'auth';
          socket.write(authRequest(exit.login!, exit.password!));
        } else if (method === 0x02) return stop('rejected', 'the upstream wants a login and the exit has none');
        else if (method === 0xff) return stop('rejected', 'the upstream accepts none of our authentication methods');
        else return stop('protocol', 'the upstream chose a method we did not offer');
      }
      if (stage === 'auth') {
        if (buffer.length < 2) return buffer;
        if (buffer[1] !== 0x00) return stop('rejected', 'the upstream refused the login');
        buffer = buffer.subarray(2);
        sendConnect();
      }
      if (stage === 'target') {
        if (buffer.length < 5) return buffer;
        if (buffer[0] !== 5) return stop('protocol', 'the upstream sent a malformed reply');
        const atyp = buffer[3];
        const length = atyp === 1 ? 10 : atyp === 4 ? 22 : atyp === 3 ? 7 + buffer[4]! : -1;
        if (length < 0) return stop('protocol', 'the upstream sent a malformed reply');
        if (buffer.length < length) return buffer;
        const code = buffer[1]!;
        if (code !== 0) {
          const failure = code === 5 || code === 2 ? 'refused' : 'unreachable';
          return stop(failure, `the upstream could not reach the judge: ${REPLY_TEXT[code] ?? `reply ${code}`}`);
        }
        buffer = buffer.subarray(length);
        sendRequest();
        if (buffer.length === 0) return null;
        firstByteAt = performance.now();
      }
      if (stage === 'answer' && speed) {
        const headEnd = buffer.indexOf('\r\n\r\n');
        if (headEnd < 0) {
          if (buffer.length <= MAX_ANSWER_BYTES) return buffer;
          return stop('bad-answer', 'the answer is not HTTP');
        }
        const head = readSpeedHead(buffer.subarray(0, headEnd).toString('latin1'), nonce, speed.bytes);
        if ('problem' in head) return stop('bad-answer', head.problem);
        download = { ip: head.ip, received: buffer.length - headEnd - 4, firstAt: firstByteAt };
        if (download.received >= speed.bytes) settleDownload();
        return null;
      }
      if (stage === 'answer') {
        if (buffer.length > MAX_ANSWER_BYTES) return stop('bad-answer', 'the answer is far longer than the judge\'s');
        return settleAnswer(buffer, false) ? null : buffer;
      }
      return null;
    };

    const socket: Socket = connect({
      host: exit.host,
      port: exit.port,
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (length: number, buffer: Uint8Array) => {
          if (done) return false;
          if (stage === 'answer' && firstByteAt === 0) firstByteAt = performance.now();
          if (download) {
            download.received += length;
            if (download.received >= speed!.bytes) settleDownload();
            return true;
          }
          const chunk = (buffer as Buffer).subarray(0, length);
          const rest = advance(kept === null ? chunk : Buffer.concat([kept, chunk]));
          kept = rest === null || done ? null : Buffer.from(rest);
          return !done;
        },
      },
    });

    socket.once('connect', () => {
      connectMs = elapsed();
      connectDeadline.cancel();
      stage = 'greeting';
      socket.write(hasLogin ? GREETING_WITH_LOGIN : GREETING);
    });
    socket.on('end', () => {
      if (download) return download.received >= speed!.bytes ? settleDownload() : fail('closed', 'the download ended short');
      if (stage === 'answer' && kept !== null && settleAnswer(kept, true)) return;
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
