// Reading an operator's list of exits. One exit per line, in any of the forms providers hand out, mixed
// freely in one file:
//
//   host:port                      socks5://host:port          [2001:db8::1]:1080
//   host:port:login:password       socks5://login:password@host:port
//   login:password@host:port       socks5h://login:password@host:port
//
// each optionally followed by `,type,price_cents,label`; or a CSV file whose first line is a header naming
// its columns (proxy or host and port, login, password, type, price_cents, label, country). Fields follow
// CSV quoting ("a,b"), so a label or password with a comma is written in quotes. Blank lines and lines
// starting with # are skipped.
//
// Every problem is reported with its line number and a reason that never repeats the line's content: a
// misplaced comma can put part of a password into any field, and the report goes to logs and screens.
import { isIPv4, isIPv6 } from 'node:net';
import { countryOf } from 'contract/countries';
import { declaredTypeOf, MAX_PRICE_CENTS, type DeclaredType } from './exit-types.ts';

export interface ParsedExit {
  /** Line number in the file (1-based). */
  line: number;
  /** Lower-case host name, dotted IPv4, or compressed IPv6 without brackets. */
  host: string;
  port: number;
  login: string | null;
  password: string | null;
  /** null: the import's default type. */
  declaredType: DeclaredType | null;
  priceCents: number | null;
  label: string;
  /** ISO 3166-1 alpha-2, upper case; null: unknown until geolocated. */
  country: string | null;
}

export interface LineProblem {
  line: number;
  reason: string;
}

export interface Duplicate {
  line: number;
  /** The earlier line naming the same exit with the same values; this one is skipped. */
  of: number;
}

export interface ParsedFile {
  exits: ParsedExit[];
  errors: LineProblem[];
  duplicates: Duplicate[];
  /** Lines that name an exit (blank and comment lines not counted; a CSV header neither). */
  lines: number;
  /** The whole file refused (binary content, a bad header): nothing of it can be imported. */
  fileError: string | null;
}

/** Longest line accepted: the longest sensible one (255-byte login and password, a host, a label) fits. */
export const MAX_LINE_BYTES = 2048;
const MAX_LABEL_LENGTH = 200;
const MAX_CREDENTIAL_BYTES = 255;

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** Printable ASCII without space: what RFC 1929 credentials of every provider we know are made of. */
const CREDENTIAL = /^[\x21-\x7e]+$/;
/** Control characters other than tab (a line's own CR and LF are gone by then). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
}

class LineError extends Error {}

const fail = (reason: string): never => {
  throw new LineError(reason);
};

/** Splits one line into fields: commas separate, double quotes group (a doubled quote is one quote). */
export function splitFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let wasQuoted = false;
  while (i < line.length) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"') {
        if (line[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      if (field.trim() !== '') fail('a quote in the middle of a field');
      field = '';
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') {
      fields.push(wasQuoted ? field : field.trim());
      field = '';
      wasQuoted = false;
    } else if (wasQuoted) {
      if (char.trim() !== '') fail('text after a closing quote');
    } else {
      field += char;
    }
    i += 1;
  }
  if (quoted) fail('a quote is not closed');
  fields.push(wasQuoted ? field : field.trim());
  return fields;
}

function parsePort(text: string): number {
  if (!/^\d{1,5}$/.test(text)) fail(text === '' ? 'the port is missing' : 'the port is not a number');
  const port = Number(text);
  if (port < 1 || port > 65_535) fail('the port is out of range (1-65535)');
  return port;
}

/** An IPv6 address without brackets, with or without a port after it. */
function looksLikeBareIPv6(text: string): boolean {
  return isIPv6(text) || isIPv6(text.slice(0, text.lastIndexOf(':')));
}

