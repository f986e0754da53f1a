// The SOCKS5 wire format (RFC 1928) and its username/password sub-negotiation (RFC 1929): constants, the
// parsers of the three client messages and the server's replies. Parsers are pure: they take the bytes
// received so far and say "need more", "malformed" or what the message was and how many bytes it used, so
// the session can feed them fragmented or coalesced TCP segments alike.
import { isIP } from 'node:net';

export const SOCKS_VERSION = 0x05;
export const AUTH_VERSION = 0x01;

export const METHOD_NO_AUTH = 0x00;
export const METHOD_USERNAME_PASSWORD = 0x02;
export const METHOD_NONE_ACCEPTABLE = 0xff;

/** The one command served; BIND (0x02) and UDP ASSOCIATE (0x03) are answered "command not supported". */
export const COMMAND_CONNECT = 0x01;

export const ATYP_IPV4 = 0x01;
export const ATYP_DOMAIN = 0x03;
export const ATYP_IPV6 = 0x04;

/** RFC 1928 section 6 reply codes. */
export const Reply = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowed: 0x02,
  networkUnreachable: 0x03,
  hostUnreachable: 0x04,
  connectionRefused: 0x05,
  ttlExpired: 0x06,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;
export type ReplyCode = (typeof Reply)[keyof typeof Reply];

/** Bytes still missing: the caller waits for more data. */
export const NEED_MORE = null;

/** A message that can never become valid, whatever follows. */
export interface Malformed {
  malformed: true;
  /** The reply the RFC defines for it, when there is one. */
  reply?: ReplyCode;
}

export interface Greeting {
  malformed: false;
  methods: Uint8Array;
  length: number;
}

export function parseGreeting(buffer: Buffer): Greeting | Malformed | typeof NEED_MORE {
  if (buffer.length < 2) return buffer.length === 1 && buffer[0] !== SOCKS_VERSION ? { malformed: true } : NEED_MORE;
  if (buffer[0] !== SOCKS_VERSION) return { malformed: true };
  const count = buffer[1]!;
  if (count === 0) return { malformed: true };
  if (buffer.length < 2 + count) return NEED_MORE;
  return { malformed: false, methods: buffer.subarray(2, 2 + count), length: 2 + count };
}

export interface Credentials {
  malformed: false;
  username: string;
  password: string;
  length: number;
}

export function parseCredentials(buffer: Buffer): Credentials | Malformed | typeof NEED_MORE {
  if (buffer.length < 1) return NEED_MORE;
  if (buffer[0] !== AUTH_VERSION) return { malformed: true };
  if (buffer.length < 2) return NEED_MORE;
  const userLength = buffer[1]!;
  if (userLength === 0) return { malformed: true };
  if (buffer.length < 3 + userLength) return NEED_MORE;
  const passLength = buffer[2 + userLength]!;
  if (passLength === 0) return { malformed: true };
  const end = 3 + userLength + passLength;
  if (buffer.length < end) return NEED_MORE;
  return {
    malformed: false,
    username: buffer.toString('latin1', 2, 2 + userLength),
    password: buffer.toString('latin1', 3 + userLength, end),
    length: end,
  };
}

export type Target =
  | { kind: 'ip'; family: 4 | 6; address: string; port: number }
  | { kind: 'domain'; host: string; port: number };

export interface ConnectRequest {
  malformed: false;
  command: number;
  target: Target;
  length: number;
}

/** A host name as RFC 1035 allows it (letters, digits, hyphens, dots, underscores seen in the wild). */
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62}))*\.?$/;

