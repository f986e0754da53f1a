// The client side of SOCKS5, for chaining a connection to a provider's SOCKS5 endpoint (an upstream exit):
// greeting, username/password when the exit has credentials, CONNECT, and the reply whose code is passed
// on to our own client unchanged. Bytes the upstream sends after its reply are handed back with the socket.
import { connect, type Socket } from 'node:net';
import {
  ATYP_DOMAIN,
  ATYP_IPV4,
  ATYP_IPV6,
  AUTH_VERSION,
  COMMAND_CONNECT,
  METHOD_NO_AUTH,
  METHOD_USERNAME_PASSWORD,
  parseIPv4,
  parseIPv6,
  Reply,
  SOCKS_VERSION,
  type ReplyCode,
  type Target,
} from './socks5-protocol.ts';

export interface UpstreamOptions {
  host: string;
  port: number;
  login: string | null;
  password: string | null;
  target: Target;
  timeoutMs: number;
}

/** The upstream refused or failed; `reply` is what to tell our own client. */
export class UpstreamError extends Error {
  readonly reply: ReplyCode;
  constructor(message: string, reply: ReplyCode) {
    super(message);
    this.reply = reply;
  }
}

export interface UpstreamConnection {
  socket: Socket;
  /** Bytes the upstream already sent past its reply: the start of the destination's data. */
  head: Buffer;
}

export function encodeTarget(target: Target): Buffer {
  const port = Buffer.from([target.port >> 8, target.port & 0xff]);
  if (target.kind === 'domain') {
    const host = Buffer.from(target.host, 'latin1');
    return Buffer.concat([Buffer.from([ATYP_DOMAIN, host.length]), host, port]);
  }
  if (target.family === 4) return Buffer.concat([Buffer.from([ATYP_IPV4]), parseIPv4(target.address)!, port]);
  return Buffer.concat([Buffer.from([ATYP_IPV6]), parseIPv6(target.address)!, port]);
}

/**
 * Cancels a dial in progress. Cheaper than an AbortController, whose EventTarget costs a noticeable share
 * of a whole connection at thousands of connections per second.
 */
export class Cancellation {
  cancelled = false;
  /** Set by the dial in progress; called once on cancel. */
  hook: (() => void) | null = null;

  cancel(): void {
    this.cancelled = true;
    const hook = this.hook;
    this.hook = null;
    hook?.();
  }
}

export function connectThroughSocks5(options: UpstreamOptions, cancellation?: Cancellation): Promise<UpstreamConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: options.host, port: options.port, noDelay: true });
    let buffer: Buffer = Buffer.alloc(0);
    let stage: 'method' | 'auth' | 'reply' = 'method';
    let settled = false;

    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      cleanup();
      socket.destroy();
      reject(error);
    };
    const onAbort = () => fail(new UpstreamError('aborted', Reply.generalFailure));
    const timer = setTimeout(() => fail(new UpstreamError('upstream timed out', Reply.hostUnreachable)), options.timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      if (cancellation) cancellation.hook = null;
      socket.removeListener('data', onData);
      socket.removeListener('error', onError);
      socket.removeListener('close', onClose);
    };
    const onError = (error: Error) => fail(new UpstreamError(`upstream: ${error.message}`, Reply.generalFailure));
    const onClose = () => fail(new UpstreamError('upstream closed during the handshake', Reply.generalFailure));

    const sendRequest = () => {
      stage = 'reply';
      socket.write(Buffer.concat([Buffer.from([SOCKS_VERSION, COMMAND_CONNECT, 0x00]), encodeTarget(options.target)]));
    };

    const onData = (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      if (stage === 'method') {
        if (buffer.length < 2) return;
        const method = buffer[1];
        if (buffer[0] !== SOCKS_VERSION) return fail(new UpstreamError('upstream is not SOCKS5', Reply.generalFailure));
        buffer = buffer.subarray(2);
        if (method === METHOD_USERNAME_PASSWORD && options.login !== null && options.password !== null) {
          stage = 'auth';
          const login = Buffer.from(options.login, 'latin1');
          const password = Buffer.from(options.password, 'latin1');
          socket.write(Buffer.concat([Buffer.from([AUTH_VERSION, login.length]), login, Buffer.from([password.length]), password]));
        } else if (method === METHOD_NO_AUTH) {
          sendRequest();
        } else {
          return fail(new UpstreamError('upstream accepts none of our methods', Reply.generalFailure));
        }
      }
      if (stage === 'auth') {
        if (buffer.length < 2) return;
        if (buffer[1] !== 0x00) return fail(new UpstreamError('upstream refused our credentials', Reply.generalFailure));
        buffer = buffer.subarray(2);
        sendRequest();
      }
      if (stage === 'reply') {
        if (buffer.length < 5) return;
        if (buffer[0] !== SOCKS_VERSION) return fail(new UpstreamError('upstream is not SOCKS5', Reply.generalFailure));
        const atyp = buffer[3];
        const length = atyp === ATYP_IPV4 ? 10 : atyp === ATYP_IPV6 ? 22 : atyp === ATYP_DOMAIN ? 7 + buffer[4]! : -1;
        if (length < 0) return fail(new UpstreamError('upstream sent a malformed reply', Reply.generalFailure));
        if (buffer.length < length) return;
        const code = buffer[1]!;
        if (code !== Reply.succeeded) {
          const known = code <= Reply.addressTypeNotSupported ? (code as ReplyCode) : Reply.generalFailure;
          return fail(new UpstreamError(`upstream replied ${code}`, known));
        }
        settled = true;
        // Paused until the caller pipes it: nothing the destination sends may be lost in between.
        socket.pause();
        cleanup();
        resolve({ socket, head: buffer.subarray(length) });
      }
    };

    if (cancellation?.cancelled) return onAbort();
    if (cancellation) cancellation.hook = onAbort;
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.on('data', onData);
    socket.once('connect', () => {
      const methods = options.login !== null ? [METHOD_NO_AUTH, METHOD_USERNAME_PASSWORD] : [METHOD_NO_AUTH];
      socket.write(Buffer.from([SOCKS_VERSION, methods.length, ...methods]));
    });
  });
}
