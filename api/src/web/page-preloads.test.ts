import assert from 'node:assert/strict';
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

  it("names the page's remote manifest, from where that remote is served", () => {
    const preloads = createPagePreloads({ manifestFile, remoteUrls: { history: 'http://localhost:3003/mf-manifest.json' } });
    assert.equal(preloads.linksFor('/'), '<link rel="preload" href="/remotes/landing/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    assert.equal(preloads.linksFor('/terms-and-conditions'), preloads.linksFor('/'));
    assert.equal(preloads.linksFor('/dashboard'), '<link rel="preload" href="/remotes/marketplace/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    assert.equal(preloads.linksFor('/history'), '<link rel="preload" href="http://localhost:3003/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    assert.equal(preloads.linksFor('/no-such-page'), '');
  });
});
