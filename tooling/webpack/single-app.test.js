// The single-app build and the landing prerender swap the shell's remote registry for a generated module: the
// swap must export every function the real registry exports, or a call the shell makes (a remote's outcome
// reported from an error boundary) is undefined in those builds and throws where the composed build works.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { writeLocalRemoteRegistry } from './single-app.js';

const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const exportedFunctions = (source) =>
  [...source.matchAll(/^export\s+(?:async\s+)?function\s+([\w$]+)/gm)].map((match) => match[1]).sort();

test('the generated registry exports the same functions as the shell registry it replaces', () => {
  const real = readFileSync(join(workspaceRoot, 'shell', 'src', 'remotes', 'remote-registry.ts'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(workspaceRoot, 'remotes.manifest.json'), 'utf8'));
  const generated = readFileSync(writeLocalRemoteRegistry(workspaceRoot, manifest.remotes, 'registry-exports-test.js'), 'utf8');
  assert.ok(exportedFunctions(real).length > 0);
  assert.deepEqual(exportedFunctions(generated), exportedFunctions(real));
});
