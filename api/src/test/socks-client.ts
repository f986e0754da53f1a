// A customer's SOCKS5 client for tests: greeting, RFC 1929 login, CONNECT to a local page, GET /. Used to
// prove a bought proxy works at the endpoint and with the credentials the API handed out.
import { connect, type Socket } from 'node:net';

/** Reads until `n` bytes are there (null: the connection closed first). */
function reader(socket: Socket) {
  let buffer = Buffer.alloc(0);
  let closed = false;
  let wake: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake?.();
  });
  socket.on('close', () => {
    closed = true;
    wake?.();
  });
  return {
    async take(n: number): Promise<Buffer | null> {
      while (buffer.length < n && !closed) await new Promise<void>((resolve) => (wake = resolve));
      if (buffer.length < n) return null;
      const out = buffer.subarray(0, n);
      buffer = buffer.subarray(n);
      return out;
    },
    async rest(): Promise<string> {
      while (!closed) await new Promise<void>((resolve) => (wake = resolve));
      return buffer.toString('utf8');
    },
  };
}

/** GET / through a SOCKS5 proxy given as `host:port` and `login:pass`; null when the proxy refuses. */
export async function fetchThrough(proxy: string, socksAuth: string, targetPort: number): Promise<string | null> {
  const [host, port] = proxy.split(':');
  const [login, password] = socksAuth.split(':');
  const socket = connect({ host: host!, port: Number(port) });
  socket.on('error', () => {});
  await new Promise((resolve) => {
    socket.once('connect', resolve);
    socket.once('close', resolve);
  });
  if (socket.destroyed) return null;
  const read = reader(socket);
  socket.write(Buffer.from([0x05, 0x01, 0x02]));
  if ((await read.take(2))?.[1] !== 0x02) return null;
  socket.write(Buffer.concat([Buffer.from([0x01, login!.length]), Buffer.from(login!), Buffer.from([password!.length]), Buffer.from(password!)]));
  if ((await read.take(2))?.[1] !== 0x00) return null;
  socket.write(Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1, targetPort >> 8, targetPort & 0xff]));
  const reply = await read.take(10);
  if (reply?.[1] !== 0x00) return null;
  socket.write('GET / HTTP/1.0\r\nHost: page.test\r\n\r\n');
  const response = await read.rest();
  return response.split('\r\n\r\n').slice(1).join('\r\n\r\n');
}

/**
 * fetchThrough, tried again every 25 ms until the answer is `expected` (by default: any answer), or the time is
 * up (then the last answer): a gateway starts serving a new lease's port a moment after the purchase, later on
 * a loaded machine.
 */
export async function fetchThroughSoon(proxy: string, socksAuth: string, targetPort: number, expected?: string, timeoutMs = 10_000): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = await fetchThrough(proxy, socksAuth, targetPort);
    if ((expected === undefined ? body !== null : body === expected) || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