export function parseRequest(buffer: Buffer): ConnectRequest | Malformed | typeof NEED_MORE {
  if (buffer.length < 4) {
    if (buffer.length >= 1 && buffer[0] !== SOCKS_VERSION) return { malformed: true, reply: Reply.generalFailure };
    if (buffer.length >= 3 && buffer[2] !== 0x00) return { malformed: true, reply: Reply.generalFailure };
    return NEED_MORE;
  }
  if (buffer[0] !== SOCKS_VERSION || buffer[2] !== 0x00) return { malformed: true, reply: Reply.generalFailure };
  const command = buffer[1]!;
  const atyp = buffer[3]!;
  let addressEnd: number;
  if (atyp === ATYP_IPV4) addressEnd = 8;
  else if (atyp === ATYP_IPV6) addressEnd = 20;
  else if (atyp === ATYP_DOMAIN) {
    if (buffer.length < 5) return NEED_MORE;
    const hostLength = buffer[4]!;
    if (hostLength === 0) return { malformed: true, reply: Reply.hostUnreachable };
    addressEnd = 5 + hostLength;
  } else return { malformed: true, reply: Reply.addressTypeNotSupported };
  const length = addressEnd + 2;
  if (buffer.length < length) return NEED_MORE;
  const port = buffer.readUInt16BE(addressEnd);
  let target: Target;
  if (atyp === ATYP_IPV4) {
    target = { kind: 'ip', family: 4, address: `${buffer[4]}.${buffer[5]}.${buffer[6]}.${buffer[7]}`, port };
  } else if (atyp === ATYP_IPV6) {
    target = { kind: 'ip', family: 6, address: formatIPv6(buffer.subarray(4, 20)), port };
  } else {
    const host = buffer.toString('latin1', 5, addressEnd);
    // Clients such as curl --socks5-hostname send an address literal as a name; it is an address.
    const family = isIP(host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);
    if (family === 4) target = { kind: 'ip', family, address: host, port };
    else if (family === 6) target = { kind: 'ip', family, address: formatIPv6(parseIPv6(host.replace(/^\[|\]$/g, ''))!), port };
    else if (!HOST_NAME.test(host)) return { malformed: true, reply: Reply.hostUnreachable };
    else {
      // So is a name that spells an IPv4 address in numbers (`2130706433`, `127.1`): resolvers read it so.
      const spelled = numericHostIPv4(host);
      if (spelled === NOT_NUMERIC) target = { kind: 'domain', host, port };
      else if (spelled === NOT_AN_ADDRESS) return { malformed: true, reply: Reply.hostUnreachable };
      else target = { kind: 'ip', family: 4, address: `${spelled >>> 24}.${(spelled >>> 16) & 0xff}.${(spelled >>> 8) & 0xff}.${spelled & 0xff}`, port };
    }
  }
  return { malformed: false, command, target, length };
}

/** numericHostIPv4: the name's last label is not a number, so it is a name. */
export const NOT_NUMERIC = -1;
/** numericHostIPv4: the name ends in a number yet spells no IPv4 address (`1.2.3.4.5`, `256.1`, `a.08`). */
export const NOT_AN_ADDRESS = -2;

/**
 * The IPv4 address (an unsigned 32-bit number) that a host name spells in numbers, read as the C library's
 * inet_aton reads it, and with it getaddrinfo and any SOCKS5 server that resolves names through it: one to
 * four parts, each decimal, octal (a leading 0) or hexadecimal (0x), the last one filling the bytes that
 * remain, so `2130706433`, `0x7f000001`, `0177.0.0.1`, `0x7f.1` and `127.1` are all 127.0.0.1. A name counts
 * as numeric when its last label is one (as the WHATWG URL standard decides: no top-level domain is a
 * number), and one trailing dot is ignored. NOT_NUMERIC for a real name, NOT_AN_ADDRESS for a numeric one
 * that spells no address.
 */
export function numericHostIPv4(host: string): number {
  const parts = host.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  const last = parts[parts.length - 1]!;
  if (!/^(?:\d+|0[xX][0-9a-fA-F]*)$/.test(last)) return NOT_NUMERIC;
  if (parts.length > 4) return NOT_AN_ADDRESS;
  let result = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    let value: number;
    if (/^0[xX][0-9a-fA-F]*$/.test(part)) value = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = parseInt(part, 8);
    else if (/^(?:0|[1-9]\d*)$/.test(part)) value = Number(part);
    else return NOT_AN_ADDRESS;
    // Every part but the last is one byte; the last fills what remains (4 bytes alone, 1 as the fourth).
    const limit = i < parts.length - 1 ? 256 : 2 ** (8 * (4 - i));
    if (!(value < limit)) return NOT_AN_ADDRESS;
    result = i < parts.length - 1 ? result + value * 2 ** (8 * (3 - i)) : result + value;
  }
  return result;
}

/** Sixteen bytes as the canonical text form (RFC 5952: lower case, longest zero run compressed). */
export function formatIPv6(bytes: Uint8Array): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((bytes[i]! << 8) | bytes[i + 1]!);
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength && j - i > 1) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

export const METHOD_REPLY_NO_AUTH = Buffer.from([SOCKS_VERSION, METHOD_NO_AUTH]);
export const METHOD_REPLY_USERNAME_PASSWORD = Buffer.from([SOCKS_VERSION, METHOD_USERNAME_PASSWORD]);
export const METHOD_REPLY_NONE_ACCEPTABLE = Buffer.from([SOCKS_VERSION, METHOD_NONE_ACCEPTABLE]);
export const AUTH_REPLY_SUCCESS = Buffer.from([AUTH_VERSION, 0x00]);
export const AUTH_REPLY_FAILURE = Buffer.from([AUTH_VERSION, 0x01]);

