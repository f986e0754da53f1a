// Remote releases: the store (immutable, content-addressed), the pointer and its moves on each database,
// the compatibility check at promote time, canary assignment, and two instances on one database serving a
// move made on either without a restart.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { loadConfig, REMOTE_NAMES } from '../config.ts';
import { backends, build, openTestDatabase } from '../test/helpers.ts';
import { incompatibilities, satisfies } from './compatibility.ts';
import { assignedRelease, canaryBucket, createReleasePointers, ReleaseMoveError } from './release-pointers.ts';
import { publishBuild, readRelease, ReleaseStoreError } from './release-store.ts';

async function tempDir(t: TestContext, prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A build of `remote` as the webpack factory lays it out: manifest, entry, a hashed chunk, first views. */
async function fakeRemoteBuild(dir: string, remote: string, label: string, shared: Record<string, string> = { react: '^19.1.0' }): Promise<string> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  const manifest = {
    name: remote,
    metaData: { buildInfo: { buildVersion: '0.0.0' }, publicPath: 'auto' },
    shared: Object.entries(shared).map(([name, requiredVersion]) => ({ name, requiredVersion, singleton: true, version: requiredVersion.replace(/^\^/, '') })),
  };
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'remoteEntry.js'), `/* ${remote} ${label} */`);
  await writeFile(join(dir, 'assets', `page.${label.padEnd(8, '0').slice(0, 8)}.js`), `render("${remote} build ${label}")`);
  return dir;
}

describe('release store', () => {
  it('keeps each build under an id of its version, commit and content; the same build twice is one release', async (t) => {
    const store = await tempDir(t, 'release-store-');
    const build1 = await fakeRemoteBuild(await tempDir(t, 'build-'), 'history', 'v1');
    const first = await publishBuild(store, 'history', build1, { version: '1.4.0', commit: 'abc1234' });
    assert.equal(first.created, true);
    assert.match(first.release.id, /^1\.4\.0-abc1234-[0-9a-f]{10}$/);
    assert.deepEqual(first.release.shared, { react: '^19.1.0' });
    assert.equal(first.release.files, 3);
    assert.equal(await readFile(join(store, 'history', first.release.id, 'remoteEntry.js'), 'utf8'), '/* history v1 */');
    assert.deepEqual(await readRelease(store, 'history', first.release.id), first.release);

    const again = await publishBuild(store, 'history', build1, { version: '1.4.0', commit: 'abc1234' });
    assert.deepEqual(again, { release: first.release, created: false });
    // Another build under the same version and commit is another release: nothing in the store is replaced.
    await writeFile(join(build1, 'remoteEntry.js'), '/* history v1, rebuilt */');
    const rebuilt = await publishBuild(store, 'history', build1, { version: '1.4.0', commit: 'abc1234' });
    assert.notEqual(rebuilt.release.id, first.release.id);
    assert.equal(await readFile(join(store, 'history', first.release.id, 'remoteEntry.js'), 'utf8'), '/* history v1 */');
  });

  it("refuses a folder that is not the remote's build, and names it", async (t) => {
    const store = await tempDir(t, 'release-store-');
    const empty = await tempDir(t, 'build-');
    await assert.rejects(publishBuild(store, 'history', empty, { version: '1.0.0', commit: 'a' }), (error: Error) => {
      assert.ok(error instanceof ReleaseStoreError);
      assert.match(error.message, /holds no build of a remote \(no readable mf-manifest.json\)/);
      return true;
    });
    const other = await fakeRemoteBuild(await tempDir(t, 'build-'), 'support', 'v1');
    await assert.rejects(publishBuild(store, 'history', other, { version: '1.0.0', commit: 'a' }), /is a build of "support", not of "history"/);
    const history = await fakeRemoteBuild(await tempDir(t, 'build-'), 'history', 'v1');
    await assert.rejects(publishBuild(store, 'history', history, { version: '###', commit: 'a' }), /the version "###" cannot name a release/);
    assert.equal(await readRelease(store, 'history', 'no-such-release'), null);
  });
});

