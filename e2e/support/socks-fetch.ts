import { connect, type Socket } from 'node:net';

// Uses a proxy exactly as a customer pastes it: `login:pass@host:port`, SOCKS5 with username/password
// (RFC 1928/1929), then a plain HTTP GET through the tunnel. Resolves with the response body.

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
    async take(n: number): Promise<Buffer> {
      while (buffer.length < n && !closed) await new Promise<void>((resolve) => (wake = resolve));
      if (buffer.length < n) throw new Error('the proxy closed the connection');
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

export async function fetchThroughProxy(proxyString: string, targetPort: number, path = '/'): Promise<string> {
  const match = /^([^:@]+):([^:@]+)@(.+):(\d+)$/.exec(proxyString);
  if (!match) throw new Error(`not a login:pass@host:port proxy string: "${proxyString}"`);
  const [, login, password, host, port] = match as unknown as [string, string, string, string, string];
  const socket = connect({ host, port: Number(port) });
  const read = reader(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(Buffer.from([0x05, 0x01, 0x02]));
  if ((await read.take(2))[1] !== 0x02) throw new Error('the proxy does not offer username/password');
  socket.write(Buffer.concat([Buffer.from([0x01, login.length]), Buffer.from(login), Buffer.from([password.length]), Buffer.from(password)]));
  if ((await read.take(2))[1] !== 0x00) throw new Error('the proxy refused the login:pass');
  socket.write(Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1, targetPort >> 8, targetPort & 0xff]));
  const reply = await read.take(10);
  if (reply[1] !== 0x00) throw new Error(`the proxy refused the destination (reply ${reply[1]})`);
  socket.write(`GET ${path} HTTP/1.0\r\nHost: page.test\r\n\r\n`);
  return (await read.rest()).split('\r\n\r\n').slice(1).join('\r\n\r\n');
}
