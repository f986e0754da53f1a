import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteMap } from 'contract/realtime';
import { readStoredSession, rememberAccountForServer } from 'shared/auth/session-storage';

/**
 * The shell knows remotes only by name; where each one lives comes from the runtime map at start-up
 * (`/remotes.json`), so redeploying a remote or pointing the map at a new version (a release promoted, a
 * canary for some customers) needs no shell build. A page left open picks up a release moved meanwhile at
 * its next navigation: the map is asked again when it is older than MAP_MAX_AGE_MS.
 */
let remoteMap: Promise<RemoteMap> | null = null;
let mapReadAt = 0;
const MAP_MAX_AGE_MS = 5_000;

async function fetchRemoteMap(): Promise<RemoteMap> {
  // A session from before the cookie existed: the next loads know the account.
  rememberAccountForServer(readStoredSession()?.userId ?? null);
  // Default cache mode, so the page's <link rel="preload"> answers it; the server marks the map no-cache,
  // so it is still revalidated on every load.
  const response = await fetch('/remotes.json');
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const map = (await response.json()) as RemoteMap;
  mapReadAt = Date.now();
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
  return map;
}

/**
 * The map, asked again when it is older than MAP_MAX_AGE_MS: a remote whose release moved meanwhile (a
 * rollback, a promotion) is registered anew, so the pages mounted from now on load the new release (the page
 * on screen keeps what it runs). A map that cannot be read leaves everything as it was.
 */
function currentRemoteMap(): Promise<RemoteMap> {
  if (!remoteMap || Date.now() - mapReadAt < MAP_MAX_AGE_MS) return getRemoteMap();
  mapReadAt = Date.now();
  const before = remoteMap;
  const refreshed = (async () => {
    const current = await before;
    try {
      rememberAccountForServer(readStoredSession()?.userId ?? null);
      const response = await fetch('/remotes.json', { cache: 'no-cache' });
      if (!response.ok) return current;
      const next = (await response.json()) as RemoteMap;
      for (const [name, entry] of Object.entries(next)) {
        if (current[name] === entry) continue;
        // The old release's chunks sit in the remote's webpack chunk list (`webpackChunk` + its uniqueName,
        // `ps5_<name>`, tooling/webpack/create-config.js): the new release's runtime would take them for its
        // own, so it starts a list of its own.
        Reflect.deleteProperty(self, `webpackChunkps5_${name}`);
        registerRemotes([{ name, entry }], { force: true });
        // Its modules load again, from the new release, when a page next asks for them.
        for (const id of [...loads.keys()]) if (id.startsWith(`${name}/`) && loadedFrom.get(id) !== entry) loads.delete(id);
      }
      return next;
    } catch {
      return current;
    }
  })();
  remoteMap = refreshed.catch(() => before);
  return remoteMap;
}

/** Told to the API once per page load, remote entry and outcome: how each release does (canaries are watched). */
const reported = new Set<string>();

export function reportRemoteOutcome(name: string, outcome: 'loaded' | 'failed'): void {
  void (async () => {
    const entry = (await remoteMap?.catch(() => null))?.[name];
    // A remote served from its build folder is no release: nothing to watch.
    if (!entry || entry === `/remotes/${name}/mf-manifest.json` || reported.has(`${entry} ${outcome}`)) return;
    reported.add(`${entry} ${outcome}`);
    await fetch('/api/releases/beacon', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ remote: name, entry, outcome }),
      keepalive: true,
    });
  })().catch(() => undefined);
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

/** The entry each module was loaded from: a cached load from an entry the map no longer names is stale. */
const loadedFrom = new Map<string, string>();

async function load<T>(id: string, afterFailure: boolean): Promise<T> {
  const map = await getRemoteMap();
  const name = id.split('/')[0] ?? id;
  const entry = map[name];
  if (!entry) throw new Error(`remote "${name}" is not in remotes.json`);
  loadedFrom.set(id, entry);
  if (afterFailure) registerRemotes([{ name, entry }], { force: true });
  const module = await loadRemote<T>(id);
  if (!module) throw new Error(`remote module "${id}" did not load`);
  reportRemoteOutcome(name, 'loaded');
  return module;
}

/**
 * Loads an exposed module such as `history/HistoryPage`. After a failure the remote is registered again
 * with `force`, which drops the runtime's cached failure, so Retry really reaches the server again.
 */
export function loadRemoteModule<T>(id: string, { afterFailure = false } = {}): Promise<T> {
  if (afterFailure) loads.delete(id);
  const cached = loads.get(id) as Promise<T> | undefined;
  if (cached && Date.now() - mapReadAt < MAP_MAX_AGE_MS) return cached;
  // The first load, or a navigation a while after the last: the map first (a release may have moved).
  let loading: Promise<T> | undefined = undefined;
  loading = (async () => {
    const map = await currentRemoteMap();
    // A moved release dropped the cached loads of its remote meanwhile: this one is the module's load now.
    if (!loads.has(id) && loading) loads.set(id, loading);
    if (cached && loadedFrom.get(id) === map[id.split('/')[0] ?? id]) return cached;
    return load<T>(id, afterFailure);
  })();
  loading.catch(() => undefined); // reported by the page that shows it
  loads.set(id, loading);
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