function parseHost(text: string): string {
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) fail('an IPv6 address is missing its closing bracket');
    const inner = text.slice(1, -1);
    if (!isIPv6(inner)) fail('not a valid IPv6 address');
    return new URL(`http://[${inner}]`).hostname.slice(1, -1);
  }
  if (text === '') fail('the host is missing');
  if (isIPv6(text)) fail('IPv6 addresses go in brackets: [2001:db8::1]:1080');
  if (/^[\d.]+$/.test(text)) {
    if (!isIPv4(text)) fail('not a valid IPv4 address');
    return text;
  }
  const host = text.toLowerCase();
  if (!HOSTNAME.test(host)) fail('not a valid host name or address');
  return host;
}

/** `host:port` or `[v6]:port`. */
function parseHostPort(text: string): { host: string; port: number } {
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) fail('an IPv6 address is missing its closing bracket');
    if (text[close + 1] !== ':') fail('the port is missing');
    return { host: parseHost(text.slice(0, close + 1)), port: parsePort(text.slice(close + 2)) };
  }
  const colon = text.lastIndexOf(':');
  if (colon < 0) fail('the port is missing');
  if (text.indexOf(':') !== colon) fail(looksLikeBareIPv6(text) ? 'IPv6 addresses go in brackets: [2001:db8::1]:1080' : 'expected host:port after the @');
  return { host: parseHost(text.slice(0, colon)), port: parsePort(text.slice(colon + 1)) };
}

function credentials(login: string, password: string): { login: string; password: string } {
  if (login === '') fail('the login is empty');
  if (password === '') fail('the password is empty');
  if (Buffer.byteLength(login) > MAX_CREDENTIAL_BYTES) fail(`the login is longer than ${MAX_CREDENTIAL_BYTES} bytes`);
  if (Buffer.byteLength(password) > MAX_CREDENTIAL_BYTES) fail(`the password is longer than ${MAX_CREDENTIAL_BYTES} bytes`);
  if (!CREDENTIAL.test(login)) fail('the login may hold printable ASCII characters only, without spaces');
  if (!CREDENTIAL.test(password)) fail('the password may hold printable ASCII characters only, without spaces');
  return { login, password };
}

/** `login:password` before an @. */
function userInfo(text: string, decode: boolean): { login: string; password: string } {
  const colon = text.indexOf(':');
  if (colon < 0) fail('a login needs its password (login:password@host:port)');
  let login = text.slice(0, colon);
  let password = text.slice(colon + 1);
  if (decode) {
    try {
      login = decodeURIComponent(login);
      password = decodeURIComponent(password);
    } catch {
      fail('the credentials hold a broken %-escape');
    }
  }
  return credentials(login, password);
}

export interface Endpoint {
  host: string;
  port: number;
  login: string | null;
  password: string | null;
}

/** One endpoint in any accepted form. Throws LineError with a reason that does not quote the text. */
export function parseEndpoint(text: string): Endpoint {
  if (text === '') fail('the line names no exit');
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text);
  if (scheme) {
    const name = scheme[1]!.toLowerCase();
    if (name !== 'socks5' && name !== 'socks5h') fail('only socks5:// and socks5h:// exits can be imported');
    let rest = text.slice(scheme[0].length);
    if (rest.endsWith('/')) rest = rest.slice(0, -1);
    if (/[/?#]/.test(rest)) fail('a proxy URL has no path, query or fragment');
    const at = rest.lastIndexOf('@');
    const place = parseHostPort(at < 0 ? rest : rest.slice(at + 1));
    const auth = at < 0 ? null : userInfo(rest.slice(0, at), true);
    return { ...place, login: auth?.login ?? null, password: auth?.password ?? null };
  }
  const at = text.lastIndexOf('@');
  if (at >= 0) {
    const place = parseHostPort(text.slice(at + 1));
    return { ...place, ...userInfo(text.slice(0, at), false) };
  }
  // host:port or host:port:login:password (the password may itself hold colons).
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) fail('an IPv6 address is missing its closing bracket');
    const host = parseHost(text.slice(0, close + 1));
    if (text[close + 1] !== ':') fail('the port is missing');
    const [port = '', login, ...password] = text.slice(close + 2).split(':');
    if (login === undefined) return { host, port: parsePort(port), login: null, password: null };
    if (password.length === 0) fail('expected host:port or host:port:login:password');
    return { host, port: parsePort(port), ...credentials(login, password.join(':')) };
  }
  if (looksLikeBareIPv6(text)) fail('IPv6 addresses go in brackets: [2001:db8::1]:1080');
  const [host = '', port = '', login, ...password] = text.split(':');
  if (port === '' && !text.includes(':')) fail('the port is missing');
  if (login === undefined) return { host: parseHost(host), port: parsePort(port), login: null, password: null };
  if (password.length === 0) fail('expected host:port or host:port:login:password');
  return { host: parseHost(host), port: parsePort(port), ...credentials(login, password.join(':')) };
}