describe('compatibility', () => {
  it('reads the ranges builds write', () => {
    assert.equal(satisfies('19.2.1', '^19.1.0'), true);
    assert.equal(satisfies('19.0.9', '^19.1.0'), false);
    assert.equal(satisfies('20.0.0', '^19.1.0'), false);
    assert.equal(satisfies('0.3.4', '^0.3.1'), true);
    assert.equal(satisfies('0.4.0', '^0.3.1'), false);
    assert.equal(satisfies('2.5.9', '~2.5.1'), true);
    assert.equal(satisfies('2.6.0', '~2.5.1'), false);
    assert.equal(satisfies('3.0.1', '>=2.0.0 <4'), true);
    assert.equal(satisfies('4.0.0', '>=2.0.0 <4'), false);
    assert.equal(satisfies('5.1.0', '^4.0.0 || ^5.0.0'), true);
    assert.equal(satisfies('1.2.3', '*'), true);
    assert.equal(satisfies('1.2.3', '1.2.3'), true);
    assert.equal(satisfies('1.2.4', '1.2.3'), false);
    assert.equal(satisfies('1.2.3', 'workspace:*'), null);
  });

  it("gives the reason for each singleton the shell's version does not satisfy", () => {
    assert.deepEqual(incompatibilities({ react: '^19.1.0', jotai: '^2.10.0' }, { react: '19.2.0', jotai: '2.12.1' }), []);
    assert.deepEqual(incompatibilities({ react: '^20.0.0', 'react-dom': '^19.0.0', leftpad: '^1.0.0' }, { react: '19.2.0', 'react-dom': '19.2.0' }), [
      'it was built for react ^20.0.0, the shell runs 19.2.0',
    ]);
  });
});

describe('canary assignment', () => {
  const pointer = { remote: 'history', stable: 'v1', canary: { release: 'v2', percent: 50 } };

  it('gives each customer the same release every time, the canary to about its share, the stable one to nobody in particular', () => {
    for (const subject of ['account-1', 'visitor-abc', 'x']) {
      assert.equal(assignedRelease(pointer, subject), assignedRelease(pointer, subject));
      assert.equal(assignedRelease(pointer, subject), canaryBucket('history', subject) < 50 ? 'v2' : 'v1');
    }
    const subjects = Array.from({ length: 2000 }, (_, index) => `account-${index}`);
    const share = (percent: number) => subjects.filter((subject) => assignedRelease({ ...pointer, canary: { release: 'v2', percent } }, subject) === 'v2').length / subjects.length;
    assert.ok(Math.abs(share(50) - 0.5) < 0.05, `50%: ${share(50)}`);
    assert.ok(Math.abs(share(10) - 0.1) < 0.03, `10%: ${share(10)}`);
    // Raising the share keeps everyone who had the canary on it.
    assert.ok(subjects.every((subject) => assignedRelease({ ...pointer, canary: { release: 'v2', percent: 10 } }, subject) === 'v1' || assignedRelease(pointer, subject) === 'v2'));
    assert.equal(assignedRelease(pointer, null), 'v1');
    assert.equal(assignedRelease({ ...pointer, canary: null }, 'account-1'), 'v1');
  });
});