const failureReplies = new Map<number, Buffer>();
/** A failure reply: the RFC asks for an address field even then; it carries 0.0.0.0:0. */
export function failureReply(code: ReplyCode): Buffer {
  let reply = failureReplies.get(code);
  if (!reply) {
    reply = Buffer.from([SOCKS_VERSION, code, 0x00, ATYP_IPV4, 0, 0, 0, 0, 0, 0]);
    failureReplies.set(code, reply);
  }
  return reply;
}

/** The success reply naming the address and port the gateway connected from (BND.ADDR, BND.PORT). */
export function successReply(address: string | undefined, port: number | undefined): Buffer {
  const ipv4 = address === undefined ? null : parseIPv4(address.startsWith('::ffff:') ? address.slice(7) : address);
  if (ipv4) {
    const reply = Buffer.allocUnsafe(10);
    reply[0] = SOCKS_VERSION;
    reply[1] = Reply.succeeded;
    reply[2] = 0;
    reply[3] = ATYP_IPV4;
    reply.set(ipv4, 4);
    reply.writeUInt16BE(port ?? 0, 8);
    return reply;
  }
  const ipv6 = address === undefined ? null : parseIPv6(address);
  if (ipv6) {
    const reply = Buffer.allocUnsafe(22);
    reply[0] = SOCKS_VERSION;
    reply[1] = Reply.succeeded;
    reply[2] = 0;
    reply[3] = ATYP_IPV6;
    reply.set(ipv6, 4);
    reply.writeUInt16BE(port ?? 0, 20);
    return reply;
  }
  return Buffer.from([SOCKS_VERSION, Reply.succeeded, 0, ATYP_IPV4, 0, 0, 0, 0, 0, 0]);
}

export function parseIPv4(text: string): Uint8Array | null {
  // By hand rather than split() and a pattern per part: this runs for every connection's reply.
  const bytes = new Uint8Array(4);
  let part = 0;
  let value = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2e) {
      if (digits === 0 || part === 3) return null;
      bytes[part++] = value;
      value = 0;
      digits = 0;
    } else if (code >= 0x30 && code <= 0x39 && digits < 3) {
      value = value * 10 + (code - 0x30);
      if (value > 255) return null;
      digits++;
    } else {
      return null;
    }
  }
  if (digits === 0 || part !== 3) return null;
  bytes[3] = value;
  return bytes;
}

/**
 * A dotted-quad IPv4 address in its usual form (no leading zeros, as node:net's isIPv4 requires) as an
 * unsigned 32-bit number; -1 for anything else.
 */
export function ipv4Number(text: string): number {
  let result = 0;
  let parts = 0;
  let value = 0;
  let digits = 0;
  let leadingZero = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 0x2e;
    if (code === 0x2e) {
      if (digits === 0 || parts === 4) return -1;
      result = result * 256 + value;
      parts++;
      value = 0;
      digits = 0;
      leadingZero = false;
    } else if (code >= 0x30 && code <= 0x39 && digits < 3 && !leadingZero) {
      leadingZero = digits === 0 && code === 0x30;
      value = value * 10 + (code - 0x30);
      if (value > 255) return -1;
      digits++;
    } else {
      return -1;
    }
  }
  return parts === 4 ? result : -1;
}

export function parseIPv6(text: string): Uint8Array | null {
  const zone = text.indexOf('%');
  const address = zone >= 0 ? text.slice(0, zone) : text;
  if (!address.includes(':')) return null;
  let head = address;
  let tail = '';
  const gap = address.indexOf('::');
  if (gap >= 0) {
    head = address.slice(0, gap);
    tail = address.slice(gap + 2);
    if (tail.includes('::')) return null;
  }
  const toGroups = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIPv4(piece);
        if (!v4) return null;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return null;
        groups.push(parseInt(piece, 16));
      }
    }
    return groups;
  };
  const headGroups = toGroups(head);
  const tailGroups = toGroups(tail);
  if (!headGroups || !tailGroups) return null;
  const missing = 8 - headGroups.length - tailGroups.length;
  if (gap >= 0 ? missing < 1 : missing !== 0) return null;
  const groups = [...headGroups, ...new Array<number>(gap >= 0 ? missing : 0).fill(0), ...tailGroups];
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  return bytes;
}
