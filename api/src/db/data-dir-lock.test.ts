// One process per embedded data folder: a second one refuses to start with a clear message, and a crashed
// owner (kill -9) leaves nothing that blocks the next start.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const holderScript = fileURLToPath(new URL('../test/hold-data-dir.ts', import.meta.url));
const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));

async function tempDir(t: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'private-sock5-lock-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts the fixture that opens the folder's database and resolves once it holds it. */
async function startHolder(t: TestContext, pgliteDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [holderScript, pgliteDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  t.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (!output.includes('ready')) {
    if (child.exitCode !== null) throw new Error(`holder exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`holder not ready: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

describe('data folder lock', () => {
  it('refuses a second holder in this process and after release lets the next one in', async (t) => {
    const dir = await tempDir(t);
    const lockPath = join(dir, 'pglite.lock');
    const lock = await lockDataDir(lockPath, dir);
    assert.deepEqual(JSON.parse(await readFile(lockPath, 'utf8')), { pid: process.pid, host: hostname() });
    await assert.rejects(lockDataDir(lockPath, dir), DataDirLockedError);
    await lock.release();
    const next = await lockDataDir(lockPath, dir);
    await next.release();
  });

  it('takes over a lock left by a process that no longer runs, but respects one from another host', async (t) => {
    const dir = await tempDir(t);
    const lockPath = join(dir, 'pglite.lock');
    // A PID that cannot be running: beyond Linux's pid_max.
    await writeFile(lockPath, JSON.stringify({ pid: 2 ** 30, host: hostname() }));
    const lock = await lockDataDir(lockPath, dir);
    await lock.release();
    await writeFile(lockPath, JSON.stringify({ pid: 1, host: 'elsewhere.example' }));
    await assert.rejects(lockDataDir(lockPath, dir), /in use by process 1 on host elsewhere\.example\. .*delete .*pglite\.lock/);
  });

  it('a second API process on the same DATA_DIR refuses to start; after kill -9 of the first, the next starts', async (t) => {
    const dataDir = await tempDir(t);
    const pgliteDir = join(dataDir, 'pglite');
    const first = await startHolder(t, pgliteDir);

    const second = spawn(process.execPath, [mainScript], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '9911', LOG_LEVEL: 'silent', INVENTORY_SIZE: '0', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    second.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(second, 'exit')) as [number | null];
    assert.equal(code, 1);
    assert.match(stderr, new RegExp(`^Private Sock5 cannot start: the data folder .* is in use by another process \\(PID ${first.pid}\\)\\.`));
    assert.doesNotMatch(stderr, /\n\s+at /, 'a message, not a stack trace');

    first.kill('SIGKILL');
    await once(first, 'exit');
    const restarted = await startHolder(t, pgliteDir);
    assert.deepEqual(JSON.parse(await readFile(`${pgliteDir}.lock`, 'utf8')), { pid: restarted.pid, host: hostname() });
    restarted.kill('SIGTERM');
    await once(restarted, 'exit');
    await assert.rejects(readFile(`${pgliteDir}.lock`), { code: 'ENOENT' }, 'a clean stop removes its lock');
  });
});
