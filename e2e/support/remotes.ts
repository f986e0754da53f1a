// The remotes the portal composes, as e2e knows them: the name the shell loads it by (and the tag its
// specs carry), and a page a signed-in customer reaches it on. The one list in e2e: when the workspace
// gets a shared remotes manifest, this is the file that reads it.

export const REMOTES = [
  { name: 'marketplace', page: '/dashboard' },
  { name: 'history', page: '/history' },
  { name: 'payments', page: '/payments' },
  { name: 'support', page: '/support' },
  { name: 'account', page: '/user-profile' },
  { name: 'landing', page: '/terms-and-conditions' },
] as const;

export type RemoteName = (typeof REMOTES)[number]['name'];

/** A spec's tag: the remote it exercises, or `@shell` for the host (router, top bar, auth dialogs, guard). */
export type Tag = `@${RemoteName}` | '@shell';

export const REMOTE_NAMES: readonly RemoteName[] = REMOTES.map((remote) => remote.name);

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

export function tagOf(name: RemoteName): Tag {
  return `@${name}`;
}
