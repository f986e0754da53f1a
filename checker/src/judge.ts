// The judge: a small HTTP endpoint that tells a caller the address it sees. A check asks it through the exit
// under test, so the answer is where the exit's traffic leaves. It answers GET / with
// {"ip": "<caller's address>", "n": "<the nonce the caller sent>"}; the nonce shows the answer came from the
// judge and not from something in between (a captive portal, a proxy answering on its own). For a speed check,
// GET /?n=<nonce>&bytes=<N> answers N zero bytes with the address and the nonce in X-Judge-Ip and
// X-Judge-Nonce. Nothing else.
// It runs inside the API on embedded defaults and as a process of its own on any public host (judge-main.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

/** The caller's address as a judge reports it: IPv4-mapped IPv6 addresses in their IPv4 form. */
export function callerAddress(request: IncomingMessage): string {
  const address = request.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

function answer(request: IncomingMessage, response: ServerResponse, onAnswer?: () => void): void {
  const url = new URL(request.url ?? '/', 'http://judge.invalid');
  if (url.pathname !== '/' || (request.method !== 'GET' && request.method !== 'HEAD')) {
    response.writeHead(404, { 'content-type': 'text/plain', connection: 'close' }).end('not found\n');
    return;
  }
  onAnswer?.();
  const nonce = url.searchParams.get('n') ?? '';
  const bytes = url.searchParams.get('bytes');
  if (bytes !== null) {
    const size = /^\d{1,9}$/.test(bytes) ? Number(bytes) : -1;
    if (size < 1 || size > MAX_SPEED_BYTES) {
      response.writeHead(400, { 'content-type': 'text/plain', connection: 'close' }).end(`bytes: 1 to ${MAX_SPEED_BYTES}\n`);
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': size,
      'cache-control': 'no-store',
      'x-judge-ip': callerAddress(request),
      'x-judge-nonce': NONCE.test(nonce) ? nonce : '',
      connection: 'close',
    });
    if (request.method === 'HEAD') return void response.end();
    for (let sent = 0; sent < size; sent += SPEED_BLOCK.length) response.write(SPEED_BLOCK.subarray(0, Math.min(SPEED_BLOCK.length, size - sent)));
    response.end();
    return;
  }
  const body = JSON.stringify({ ip: callerAddress(request), n: NONCE.test(nonce) ? nonce : '' });
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

export interface JudgeOptions {
  host: string;
  port: number;
  /** Called for every answer to GET / (tests count the checks that reached the judge). */
  onAnswer?: () => void;
}

export async function startJudge(options: JudgeOptions): Promise<Judge> {
  const server = createServer({ requestTimeout: 10_000, headersTimeout: 5_000, keepAliveTimeout: 1_000 }, (request, response) =>
    answer(request, response, options.onAnswer),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, () => {
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
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
