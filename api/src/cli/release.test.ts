// The `release` command as a feature team runs it on embedded defaults: while the portal runs it asks the
// running process (which holds the database), with nothing running it opens the database itself; bad
// arguments are refused before anything is touched. (On PostgreSQL the releases e2e runs it against a fleet.)
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { buildApp } from '../app.ts';
import { loopbackUrl, removeControlFile, writeControlFile } from '../operator/operator-control.ts';
import { testConfig } from '../test/helpers.ts';
import { runReleaseCommand } from './release.ts';

async function folder(t: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'private-sock5-release-cli-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function remoteBuild(dir: string, label: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'history', shared: [{ name: 'react', requiredVersion: '^19.0.0', singleton: true }] }));
  await writeFile(join(dir, 'remoteEntry.js'), `/* history ${label} */`);
  return dir;
}

function capture(cwd: string, build: (pkg: string, env: Record<string, string>) => boolean = () => false) {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { cwd, out: (text: string) => void out.push(text), err: (text: string) => void err.push(text), build }, out, err };
}

describe('release command', () => {
  it('says how it is used, and refuses bad arguments before touching anything', async (t) => {
    const dir = await folder(t);
    const env = { DATA_DIR: dir };
    for (const argv of [[], ['nosuch'], ['promote'], ['promote', 'history'], ['promote', 'nosuch', 'v1'], ['promote', 'history', 'v1', '--percent', '0'], ['promote', 'history', 'v1', '--percent', 'half'], ['rollback'], ['rollback', 'history', 'a', 'b'], ['status', 'extra'], ['history', 'extra']]) {
      const { io, err } = capture(dir);
      assert.equal(await runReleaseCommand(argv, env, io), 2, argv.join(' '));
      assert.match(err.join('\n'), /usage: release/, argv.join(' '));
    }
    const help = capture(dir);
    assert.equal(await runReleaseCommand(['--help'], env, help.io), 0);
  });

  it('builds and stores a release, and promotes and rolls back through the running portal or the database itself', async (t) => {
    const dataDir = await folder(t);
    const work = await folder(t);
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', RELEASE_ACTOR: 'hana' };
    const v1Build = await remoteBuild(join(work, 'v1'), 'v1');

    // Nothing runs: the command opens the embedded database itself.
    const first = capture(work);
    assert.equal(await runReleaseCommand(['history', '--from', 'v1', '--version', '1.0.0', '--commit', 'abc'], env, first.io), 0, first.err.join('\n'));
    const v1 = /^Stored history (1\.0\.0-abc-[0-9a-f]{10}) \(2 files\) in /.exec(first.out[0] ?? '')?.[1];
    assert.ok(v1, first.out.join('\n'));
    assert.equal(first.out[1], `history ${v1} is published; customers get it once it is promoted.`);
    const again = capture(work);
    assert.equal(await runReleaseCommand(['history', '--from', v1Build, '--version', '1.0.0', '--commit', 'abc'], env, again.io), 0);
    assert.match(again.out[0] ?? '', /^Already in the store: history /);
    assert.equal(again.out[1], `history ${v1} is published (it already was); customers get it once it is promoted.`);
    const promoted = capture(work);
    assert.equal(await runReleaseCommand(['promote', 'history', v1], env, promoted.io), 0, promoted.err.join('\n'));
    assert.deepEqual(promoted.out, [`history: ${v1} is the stable release for everyone.`]);

    // A failed build releases nothing; a build the command makes is what it stores.
    const failed = capture(work, () => false);
    assert.equal(await runReleaseCommand(['history', '--version', '2.0.0'], env, failed.io), 1);
    assert.equal(failed.err[0], 'release: the build of mfe-history failed; nothing was released');
    const asked: Record<string, string>[] = [];

    // The portal runs on the same data dir: the command goes through it.
    const config = testConfig(dataDir, { marketplace: { inventorySize: 0, inventorySeed: 1, cacheMs: 0 }, inventory: { demo: false } });
    const app = await buildApp(config);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const control = { url: loopbackUrl('127.0.0.1', (app.server.address() as AddressInfo).port), token: app.operatorControl.token, pid: process.pid };
    await writeControlFile(config.inventory.controlFile, control);
    try {
      const v2Dir = join(work, 'v2');
      const built = capture(work, (pkg, buildEnv) => {
        asked.push({ pkg, ...buildEnv });
        return true;
      });
      await remoteBuild(v2Dir, 'v2');
      assert.equal(await runReleaseCommand(['history', '--from', 'v2', '--version', '2.0.0', '--commit', 'def'], env, built.io), 0, built.err.join('\n'));
      assert.deepEqual(asked, [], '--from takes the build as it is');
      const v2 = /^Stored history (2\.0\.0-def-[0-9a-f]{10})/.exec(built.out[0] ?? '')?.[1];
      assert.ok(v2);
      const moved = capture(work);
      assert.equal(await runReleaseCommand(['promote', 'history', v2, '--reason', 'new filters'], env, moved.io), 0, moved.err.join('\n'));
      assert.deepEqual(moved.out, [`history: ${v2} is the stable release for everyone (was ${v1}).`]);
      assert.equal((await app.inject({ method: 'GET', url: '/remotes.json' })).json<Record<string, string>>().history, `/releases/history/${v2}/mf-manifest.json`);
      const unknown = capture(work);
      assert.equal(await runReleaseCommand(['promote', 'history', '9.9.9-x-0000000000'], env, unknown.io), 2);
      assert.equal(unknown.err[0], 'release: history has no release 9.9.9-x-0000000000: publish it first (npm run release -- history)');
      const back = capture(work);
      assert.equal(await runReleaseCommand(['rollback', 'history'], env, back.io), 0);
      assert.deepEqual(back.out, [`history: rolled back from ${v2} to ${v1} for everyone.`]);
      const status = capture(work);
      assert.equal(await runReleaseCommand(['status'], env, status.io), 0);
      const text = status.out.join('\n');
      assert.match(text, new RegExp(`^history: ${v1}; 2 releases in the store$`, 'm'));
      assert.match(text, /^landing: its build folder \(no release promoted\); 0 releases in the store$/m);
      assert.match(text, new RegExp(`history rollback: ${v2} -> ${v1} by release command \\(hana\\)$`, 'm'));
      assert.match(text, new RegExp(`history promote: ${v1} -> ${v2} by release command \\(hana\\) \\(new filters\\)$`, 'm'));
      assert.match(text, new RegExp(`history promote: \\(build folder\\) -> ${v1} by release command \\(hana\\)$`, 'm'));
    } finally {
      await removeControlFile(config.inventory.controlFile, control.token);
      await app.close();
    }
  });
});
