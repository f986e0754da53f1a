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

/**
 * One load per module: a page that React mounts again before it ever showed (a suspended first render is
 * thrown away and started over) gets the same load, and so the same failure, instead of asking the runtime
 * twice. Only Retry (`afterFailure`) starts a new one.
 */
const loads = new Map<string, Promise<unknown>>();

async function load<T>(id: string, afterFailure: boolean): Promise<T> {
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
 * Loads an exposed module such as `history/HistoryPage`. After a failure the remote is registered again
 * with `force`, which drops the runtime's cached failure, so Retry really reaches the server again.
 */
export function loadRemoteModule<T>(id: string, { afterFailure = false } = {}): Promise<T> {
  if (afterFailure) loads.delete(id);
  let loading = loads.get(id) as Promise<T> | undefined;
  if (!loading) {
    loading = load<T>(id, afterFailure);
    loading.catch(() => undefined); // reported by the page that shows it
    loads.set(id, loading);
  }
  return loading;
}

/** Starts loading the first page's module before React renders; the page takes this load over. */
export function startLoadingRemoteModule(id: string): void {
  void loadRemoteModule(id);
}

/**
 * Fetches files of modules, not running them: `sync`, what showing a page needs (its remote's entry and the
 * page's own files), for the pages one click away; `all` adds what the page loads later (its dialogs and other
 * lazy parts), for the page on screen.
 */
export async function preloadRemoteModules(ids: readonly string[], files: 'sync' | 'all' = 'sync'): Promise<void> {
  const map = await getRemoteMap();
  const byRemote = new Map<string, string[]>();
  for (const id of ids) {
    const [name, ...rest] = id.split('/');
    if (!name || !map[name]) continue;
    byRemote.set(name, [...(byRemote.get(name) ?? []), rest.join('/')]);
  }
  await preloadRemote([...byRemote].map(([nameOrAlias, exposes]) => ({ nameOrAlias, exposes, resourceCategory: files })));
}
