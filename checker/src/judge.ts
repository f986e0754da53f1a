// The judge: a small HTTP endpoint that tells a caller the address it sees. A check asks it through the exit
// under test, so the answer is where the exit's traffic leaves. It answers GET / with
// {"ip": "<caller's address>", "n": "<the nonce the caller sent>"}; the nonce shows the answer came from the
// judge and not from something in between (a captive portal, a proxy answering on its own). For a speed check,
// GET /?n=<nonce>&bytes=<N> answers N zero bytes with the address and the nonce in X-Judge-Ip and
// X-Judge-Nonce. Nothing else.
// Every check of the inventory is one connection to it, so it does the least an HTTP/1.1 server must: it reads
// the request head (the request line and whether there is a Host), answers once with `Connection: close` and
// closes. Node's HTTP server (header objects, a URL, a response object per answer) took about 1.7 times its CPU
// per answer, on the same cores as the checks it answers.
// It runs inside the API on embedded defaults and as a process of its own on any public host (judge-main.ts).
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface Judge {
  /** http://host:port/ as the checks should ask it. */
  url: string;
  port: number;
  close(): Promise<void>;
}

const NONCE = /^[A-Za-z0-9_-]{1,64}$/;

/** The largest speed download a judge sends (`bytes`), and the block it is sent in. */
const MAX_SPEED_BYTES = 16 * 1024 * 1024;
const SPEED_BLOCK = Buffer.alloc(64 * 1024);

/** The longest request head read: a check's is under 200 bytes. */
const MAX_HEAD_BYTES = 8 * 1024;
/** A connection that sends nothing (or a head that does not end) for this long is answered 408 and closed. */
const IDLE_MS = 5_000;
/** The request line: method, origin-form or absolute-form target, version. */
const REQUEST_LINE = /^([A-Z]+) (?:https?:\/\/[^/ ]*)?(\/[^ ]*) HTTP\/1\.([01])$/;
const HOST_HEADER = /\r\nhost:/i;

/** The caller's address as a judge reports it: IPv4-mapped IPv6 addresses in their IPv4 form. */
function callerAddress(socket: Socket): string {
  const address = socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

/** The HTTP date of now, made once a second at most. */
let date = '';
let dateAt = 0;
function httpDate(): string {
  const now = Date.now();
  if (now - dateAt >= 1000) {
    date = new Date(now).toUTCString();
    dateAt = now - (now % 1000);
  }
  return date;
}

function head(status: string, headers: string): string {
  return `HTTP/1.1 ${status}\r\nDate: ${httpDate()}\r\n${headers}Connection: close\r\n\r\n`;
}

function plain(status: string, body: string, withBody = true): string {
  return head(status, `Content-Type: text/plain\r\nContent-Length: ${body.length}\r\n`) + (withBody ? body : '');
}

/** A query's parameter, decoded as a URL's would be (undefined when absent). */
function param(query: string, name: string): string | undefined {
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? pair : pair.slice(0, equals);
    if (key !== name) continue;
    const value = equals < 0 ? '' : pair.slice(equals + 1);
    if (!value.includes('%') && !value.includes('+')) return value;
    try {
      return decodeURIComponent(value.replaceAll('+', ' '));
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Answers one request head; returns what to send, or the download to stream after the head. */
function answer(requestHead: string, socket: Socket, onAnswer?: () => void): { text: string; download?: number } {
  const lineEnd = requestHead.indexOf('\r\n');
  const line = REQUEST_LINE.exec(lineEnd < 0 ? requestHead : requestHead.slice(0, lineEnd));
  if (!line) return { text: plain('400 Bad Request', 'bad request\n') };
  const [, method, target = '/', minor] = line;
  if (minor === '1' && !HOST_HEADER.test(requestHead)) return { text: plain('400 Bad Request', 'a Host header is required\n') };
  const isHead = method === 'HEAD';
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  if (path !== '/' || (method !== 'GET' && !isHead)) return { text: plain('404 Not Found', 'not found\n', !isHead) };
  onAnswer?.();
  const query = queryAt < 0 ? '' : target.slice(queryAt + 1);
  const given = param(query, 'n') ?? '';
  const nonce = NONCE.test(given) ? given : '';
  const bytes = param(query, 'bytes');
  if (bytes !== undefined) {
    const size = /^\d{1,9}$/.test(bytes) ? Number(bytes) : -1;
    if (size < 1 || size > MAX_SPEED_BYTES) return { text: plain('400 Bad Request', `bytes: 1 to ${MAX_SPEED_BYTES}\n`, !isHead) };
    const text = head(
      '200 OK',
      `Content-Type: application/octet-stream\r\nContent-Length: ${size}\r\nCache-Control: no-store\r\nX-Judge-Ip: ${callerAddress(socket)}\r\nX-Judge-Nonce: ${nonce}\r\n`,
    );
    return isHead ? { text } : { text, download: size };
  }
  const body = `{"ip":"${callerAddress(socket)}","n":"${nonce}"}`;
  const text = head('200 OK', `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nCache-Control: no-store\r\n`);
  return { text: isHead ? text : text + body };
}

function serve(socket: Socket, onAnswer?: () => void): void {
  let received = '';
  let answered = false;
  socket.setNoDelay(true);
  socket.setTimeout(IDLE_MS);
  socket.setEncoding('latin1');
  socket.on('error', () => {});
  socket.on('timeout', () => {
    if (answered) return void socket.destroy();
    answered = true;
    socket.end(plain('408 Request Timeout', 'request timeout\n'));
  });
  socket.on('data', (chunk: string) => {
    // After the answer the rest of what the caller sends is read and dropped, so that closing does not reset
    // the connection under an answer it has not read yet.
    if (answered) return;
    received = received.length === 0 ? chunk : received + chunk;
    const headEnd = received.indexOf('\r\n\r\n');
    if (headEnd < 0) {
      if (received.length > MAX_HEAD_BYTES) {
        answered = true;
        socket.end(plain('431 Request Header Fields Too Large', 'request head too large\n'));
      }
      return;
    }
    answered = true;
    const { text, download } = answer(received.slice(0, headEnd + 2), socket, onAnswer);
    received = '';
    if (download === undefined) return void socket.end(text, 'latin1');
    socket.write(text, 'latin1');
    for (let sent = 0; sent < download; sent += SPEED_BLOCK.length) socket.write(SPEED_BLOCK.subarray(0, Math.min(SPEED_BLOCK.length, download - sent)));
    socket.end();
  });
}

export interface JudgeOptions {
  host: string;
  port: number;
  /** Called for every answer to GET / (tests count the checks that reached the judge). */
  onAnswer?: () => void;
}

export async function startJudge(options: JudgeOptions): Promise<Judge> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    serve(socket, options.onAnswer);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port, backlog: 4096 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  return {
    url: `http://${host}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
