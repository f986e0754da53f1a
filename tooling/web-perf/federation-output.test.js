// What the federation build leaves in the files every page loads, read from the build output (run after the
// build): code no page runs, and libraries a remote would carry a second copy of.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import remoteScriptPriority from '../webpack/delivery/remote-script-priority.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const remotes = JSON.parse(readFileSync(join(repo, 'remotes.manifest.json'), 'utf8')).remotes;
const shellDist = join(repo, 'shell', 'dist');
/** The shell's entry file, named by its content (main.<hash>.js): the first file of its load graph's entry. */
const shellEntry = () => join(shellDist, JSON.parse(readFileSync(join(shellDist, 'load-graph.json'), 'utf8')).entries.main.files[0]);
const entryFiles = () => [
  shellEntry(),
  ...remotes.map((remote) => join(repo, remote.package, 'dist', 'remoteEntry.js')),
];

/** The sources a built file was made from, by its source map. */
function sourcesOf(file) {
  return JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources;
}

describe('federation output', () => {
  it('each entry file sets up the share scope once (webpack\'s own sharing runtime is left out)', () => {
    for (const file of entryFiles()) {
      assert.ok(existsSync(file), `${file} is missing: build first`);
      // `__webpack_require__.I = ...`, minified: one assignment is the federation's; a second one would be
      // webpack's table of the same shared modules, overwritten before it runs.
      const assignments = readFileSync(file, 'utf8').match(/\.I=/g) ?? [];
      assert.equal(assignments.length, 1, `${file} assigns the share scope's initializer ${assignments.length} times`);
    }
  });

  it("the landing page uses the shell's copy of MUI's style engine instead of bundling its own", () => {
    const manifest = JSON.parse(readFileSync(join(repo, 'mfe-landing', 'dist', 'mf-manifest.json'), 'utf8'));
    const expose = manifest.exposes.find((entry) => entry.name === 'LandingPage');
    const pageFiles = expose.assets.js.sync.map((file) => join(repo, 'mfe-landing', 'dist', file));
    for (const file of pageFiles) {
      const engine = sourcesOf(file).filter((source) => /@mui\/system\/(styleFunctionSx|createTheme|breakpoints|spacing|colorManipulator)\//.test(source));
      assert.deepEqual(engine, [], `${file} bundles its own copy of MUI's style engine`);
    }
  });

  it("the shell's runtime loads a remote's scripts at the default priority, not above the shell's own chunks", () => {
    const plugin = remoteScriptPriority();
    const asked = { fetchpriority: 'high', type: 'text/javascript' };
    assert.equal(plugin.createScript({ url: '/remotes/x/remoteEntry.js', attrs: asked }), undefined);
    assert.deepEqual(asked, { type: 'text/javascript' });
    const low = { fetchpriority: 'low' };
    plugin.createScript({ url: '/remotes/x/1.js', attrs: low });
    assert.deepEqual(low, { fetchpriority: 'low' });
    // And the shell's build registers it.
    assert.match(readFileSync(shellEntry(), 'utf8'), new RegExp(plugin.name));
  });
});
