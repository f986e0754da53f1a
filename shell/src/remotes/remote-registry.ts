import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteMap } from 'contract/realtime';

/**
 * The shell knows remotes only by name; where each one lives comes from the runtime map at start-up
 * (`/remotes.json`), so redeploying a remote or pointing the map at a new version needs no shell build.
 */
let remoteMap: Promise<RemoteMap> | null = null;

async function fetchRemoteMap(): Promise<RemoteMap> {
  // Default cache mode, so the page's <link rel="preload"> answers it; the server marks the map no-cache,
  // so it is still revalidated on every load.
  const response = await fetch('/remotes.json');
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const map = (await response.json()) as RemoteMap;
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
  return map;
}

function getRemoteMap(): Promise<RemoteMap> {
  remoteMap ??= fetchRemoteMap().catch((error: unknown) => {
    remoteMap = null; // a later Retry fetches the map again
    throw error;
  });
  return remoteMap;
}

/** Modules already asked for at start-up: the page's first render takes the same promise. */
const started = new Map<string, Promise<unknown>>();

/**
 * Loads an exposed module such as `history/HistoryPage`. After a failure the remote is registered again
 * with `force`, which drops the runtime's cached failure, so Retry really reaches the server again.
 */
export async function loadRemoteModule<T>(id: string, { afterFailure = false } = {}): Promise<T> {
  const early = started.get(id);
  if (early && !afterFailure) {
    started.delete(id);
    return early as Promise<T>;
  }
  const map = await getRemoteMap();
  const name = id.split('/')[0] ?? id;
  const entry = map[name];
  if (!entry) throw new Error(`remote "${name}" is not in remotes.json`);
  if (afterFailure) registerRemotes([{ name, entry }], { force: true });
  const module = await loadRemote<T>(id);
  if (!module) throw new Error(`remote module "${id}" did not load`);
  return module;
}

/**
 * Starts loading the first page's module while the shell's own code is still downloading, so the two
 * travel in parallel instead of one after the other. A failure here is reported by the page itself.
 */
export function startLoadingRemoteModule(id: string): void {
  const loading = loadRemoteModule(id);
  loading.catch(() => started.delete(id));
  started.set(id, loading);
}

/** Fetches the files of modules the next click may need (remote entry and the page's own chunks), not running them. */
export async function preloadRemoteModules(ids: readonly string[]): Promise<void> {
  const map = await getRemoteMap();
  const byRemote = new Map<string, string[]>();
  for (const id of ids) {
    const [name, ...rest] = id.split('/');
    if (!name || !map[name]) continue;
    byRemote.set(name, [...(byRemote.get(name) ?? []), rest.join('/')]);
  }
  await preloadRemote([...byRemote].map(([nameOrAlias, exposes]) => ({ nameOrAlias, exposes, resourceCategory: 'sync' })));
}
