// The size budget of the visitor's first page, computed from the build output (run after the build), and
// the computation itself on a small synthetic build.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { LANDING_BUDGET_BYTES, LANDING_BUDGET_FILES } from './budget.js';
import { pageWeight } from './page-weight.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function fakeApp(root, name, graph, files) {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'load-graph.json'), JSON.stringify({ entries: {}, exposes: {}, shared: {}, lazy: {}, ...graph }));
  for (const [file, bytes] of Object.entries(files)) {
    const body = 'x'.repeat(bytes);
    writeFileSync(join(dir, file), body);
    writeFileSync(join(dir, `${file}.br`), brotliCompressSync(body));
  }
  return dir;
}

describe('page weight', () => {
  it('follows the entry, the exposed module and the shared modules they ask for, from the shell first', (t) => {
    const root = mkdtempSync(join(tmpdir(), 'page-weight-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const shellDist = fakeApp(
      root,
      'shell',
      {
        entries: { main: { files: ['main.js', 'boot.1.js'], consumes: ['react'] } },
        shared: { react: { files: ['react.2.js'], consumes: [] }, unused: { files: ['unused.3.js'], consumes: [] } },
      },
      { 'main.js': 1000, 'boot.1.js': 500, 'react.2.js': 4000, 'unused.3.js': 9000 },
    );
    const landingDist = fakeApp(
      root,
      'landing',
      {
        entries: { landing: { files: ['remoteEntry.js'], consumes: [] } },
        exposes: { './Page': { files: ['page.4.js'], consumes: ['react', 'ui'] }, './Other': { files: ['other.5.js'], consumes: [] } },
        shared: { react: { files: ['react.6.js'], consumes: [] }, ui: { files: ['ui.7.js'], consumes: ['react'] } },
      },
      { 'remoteEntry.js': 300, 'page.4.js': 700, 'other.5.js': 8000, 'react.6.js': 4000, 'ui.7.js': 600 },
    );
    const weight = pageWeight({ shellDist, remoteDists: { landing: landingDist }, remoteModule: 'landing/Page' });
    assert.deepEqual(
      weight.files.map(({ app, file }) => `${app}/${file}`).sort(),
      ['landing/page.4.js', 'landing/remoteEntry.js', 'landing/ui.7.js', 'shell/boot.1.js', 'shell/main.js', 'shell/react.2.js'],
    );
    assert.equal(weight.raw, 1000 + 500 + 4000 + 300 + 700 + 600);
    assert.ok(weight.brotli < weight.raw, 'counts the compressed copies');
  });

  it('fails loudly on a shared module no app provides', (t) => {
    const root = mkdtempSync(join(tmpdir(), 'page-weight-'));
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const shellDist = fakeApp(root, 'shell', { entries: { main: { files: ['main.js'], consumes: ['ghost'] } } }, { 'main.js': 10 });
    assert.throws(() => pageWeight({ shellDist, remoteDists: {}, remoteModule: null }), /no app provides the shared module ghost/);
  });
});

describe('budget', () => {
  const landingWeight = () =>
    pageWeight({
      shellDist: join(repo, 'shell', 'dist'),
      remoteDists: { landing: join(repo, 'mfe-landing', 'dist') },
      remoteModule: 'landing/LandingPage',
    });

  it(`the JavaScript of / stays within ${LANDING_BUDGET_BYTES} bytes on the wire`, (t) => {
    const weight = landingWeight();
    const top = weight.files
      .slice(0, 8)
      .map((f) => `  ${f.app}/${f.file}: ${f.brotli} B`)
      .join('\n');
    t.diagnostic(`/ loads ${weight.files.length} JS files, ${weight.brotli} B brotli (${weight.raw} B uncompressed)`);
    assert.ok(
      weight.brotli <= LANDING_BUDGET_BYTES,
      `/ loads ${weight.brotli} B of JavaScript (brotli), over its budget of ${LANDING_BUDGET_BYTES} B. Largest files:\n${top}`,
    );
  });

  it(`the JavaScript of / comes in at most ${LANDING_BUDGET_FILES} files`, () => {
    const { files } = landingWeight();
    assert.ok(
      files.length <= LANDING_BUDGET_FILES,
      `/ loads ${files.length} JS files, over its budget of ${LANDING_BUDGET_FILES}:\n${files.map((f) => `  ${f.app}/${f.file}`).join('\n')}`,
    );
  });
});
