// Modules the webpack configs generate when they are loaded (the single app's remote registry, a remote's
// first-view entry). Anything that loads the configs (a second build, knip) writes them too: a build reading
// one must never find it half-written, so an unchanged file is left alone and a changed one is swapped in whole.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes `source` to `file` unless it already holds it; returns `file`. */
export function writeGenerated(file, source) {
  if (existsSync(file) && readFileSync(file, 'utf8') === source) return file;
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, source);
  renameSync(partial, file);
  return file;
}