for (const backend of backends) {
  describe(`release pointers (${backend})`, () => {
    async function setup(t: TestContext, shell: Record<string, string> | null = { react: '19.2.0' }) {
      const database = await openTestDatabase(backend);
      t.after(() => database.close());
      const pointers = createReleasePointers(database.db, { remotes: REMOTE_NAMES, shellShared: async () => shell });
      const record = (id: string, shared: Record<string, string> = { react: '^19.1.0' }) => ({
        remote: 'history',
        id,
        version: id,
        commit: 'abc1234',
        shared,
        files: 3,
        digest: 'f'.repeat(64),
        builtAt: new Date().toISOString(),
      });
      return { database, pointers, record };
    }

    it('promotes, walks back one promotion per rollback, rolls back to a named release, and records every move', async (t) => {
      const { pointers, record } = await setup(t);
      assert.deepEqual(await pointers.register(record('v1'), 'alice'), { created: true });
      assert.deepEqual(await pointers.register(record('v1'), 'alice'), { created: false });
      await pointers.register(record('v2'), 'alice');
      await pointers.register(record('v3'), 'bob');
      await assert.rejects(pointers.rollback('history', { actor: 'alice' }), /history has no release promoted: nothing to roll back/);

      assert.match((await pointers.promote('history', 'v1', { actor: 'alice' })).message, /history: v1 is the stable release for everyone\.$/);
      await assert.rejects(pointers.promote('history', 'v1', { actor: 'alice' }), /v1 is already history's stable release/);
      await pointers.promote('history', 'v2', { actor: 'alice', reason: 'new filters' });
      await pointers.promote('history', 'v3', { actor: 'bob' });
      assert.deepEqual((await pointers.pointers()).map((pointer) => [pointer.remote, pointer.stable, pointer.canary]), [['history', 'v3', null]]);

      assert.equal((await pointers.rollback('history', { actor: 'carol', reason: 'errors' })).pointer.stable, 'v2');
      assert.equal((await pointers.rollback('history', { actor: 'carol' })).pointer.stable, 'v1');
      await assert.rejects(pointers.rollback('history', { actor: 'carol' }), /v1 replaced no earlier release; name the release to roll back to/);
      assert.equal((await pointers.rollback('history', { to: 'v3', actor: 'carol' })).pointer.stable, 'v3');

      const status = await pointers.status();
      const history = status.remotes.find((entry) => entry.remote === 'history');
      assert.equal(history?.pointer?.stable, 'v3');
      assert.deepEqual(history?.releases.map((release) => release.id).sort(), ['v1', 'v2', 'v3']);
      assert.equal(status.remotes.find((entry) => entry.remote === 'support')?.pointer, null);
      assert.deepEqual(
        status.moves.map((move) => [move.kind, move.from, move.to, move.actor, move.reason]),
        [
          ['rollback', 'v1', 'v3', 'carol', null],
          ['rollback', 'v2', 'v1', 'carol', null],
          ['rollback', 'v3', 'v2', 'carol', 'errors'],
          ['promote', 'v2', 'v3', 'bob', null],
          ['promote', 'v1', 'v2', 'alice', 'new filters'],
          ['promote', null, 'v1', 'alice', null],
        ],
      );
      assert.ok(status.moves.every((move) => move.at instanceof Date && !Number.isNaN(move.at.getTime())));
    });

    it('runs a canary beside the stable release, and rolls it back or promotes it for everyone', async (t) => {
      const { pointers, record } = await setup(t);
      for (const id of ['v1', 'v2']) await pointers.register(record(id), 'alice');
      await assert.rejects(pointers.promote('history', 'v2', { percent: 50, actor: 'alice' }), /history has no stable release yet: promote one for everyone first/);
      await pointers.promote('history', 'v1', { actor: 'alice' });
      const canary = await pointers.promote('history', 'v2', { percent: 50, actor: 'alice' });
      assert.equal(canary.message, 'history: v2 is the canary for 50% of customers; the others keep v1.');
      assert.deepEqual(canary.pointer.canary, { release: 'v2', percent: 50 });
      await assert.rejects(pointers.promote('history', 'v1', { percent: 10, actor: 'alice' }), /v1 is already history's stable release/);
      await assert.rejects(pointers.promote('history', 'v2', { percent: 0, actor: 'alice' }), /--percent must be a whole number from 1 to 100/);

      const back = await pointers.rollback('history', { actor: 'bob' });
      assert.deepEqual([back.pointer.stable, back.pointer.canary, back.move.from, back.move.to], ['v1', null, 'v2', 'v1']);
      await pointers.promote('history', 'v2', { percent: 20, actor: 'alice' });
      const all = await pointers.promote('history', 'v2', { percent: 100, actor: 'alice' });
      assert.deepEqual([all.pointer.stable, all.pointer.canary, all.move.kind], ['v2', null, 'promote']);
    });

    it('refuses a release the running shell cannot load, with the reason, and moves nothing', async (t) => {
      const { pointers, record } = await setup(t, { react: '19.2.0', jotai: '2.12.1' });
      await pointers.register(record('v1'), 'alice');
      await pointers.register(record('needs-react-20', { react: '^20.0.0', jotai: '^2.10.0' }), 'alice');
      await pointers.promote('history', 'v1', { actor: 'alice' });
      for (const percent of [undefined, 50]) {
        await assert.rejects(pointers.promote('history', 'needs-react-20', { percent, actor: 'alice' }), (error: Error) => {
          assert.ok(error instanceof ReleaseMoveError && error.kind === 'refused');
          assert.equal(error.message, 'Refused: the running shell cannot load history needs-react-20: it was built for react ^20.0.0, the shell runs 19.2.0.');
          return true;
        });
      }
      assert.deepEqual((await pointers.pointers()).map((pointer) => [pointer.stable, pointer.canary]), [['v1', null]]);
      assert.equal((await pointers.status()).moves.length, 1);
    });

    it('names what is unknown', async (t) => {
      const { pointers } = await setup(t);
      await assert.rejects(pointers.promote('nosuch', 'v1', { actor: 'alice' }), /"nosuch" is not a remote of this portal \(remotes: landing, /);
      await assert.rejects(pointers.promote('history', 'v9', { actor: 'alice' }), /history has no release v9: publish it first \(npm run release -- history\)/);
      await assert.rejects(pointers.promote('history', 'Not An Id', { actor: 'alice' }), /"Not An Id" is not a release id/);
      await assert.rejects(pointers.rollback('history', { to: 'v9', actor: 'alice' }), /history has no release v9/);
    });
  });

  describe(`releases served by two instances (${backend})`, () => {
    it('a promote or rollback made on one instance is served by both (/remotes.json, preloads, the release files) without a restart', async (t) => {
      const root = await tempDir(t, 'releases-');
      const shellDir = join(root, 'shell');
      await mkdir(shellDir, { recursive: true });
      await writeFile(join(shellDir, 'index.html'), '<!doctype html><title>shell</title><meta name=ps5-remote-preloads>');
      const store = join(root, 'store');
      const v1 = await publishBuild(store, 'history', await fakeRemoteBuild(join(root, 'b1'), 'history', 'v1'), { version: '1.0.0', commit: 'aaa' });
      const v2 = await publishBuild(store, 'history', await fakeRemoteBuild(join(root, 'b2'), 'history', 'v2'), { version: '2.0.0', commit: 'bbb' });
      const base = loadConfig({ REMOTES_DIR: join(root, 'remotes') }).web;
      const web = { ...base, shellDir, releases: { ...base.releases, storeDir: store, storeUrl: '/releases' } };
      const database = await openTestDatabase(backend);
      t.after(() => database.close());
      const one = await build(t, backend, { database, config: { web } });
      const two = await build(t, backend, { database, config: { web } });
      const operator = (app: typeof one) => ({ authorization: `Operator ${app.operatorControl.token}` });
      const historyManifest = async (app: typeof one) => (await app.inject({ method: 'GET', url: '/remotes.json' })).json<Record<string, string>>().history;

      assert.equal(await historyManifest(one), '/remotes/history/mf-manifest.json', 'no release promoted: the build folder');
      for (const release of [v1.release, v2.release]) {
        const published = await one.inject({ method: 'POST', url: '/api/operator/releases/publish', headers: operator(one), payload: { remote: 'history', id: release.id } });
        assert.equal(published.statusCode, 200, published.body);
      }
      const missing = await one.inject({ method: 'POST', url: '/api/operator/releases/publish', headers: operator(one), payload: { remote: 'history', id: '9.9.9-x-0000000000' } });
      assert.deepEqual([missing.statusCode, missing.json<{ message: string }>().message], [404, 'The release store of this instance has no history release 9.9.9-x-0000000000.']);

      const promoted = await one.inject({ method: 'POST', url: '/api/operator/releases/promote', headers: operator(one), payload: { remote: 'history', id: v1.release.id } });
      assert.equal(promoted.statusCode, 200, promoted.body);
      const v1Url = `/releases/history/${v1.release.id}/mf-manifest.json`;
      assert.equal(await historyManifest(one), v1Url, 'the instance that moved serves it at once');
      // The other instance reads the pointers at most every half second.
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal(await historyManifest(two), v1Url);
      const page = await two.inject({ method: 'GET', url: '/history', headers: { accept: 'text/html' } });
      assert.match(page.body, new RegExp(`<link rel="preload" href="${v1Url.replace(/\./g, '\\.')}"`));
      const chunk = await two.inject({ method: 'GET', url: `/releases/history/${v1.release.id}/assets/page.v1000000.js` });
      assert.deepEqual([chunk.statusCode, chunk.body, chunk.headers['cache-control']], [200, 'render("history build v1")', 'public, max-age=31536000, immutable']);

      const moved = await two.inject({ method: 'POST', url: '/api/operator/releases/promote', headers: operator(two), payload: { remote: 'history', id: v2.release.id, reason: 'v2' } });
      assert.equal(moved.statusCode, 200, moved.body);
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal(await historyManifest(one), `/releases/history/${v2.release.id}/mf-manifest.json`);
      const back = await one.inject({ method: 'POST', url: '/api/operator/releases/rollback', headers: operator(one), payload: { remote: 'history' } });
      assert.equal(back.json<{ message: string }>().message, `history: rolled back from ${v2.release.id} to ${v1.release.id} for everyone.`);
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal(await historyManifest(two), v1Url);

      const refused = await one.inject({ method: 'POST', url: '/api/operator/releases/rollback', headers: operator(one), payload: { remote: 'history' } });
      assert.equal(refused.statusCode, 409);
      const status = await two.inject({ method: 'GET', url: '/api/operator/releases', headers: operator(two) });
      assert.deepEqual(
        status.json<{ moves: { kind: string; actor: string; reason: string | null }[] }>().moves.map((move) => [move.kind, move.actor, move.reason]),
        [
          ['rollback', 'release command', null],
          ['promote', 'release command', 'v2'],
          ['promote', 'release command', null],
        ],
      );
      // Every move is in the operator audit log; the refused rollback moved nothing and is not.
      const audited = await one.db.selectFrom('operator_audit').select(['action', 'target', 'actor']).orderBy('id').execute();
      assert.deepEqual(
        audited.map((row) => [row.action, row.target, row.actor]),
        [
          ['release.publish', 'remote:history', 'command on the server'],
          ['release.publish', 'remote:history', 'command on the server'],
          ['release.promote', 'remote:history', 'command on the server'],
          ['release.promote', 'remote:history', 'command on the server'],
          ['release.rollback', 'remote:history', 'command on the server'],
        ],
      );
      // Nobody else moves pointers.
      const stranger = await one.inject({ method: 'POST', url: '/api/operator/releases/promote', headers: { authorization: 'Operator nope' }, payload: { remote: 'history', id: v2.release.id } });
      assert.equal(stranger.statusCode, 401);
    });

    it('serves a canary to the share of customers its hash gives, sticky by account or visitor cookie, and rolls a failing one back by itself', async (t) => {
      const root = await tempDir(t, 'releases-');
      const store = join(root, 'store');
      const v1 = await publishBuild(store, 'history', await fakeRemoteBuild(join(root, 'b1'), 'history', 'v1'), { version: '1.0.0', commit: 'aaa' });
      const v2 = await publishBuild(store, 'history', await fakeRemoteBuild(join(root, 'b2'), 'history', 'v2'), { version: '2.0.0', commit: 'bbb' });
      const base = loadConfig({ REMOTES_DIR: join(root, 'remotes') }).web;
      await mkdir(join(root, 'shell'), { recursive: true });
      await writeFile(join(root, 'shell', 'index.html'), '<!doctype html><title>shell</title><meta name=ps5-remote-preloads>');
      const web = { ...base, shellDir: join(root, 'shell'), releases: { storeDir: store, storeUrl: '/releases', canary: { minLoads: 3, failurePercent: 50 } } };
      const app = await build(t, backend, { config: { web } });
      const operator = { authorization: `Operator ${app.operatorControl.token}` };
      for (const release of [v1.release, v2.release]) {
        await app.inject({ method: 'POST', url: '/api/operator/releases/publish', headers: operator, payload: { remote: 'history', id: release.id } });
      }
      await app.inject({ method: 'POST', url: '/api/operator/releases/promote', headers: operator, payload: { remote: 'history', id: v1.release.id } });
      const noCanary = await app.inject({ method: 'GET', url: '/remotes.json' });
      assert.equal(noCanary.headers['set-cookie'], undefined, 'no canary, no cookie');
      const canary = await app.inject({ method: 'POST', url: '/api/operator/releases/promote', headers: operator, payload: { remote: 'history', id: v2.release.id, percent: 50 } });
      assert.equal(canary.statusCode, 200, canary.body);

      const manifestOf = (id: string) => `/releases/history/${id}/mf-manifest.json`;
      const expected = (subject: string) => manifestOf(canaryBucket('history', subject) < 50 ? v2.release.id : v1.release.id);
      const served = async (cookie?: string) => {
        const response = await app.inject({ method: 'GET', url: '/remotes.json', headers: cookie ? { cookie } : {} });
        return { history: response.json<Record<string, string>>().history, setCookie: response.headers['set-cookie'] as string | undefined };
      };
      const seen = new Set<string>();
      for (const account of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8']) {
        const first = await served(`theme=dark; ps5_account=${account}`);
        assert.equal(first.history, expected(`account:${account}`));
        assert.equal(first.setCookie, undefined);
        assert.equal((await served(`ps5_account=${account}`)).history, first.history, 'the same release on the next load');
        seen.add(first.history);
      }
      assert.equal(seen.size, 2, 'eight accounts at 50% land on both releases');
      // A visitor gets a cookie with the first answer and keeps the release it gave.
      const visitor = await served();
      const cookie = /^ps5_visitor=([A-Za-z0-9_-]+); Path=\/; Max-Age=31536000; SameSite=Lax$/.exec(visitor.setCookie ?? '');
      assert.ok(cookie, visitor.setCookie);
      assert.equal(visitor.history, expected(`visitor:${cookie[1]}`));
      assert.equal((await served(`ps5_visitor=${cookie[1]}`)).history, visitor.history);
      const page = await app.inject({ method: 'GET', url: '/history', headers: { accept: 'text/html', cookie: `ps5_visitor=${cookie[1]}` } });
      assert.equal(page.headers.vary, 'accept-encoding, cookie');
      assert.match(page.body, new RegExp(`<link rel="preload" href="${visitor.history.replace(/\./g, '\\.')}"`), 'the page preloads what its /remotes.json will name');

      // The beacon: bad reports are refused, reports of no release are dropped, each customer counts once.
      const report = (outcome: string, cookieHeader: string, entry = manifestOf(v2.release.id)) =>
        app.inject({ method: 'POST', url: '/api/releases/beacon', headers: { cookie: cookieHeader }, payload: { remote: 'history', entry, outcome } });
      assert.equal((await report('exploded', 'ps5_account=a1')).statusCode, 400);
      assert.equal((await report('failed', 'ps5_account=a1', '/remotes/history/mf-manifest.json')).statusCode, 204);
      assert.equal((await report('failed', 'ps5_account=a1', manifestOf('9.9.9-nothing-0000000000'))).statusCode, 204);
      assert.equal((await report('loaded', 'ps5_account=a1')).statusCode, 204);
      assert.equal((await report('failed', 'ps5_account=a2')).statusCode, 204);
      assert.equal((await report('failed', 'ps5_account=a2')).statusCode, 204);
      assert.equal((await app.releases.status()).remotes.find((entry) => entry.remote === 'history')?.pointer?.canary?.release, v2.release.id, 'two customers are below the minimum');
      // The third customer fails too: 2 of 3 is past 50%, and the canary goes.
      assert.equal((await report('failed', 'ps5_account=a3')).statusCode, 204);
      const status = await app.releases.status();
      assert.deepEqual(status.remotes.find((entry) => entry.remote === 'history')?.pointer?.canary, null);
      const [move] = status.moves;
      assert.deepEqual([move?.kind, move?.from, move?.to, move?.actor], ['auto-rollback', v2.release.id, v1.release.id, 'api (canary watch)']);
      assert.equal(move?.reason, '2 of 3 customers could not load it or saw it crash (threshold 50% of at least 3)');
      for (const account of ['a1', 'a2', 'a3', 'a4']) assert.equal((await served(`ps5_account=${account}`)).history, manifestOf(v1.release.id));
    });
  });
}