function parseType(text: string): DeclaredType | null {
  if (text === '') return null;
  return declaredTypeOf(text) ?? fail('unknown type (use mobile, residential or datacenter)');
}

function parsePrice(text: string): number | null {
  if (text === '') return null;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > MAX_PRICE_CENTS) {
    fail(`price_cents must be a whole number of cents from 1 to ${MAX_PRICE_CENTS}`);
  }
  return Number(text);
}

function parseLabel(text: string): string {
  if (text.length > MAX_LABEL_LENGTH) fail(`the label is longer than ${MAX_LABEL_LENGTH} characters`);
  return text;
}

function parseCountry(text: string): string | null {
  if (text === '') return null;
  if (!/^[A-Za-z]{2}$/.test(text)) fail('country must be a two-letter ISO 3166 code');
  return countryOf(text)?.ct ?? fail('unknown country code');
}

const COLUMN_NAMES: Record<string, string> = {
  proxy: 'proxy',
  endpoint: 'proxy',
  host: 'host',
  port: 'port',
  login: 'login',
  user: 'login',
  username: 'login',
  password: 'password',
  pass: 'password',
  type: 'type',
  price_cents: 'price_cents',
  label: 'label',
  country: 'country',
};

type Columns = Map<string, number>;

/** A header line: every field a known column name, with `proxy` or `host` and `port`. */
function headerOf(fields: string[]): Columns | null {
  const names = fields.map((field) => COLUMN_NAMES[field.toLowerCase()]);
  if (!names.some((name) => name === 'proxy' || name === 'host')) return null;
  const columns: Columns = new Map();
  for (const [index, name] of names.entries()) {
    if (name === undefined) {
      throw new LineError(`unknown column ${index + 1} in the header (known: ${[...new Set(Object.values(COLUMN_NAMES))].join(', ')})`);
    }
    if (columns.has(name)) throw new LineError(`the header names ${name} twice`);
    columns.set(name, index);
  }
  if (columns.has('proxy') && (columns.has('host') || columns.has('port'))) throw new LineError('the header has proxy and host/port: use one or the other');
  if (columns.has('host') !== columns.has('port')) throw new LineError('the header needs both host and port');
  if (columns.has('login') !== columns.has('password')) throw new LineError('the header needs both login and password, or neither');
  return columns;
}

function fromColumns(fields: string[], columns: Columns, line: number): ParsedExit {
  if (fields.length !== columns.size) fail(`expected ${columns.size} fields as in the header, found ${fields.length}`);
  const field = (name: string) => {
    const index = columns.get(name);
    return index === undefined ? '' : (fields[index] ?? '');
  };
  const endpoint = columns.has('proxy') ? parseEndpoint(field('proxy')) : { ...parseHostPort(`${hostForColumns(field('host'))}:${field('port')}`), login: null, password: null };
  const login = field('login');
  const password = field('password');
  if (login !== '' || password !== '') {
    if (endpoint.login !== null) fail('credentials are given twice (in the proxy and in login/password)');
    Object.assign(endpoint, credentials(login, password));
  }
  return {
    line,
    ...endpoint,
    declaredType: parseType(field('type')),
    priceCents: parsePrice(field('price_cents')),
    label: parseLabel(field('label')),
    country: parseCountry(field('country')),
  };
}

