// The release store: every build of a remote that was released, kept for good under `<store>/<remote>/<id>/`
// with a `release.json` saying what it is. A release's id names its version, its commit and a digest of all
// its files, so the same build always gets the same id and a different build never does: files in the store
// are never replaced, only added, and any static origin or CDN can serve them cached for good. Which release
// customers get is not decided here but by the pointer in the database (release-pointers.ts).
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export const RELEASE_FILE = 'release.json';
const MANIFEST_FILE = 'mf-manifest.json';

/** What a release is: the record in its folder, and the row the database keeps of it. */
export interface ReleaseRecord {
  remote: string;
  id: string;
  version: string;
  commit: string;
  /** The federation singletons the build requires, package -> range (from its mf-manifest.json). */
  shared: Record<string, string>;
  /** Files in the release, and their digest over all of them. */
  files: number;
  digest: string;
  builtAt: string;
}

export class ReleaseStoreError extends Error {}

export const REMOTE_NAME = /^[a-z][a-z0-9-]{0,31}$/;
export const RELEASE_ID = /^[0-9a-z][0-9a-z.+-]{0,99}$/;

/** A version or commit as a part of an id: lower-case letters, digits, dots and dashes. */
function idPart(value: string, what: string): string {
  const part = value
    .toLowerCase()
    .replace(/[^0-9a-z.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  if (part === '' || part.length > 40) throw new ReleaseStoreError(`the ${what} "${value}" cannot name a release: use letters, digits, dots and dashes (at most 40)`);
  return part;
}

export function releaseDir(storeDir: string, remote: string, id: string): string {
  if (!REMOTE_NAME.test(remote) || !RELEASE_ID.test(id)) throw new ReleaseStoreError(`"${remote}/${id}" is not a release`);
  return join(storeDir, remote, id);
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** The singletons a build requires, as its federation manifest declares them. */
function sharedRequirements(manifest: unknown): Record<string, string> {
  const shared = (manifest as { shared?: { name?: unknown; requiredVersion?: unknown; singleton?: unknown }[] }).shared ?? [];
  const required: Record<string, string> = {};
  for (const entry of shared) {
    if (typeof entry.name === 'string' && typeof entry.requiredVersion === 'string' && entry.singleton === true) required[entry.name] = entry.requiredVersion;
  }
  return required;
}

/**
 * Puts the build in `buildDir` into the store as a release of `remote`. The build must be the remote's (its
 * mf-manifest.json names it). Publishing the same build again finds the release already there and returns
 * it; a half-copied release never shows under its id (it is copied beside it, then renamed).
 */
export async function publishBuild(
  storeDir: string,
  remote: string,
  buildDir: string,
  label: { version: string; commit: string },
): Promise<{ release: ReleaseRecord; created: boolean }> {
  if (!REMOTE_NAME.test(remote)) throw new ReleaseStoreError(`"${remote}" is not a remote name`);
  let manifest: { name?: unknown };
  try {
    manifest = JSON.parse(await readFile(join(buildDir, MANIFEST_FILE), 'utf8')) as { name?: unknown };
  } catch {
    throw new ReleaseStoreError(`${buildDir} holds no build of a remote (no readable ${MANIFEST_FILE})`);
  }
  if (manifest.name !== remote) throw new ReleaseStoreError(`${buildDir} is a build of "${String(manifest.name)}", not of "${remote}"`);
  const files = (await listFiles(buildDir)).filter((file) => file !== RELEASE_FILE);
  const hash = createHash('sha256');
  for (const file of files) {
    const content = await readFile(join(buildDir, file));
    hash.update(`${file}\0${createHash('sha256').update(content).digest('hex')}\n`);
  }
  const digest = hash.digest('hex');
  const id = `${idPart(label.version, 'version')}-${idPart(label.commit, 'commit')}-${digest.slice(0, 10)}`;
  const target = releaseDir(storeDir, remote, id);
  const existing = await readRelease(storeDir, remote, id);
  if (existing) return { release: existing, created: false };

  const release: ReleaseRecord = {
    remote,
    id,
    version: label.version,
    commit: label.commit,
    shared: sharedRequirements(manifest),
    files: files.length,
    digest,
    builtAt: new Date((await stat(join(buildDir, MANIFEST_FILE))).mtimeMs).toISOString(),
  };
  const partial = `${target}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(join(storeDir, remote), { recursive: true });
  try {
    await cp(buildDir, partial, { recursive: true, filter: (source) => !source.endsWith(`/${RELEASE_FILE}`) });
    await writeFile(join(partial, RELEASE_FILE), `${JSON.stringify(release, null, 2)}\n`);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    // Someone published the same build at the same moment: theirs is this one.
    const raced = await readRelease(storeDir, remote, id);
    if (raced) return { release: raced, created: false };
    throw error;
  }
  return { release, created: true };
}

/** The record of a release in the store, or null when the store has no such release. */
export async function readRelease(storeDir: string, remote: string, id: string): Promise<ReleaseRecord | null> {
  try {
    const record = JSON.parse(await readFile(join(releaseDir(storeDir, remote, id), RELEASE_FILE), 'utf8')) as ReleaseRecord;
    return record.remote === remote && record.id === id ? record : null;
  } catch (error) {
    if (error instanceof ReleaseStoreError) throw error;
    return null;
  }
}
