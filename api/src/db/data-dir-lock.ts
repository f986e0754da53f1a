// One process per embedded data folder. PGlite keeps the database in files that only one process may
// write: a second process on the same DATA_DIR would run its own copy, and whatever one of them
// acknowledged (registrations, top-ups, purchases) could be gone after a restart. So opening the folder
// takes an exclusive lock first: a lock file created with O_EXCL holding the owner's PID and host.
//
// A crash (kill -9, power loss) leaves the file behind; the next start sees that its PID no longer runs on
// this host and takes the lock over, so a crash never blocks a restart. A lock written by another host
// (a shared volume) cannot be checked and is respected: the message says how to clear it.
import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

interface Holder {
  pid: number;
  host: string;
}

/** Lock files this process holds: a second open of the same folder in one process is refused too. */
const held = new Set<string>();

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return Number.isSafeInteger(value.pid) && typeof value.host === 'string' ? { pid: value.pid as number, host: value.host } : null;
  } catch {
    return null;
  }
}

/** Whether a process of this id runs on this host (one we may not signal still runs). */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it just is not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Moves a stale lock out of the way, unless someone replaced it meanwhile: renaming is atomic, so of two
 * processes taking over the same stale lock only one moves it; the other finds it gone, or finds it moved
 * a fresh lock by mistake and puts that one back.
 */
async function removeStale(path: string, staleText: string): Promise<void> {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((await readFile(aside, 'utf8')) !== staleText) {
    // A live lock: back where it was (link refuses if yet another lock appeared, which then wins).
    await link(aside, path).catch(() => undefined);
  }
  await unlink(aside);
}

/** Takes the lock of `lockPath` (the folder it guards is named in messages) or throws DataDirLockedError. */
export async function lockDataDir(lockPath: string, folder: string): Promise<DataDirLock> {
  const self: Holder = { pid: process.pid, host: hostname() };
  const text = JSON.stringify(self);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (held.has(lockPath)) throw new DataDirLockedError(`the data folder ${folder} is already open in this process`);
    try {
      const file = await open(lockPath, 'wx');
      try {
        await file.writeFile(text);
      } finally {
        await file.close();
      }
      held.add(lockPath);
      return {
        path: lockPath,
        async release() {
          held.delete(lockPath);
          // Only our own lock: never one a later owner took over.
          if ((await readOrNull(lockPath)) === text) await unlink(lockPath).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const existing = await readOrNull(lockPath);
    if (existing === null) continue;
    const holder = parseHolder(existing);
    if (holder === null) {
      // Being written this very moment by another starting process: let it finish, then look again.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await readOrNull(lockPath);
      if (again === existing) await removeStale(lockPath, existing);
      continue;
    }
    if (holder.host !== self.host) {
      throw new DataDirLockedError(
        `the data folder ${folder} is in use by process ${holder.pid} on host ${holder.host}. ` +
          `Stop it, or give this process its own DATA_DIR. If that process is gone, delete ${lockPath}.`,
      );
    }
    if (holder.pid !== self.pid && running(holder.pid)) {
      throw new DataDirLockedError(
        `the data folder ${folder} is in use by another process (PID ${holder.pid}). ` +
          'Two processes on one embedded database would each lose the other\'s writes: stop it, or give this ' +
          'process its own DATA_DIR (several instances need a shared PostgreSQL: DATABASE_URL).',
      );
    }
    // Left behind by a process that no longer runs (a crash), or by an earlier life of this PID.
    await removeStale(lockPath, existing);
  }
  throw new DataDirLockedError(`could not lock the data folder ${folder}: its lock file ${lockPath} keeps changing`);
}