/** A host column may hold a bare IPv6 address: bracket it for the host:port parser. */
function hostForColumns(host: string): string {
  return isIPv6(host) ? `[${host}]` : host;
}

function fromPlainLine(fields: string[], line: number): ParsedExit {
  if (fields.length > 4) fail('too many fields (expected exit,type,price_cents,label)');
  const [endpoint = '', type = '', price = '', label = ''] = fields;
  return {
    line,
    ...parseEndpoint(endpoint),
    declaredType: parseType(type),
    priceCents: parsePrice(price),
    label: parseLabel(label),
    country: null,
  };
}

/** What makes two lines the same exit: host, port and login. */
export function identityOf(exit: Pick<ParsedExit, 'host' | 'port' | 'login'>): string {
  return `${exit.host}\u0000${exit.port}\u0000${exit.login ?? ''}`;
}

function sameValues(a: ParsedExit, b: ParsedExit): boolean {
  return a.password === b.password && a.declaredType === b.declaredType && a.priceCents === b.priceCents && a.label === b.label && a.country === b.country;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Lets the event loop breathe every this many lines: a large file never stalls the API's other requests. */
const YIELD_EVERY = 5000;

/**
 * Reads a whole file. Never throws for bad input: a binary file or a bad header is `fileError`, a bad line is
 * one of `errors`. A line naming an exit already named by an earlier line is a duplicate (skipped) when all
 * its values match, else an error: which of the two the operator meant is theirs to say.
 */
export async function parseExitFile(content: Uint8Array): Promise<ParsedFile> {
  const result: ParsedFile = { exits: [], errors: [], duplicates: [], lines: 0, fileError: null };
  const nul = content.indexOf(0);
  if (nul >= 0) {
    let line = 1;
    for (let i = 0; i < nul; i++) if (content[i] === 0x0a) line += 1;
    result.fileError = `this is a binary file, not a list of exits (a NUL byte on line ${line})`;
    return result;
  }
  const seen = new Map<string, ParsedExit>();
  let columns: Columns | null = null;
  let headerChecked = false;
  let start = content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf ? 3 : 0;
  let lineNumber = 0;
  while (start <= content.length) {
    let end = content.indexOf(0x0a, start);
    if (end < 0) end = content.length;
    lineNumber += 1;
    const raw = content.subarray(start, end > start && content[end - 1] === 0x0d ? end - 1 : end);
    start = end + 1;
    if (lineNumber % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    if (raw.length === 0) {
      if (end === content.length) break;
      continue;
    }
    let counted = false;
    try {
      if (raw.length > MAX_LINE_BYTES) {
        counted = true;
        fail(`the line is longer than ${MAX_LINE_BYTES} bytes`);
      }
      let text = '';
      try {
        text = decoder.decode(raw).trim();
      } catch {
        counted = true;
        fail('the line is not UTF-8 text');
      }
      if (text === '' || text.startsWith('#')) continue;
      counted = true;
      if (hasControl(text)) fail('the line holds control characters');
      const fields = splitFields(text);
      if (!headerChecked) {
        headerChecked = true;
        try {
          columns = headerOf(fields);
        } catch (error) {
          if (!(error instanceof LineError)) throw error;
          result.fileError = `line ${lineNumber}: ${error.message}`;
          return result;
        }
        if (columns) {
          counted = false;
          continue;
        }
      }
      const exit = columns ? fromColumns(fields, columns, lineNumber) : fromPlainLine(fields, lineNumber);
      const identity = identityOf(exit);
      const earlier = seen.get(identity);
      if (earlier) {
        if (sameValues(earlier, exit)) result.duplicates.push({ line: lineNumber, of: earlier.line });
        else fail(`the same exit (host, port and login) as line ${earlier.line}, with other values`);
        continue;
      }
      seen.set(identity, exit);
      result.exits.push(exit);
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      result.errors.push({ line: lineNumber, reason: error.message });
    } finally {
      if (counted) result.lines += 1;
    }
    if (end === content.length) break;
  }
  return result;
}
