// Whether the shell that runs can load a release: each federation singleton the release requires (with
// strictVersion, so an unsatisfied one fails in the browser) must be satisfied by the version the shell
// provides. Checked when a release is promoted, so the refusal comes with its reason instead of a failure
// panel in front of customers. Ranges are what the builds write: `^x.y.z` from the catalogue, or whatever a
// test build's FEDERATION_REQUIRED_VERSIONS says (`~`, `>=`, `<`, exact, `*`, `||`, spaces for "and").
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

type Version = [number, number, number];

function parseVersion(text: string): Version | null {
  const match = /^v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(?:[-+].*)?$/.exec(text.trim());
  if (!match) return null;
  const part = (value: string | undefined) => (value === undefined || value === 'x' || value === '*' ? 0 : Number(value));
  return [Number(match[1]), part(match[2]), part(match[3])];
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Parts given in a partial version (`^4` has 1, `~4.2` 2). */
function precision(text: string): number {
  return text.replace(/^v/, '').split(/[-+]/)[0]!.split('.').filter((part) => part !== 'x' && part !== '*').length;
}

function satisfiesComparator(version: Version, comparator: string): boolean | null {
  if (comparator === '*' || comparator === 'x' || comparator === '') return true;
  const match = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(comparator);
  if (!match) return null;
  const operator = match[1] ?? '=';
  const base = parseVersion(match[2]!);
  if (!base) return null;
  const order = compare(version, base);
  switch (operator) {
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '<':
      return order < 0;
    case '~': {
      if (order < 0) return false;
      return precision(match[2]!) === 1 ? version[0] === base[0] : version[0] === base[0] && version[1] === base[1];
    }
    case '^': {
      if (order < 0) return false;
      if (base[0] !== 0 || precision(match[2]!) === 1) return version[0] === base[0];
      if (base[1] !== 0 || precision(match[2]!) === 2) return version[0] === 0 && version[1] === base[1];
      return version[0] === 0 && version[1] === 0 && version[2] === base[2];
    }
    default: {
      const given = precision(match[2]!);
      return version.slice(0, given).every((part, index) => part === base[index]);
    }
  }
}

/** Whether `version` is in `range`; null when either cannot be read. */
export function satisfies(version: string, range: string): boolean | null {
  const parsed = parseVersion(version);
  if (!parsed) return null;
  let any = false;
  for (const alternative of range.split('||')) {
    const comparators = alternative.trim().replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1').split(/\s+/);
    let all = true;
    for (const comparator of comparators) {
      const result = satisfiesComparator(parsed, comparator);
      if (result === null) return null;
      all &&= result;
    }
    any ||= all;
  }
  return any;
}

/**
 * Why the shell cannot load a release: one sentence per singleton it requires that the shell does not
 * provide in a satisfying version. Empty: compatible.
 */
export function incompatibilities(required: Readonly<Record<string, string>>, provided: Readonly<Record<string, string>>): string[] {
  const reasons: string[] = [];
  for (const [name, range] of Object.entries(required).sort(([a], [b]) => a.localeCompare(b))) {
    const version = provided[name];
    if (version === undefined) continue; // not shared by the shell: the release brings its own copy
    const result = satisfies(version, range);
    if (result === null) reasons.push(`${name}: cannot compare the shell's ${version} with the required ${range}`);
    else if (!result) reasons.push(`it was built for ${name} ${range}, the shell runs ${version}`);
  }
  return reasons;
}

/** The versions of the federation singletons a shell build provides (its mf-manifest.json); null: no build. */
export async function providedShared(shellDir: string): Promise<Record<string, string> | null> {
  let manifest: { shared?: { name?: unknown; version?: unknown }[] };
  try {
    manifest = JSON.parse(await readFile(join(shellDir, 'mf-manifest.json'), 'utf8')) as typeof manifest;
  } catch {
    return null;
  }
  const provided: Record<string, string> = {};
  for (const entry of manifest.shared ?? []) {
    if (typeof entry.name === 'string' && typeof entry.version === 'string') provided[entry.name] = entry.version;
  }
  return provided;
}
