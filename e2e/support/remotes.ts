// The remotes the portal composes, as e2e knows them: the name the shell loads it by (and the tag its
// specs carry), its package folder, and a page a signed-in customer reaches it on. Read from the workspace's
// one list of remotes, remotes.manifest.json.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ManifestRoute {
  path: string;
  access: 'visitor' | 'signed-in' | 'public' | 'operator';
}
interface ManifestRemote {
  name: string;
  package: string;
  routes: ManifestRoute[];
}

const manifestFile = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'remotes.manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { remotes: ManifestRemote[] };

/**
 * A page of the remote a signed-in customer reaches, without route parameters ('/support/*' is visited as
 * '/support'): a signed-in one, else a public one (landing's terms are readable signed out); null for a
 * remote of staff pages only (the operator console), which a customer never loads.
 */
function signedInPage({ routes }: ManifestRemote): string | null {
  const plain = routes.filter(({ path }) => !path.includes(':'));
  const route = plain.find(({ access }) => access === 'signed-in') ?? plain.find(({ access }) => access === 'public');
  return route ? route.path.replace(/\/\*$/, '') : null;
}

/** Every remote the portal deploys, with the page a customer reaches it on (null: staff only). */
export const ALL_REMOTES: readonly { name: string; package: string; page: string | null }[] = manifest.remotes.map((remote) => ({ name: remote.name, package: remote.package, page: signedInPage(remote) }));

/** The remotes a signed-in customer loads, with a page of each. */
export const REMOTES: readonly { name: string; package: string; page: string }[] = ALL_REMOTES.flatMap((remote) =>
  remote.page === null ? [] : [{ ...remote, page: remote.page }],
);

export type RemoteName = string;

/** A spec's tag: the remote it exercises, or `@shell` for the host (router, top bar, auth dialogs, guard). */
export type Tag = `@${RemoteName}`;

export const REMOTE_NAMES: readonly RemoteName[] = ALL_REMOTES.map((remote) => remote.name);

export function isRemoteName(name: string): name is RemoteName {
  return REMOTE_NAMES.includes(name);
}

export function tagOf(name: RemoteName): Tag {
  return `@${name}`;
}
