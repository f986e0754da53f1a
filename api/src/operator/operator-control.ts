// How the `inventory` command reaches a running instance on the same machine. The embedded database is
// held by one process, so while the portal runs the command cannot open it: it asks the process instead.
// At start the process writes, into its data dir, a file only the operator's account can read (mode 0600)
// with its loopback address and a secret made for this run; the command sends that secret as
// `Authorization: Operator <secret>` to the operator API, which accepts it from loopback connections only.
// Whoever can read the data dir can read the database itself, so the file grants nothing new.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';

export interface ControlFile {
  /** http://127.0.0.1:<port> (or the loopback address the instance listens on). */
  url: string;
  token: string;
  pid: number;
}

export function newControlToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokensMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Where a command on this machine reaches an instance listening on `host:port`. */
export function loopbackUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export async function writeControlFile(path: string, control: ControlFile): Promise<void> {
  const partial = `${path}.${process.pid}`;
  await writeFile(partial, `${JSON.stringify(control)}\n`, { mode: 0o600 });
  await rename(partial, path);
}

/** Removes the file, unless another instance has written its own meanwhile. */
export async function removeControlFile(path: string, token: string): Promise<void> {
  const current = await readControlFile(path);
  if (current?.token === token) await unlink(path).catch(() => undefined);
}

export async function readControlFile(path: string): Promise<ControlFile | null> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<ControlFile>;
    if (typeof value.url === 'string' && typeof value.token === 'string' && Number.isSafeInteger(value.pid)) {
      return { url: value.url, token: value.token, pid: value.pid as number };
    }
    return null;
  } catch {
    return null;
  }
}

/** Loopback peers only: 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}
