import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPagePreloads, routePattern } from './page-preloads.ts';
import { createRemoteSources } from './remote-sources.ts';

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

  it("names the page's remote manifest, from where that remote is served", async () => {
    const preloads = createPagePreloads({ manifestFile });
    const sources = await createRemoteSources({
      remoteDirs: { landing: '/l', marketplace: '/m', history: '/h' },
      remoteUrls: { history: 'http://localhost:3003/mf-manifest.json' },
      releases: { storeDir: '/store', storeUrl: '/releases' },
      pointers: null,
    }).forSubject(null);
    assert.equal(preloads.linksFor('/', sources), '<link rel="preload" href="/remotes/landing/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    assert.equal(preloads.linksFor('/terms-and-conditions', sources), preloads.linksFor('/', sources));
    assert.equal(preloads.linksFor('/dashboard', sources), '<link rel="preload" href="/remotes/marketplace/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    assert.equal(preloads.linksFor('/history', sources), '<link rel="preload" href="http://localhost:3003/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    assert.equal(preloads.linksFor('/no-such-page', sources), '');
  });
});
