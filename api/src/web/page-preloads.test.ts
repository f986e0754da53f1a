import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createPagePreloads, routePattern } from './page-preloads.ts';

const manifestFile = new URL('../../../remotes.manifest.json', import.meta.url);

describe('page preloads', () => {
  it('matches request paths to the routes of remotes.manifest.json', () => {
    assert.ok(routePattern('/').test('/'));
    assert.ok(!routePattern('/').test('/dashboard'));
    assert.ok(routePattern('/support/*').test('/support'));
    assert.ok(routePattern('/support/*').test('/support/abc/def'));
    assert.ok(!routePattern('/support/*').test('/supporters'));
    assert.ok(routePattern('/reset-password/:token').test('/reset-password/a1b2'));
    assert.ok(!routePattern('/reset-password/:token').test('/reset-password/a1/b2'));
    assert.ok(routePattern('/dashboard').test('/dashboard/'));
  });

  it("names the page's manifest, remote entry and own chunks from the remote's build, and only the manifest of a remote served elsewhere", async (t) => {
    const root = await mkdtemp(join(tmpdir(), 'ps5-preloads-'));
    t.after(() => rm(root, { recursive: true, force: true }));
    const landing = join(root, 'landing');
    await mkdir(landing);
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        { name: 'LandingPage', assets: { js: { sync: ['6143.74cb7637.js', '__federation_expose_LandingPage.e53c4d69.js'], async: ['2828.af8199db.js'] } } },
        { name: 'TermsPage', assets: { js: { sync: ['__federation_expose_TermsPage.8090e216.js'], async: [] } } },
      ],
    };
    await writeFile(join(landing, 'mf-manifest.json'), JSON.stringify(manifest));
    const preloads = createPagePreloads({
      manifestFile,
      remoteDirs: { landing, history: join(root, 'history') },
      remoteUrls: { history: 'http://localhost:3003/mf-manifest.json' },
      scripts: true,
    });

    assert.equal(
      await preloads.linksFor('/'),
      '<link rel="preload" href="/remotes/landing/mf-manifest.json" as="fetch" crossorigin="anonymous">' +
        '<link rel="preload" href="/remotes/landing/remoteEntry.js" as="script">' +
        '<link rel="preload" href="/remotes/landing/6143.74cb7637.js" as="script">' +
        '<link rel="preload" href="/remotes/landing/__federation_expose_LandingPage.e53c4d69.js" as="script">',
    );
    assert.match(await preloads.linksFor('/terms-and-conditions'), /__federation_expose_TermsPage/);
    assert.doesNotMatch(await preloads.linksFor('/terms-and-conditions'), /6143/);
    assert.equal(await preloads.linksFor('/history'), '<link rel="preload" href="http://localhost:3003/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    // Not built yet: the manifest only, which the runtime would ask for anyway.
    assert.equal(await preloads.linksFor('/dashboard'), '<link rel="preload" href="/remotes/marketplace/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    assert.equal(await preloads.linksFor('/no-such-page'), '');

    // A redeployed remote is described as it now is.
    manifest.exposes[0]!.assets.js.sync = ['9999.00000000.js'];
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(join(landing, 'mf-manifest.json'), JSON.stringify(manifest));
    assert.match(await preloads.linksFor('/'), /9999\.00000000\.js/);
  });
});
