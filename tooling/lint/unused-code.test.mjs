// knip (in `npm test`) reports files nothing imports, dependencies nothing uses and exports nobody imports.
// This plants one of each kind it must catch, runs knip with the project's configuration, and expects all of
// them in its report; the planted files are removed even when an assertion fails.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tag = `unused-probe-${process.pid}`;
const planted = {
  // A module whose test uses one export: the other is dead.
  [`mfe-history/src/${tag}.ts`]: 'export const used = 1;\nexport const neverImported = 2;\n',
  [`mfe-history/src/${tag}.test.ts`]: `import { used } from './${tag}';\n\ntest('probe', () => expect(used).toBe(1));\n`,
  // A file nothing imports.
  [`mfe-history/src/${tag}-orphan.ts`]: 'export const orphan = 3;\n',
};

function removePlanted() {
  for (const file of Object.keys(planted)) rmSync(join(repo, file), { force: true });
}
after(removePlanted);

test('knip reports a file nothing imports and an export nothing uses, and fails', () => {
  let result;
  try {
    for (const [file, source] of Object.entries(planted)) writeFileSync(join(repo, file), source);
    const knip = join(repo, 'node_modules', 'knip', 'bin', 'knip.js');
    result = spawnSync(process.execPath, [knip, '--no-progress', '--no-config-hints', '--workspace', 'mfe-history'], { cwd: repo, encoding: 'utf8' });
  } finally {
    removePlanted();
  }
  assert.notEqual(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, new RegExp(`Unused files[\\s\\S]*mfe-history/src/${tag}-orphan\\.ts`));
  assert.match(result.stdout, new RegExp(`Unused exports[\\s\\S]*neverImported\\s+mfe-history/src/${tag}\\.ts`));
  assert.doesNotMatch(result.stdout, /\bused\s+mfe-history/);
});
