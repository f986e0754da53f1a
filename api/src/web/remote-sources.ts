// Where each remote comes from for one request: its REMOTE_URLS entry (configured, wins), else the release
// its pointer names in the release store (the canary or the stable one, by the customer), else its own build
// folder (a remote no release was promoted for). The pointers are read from the database at most every
// `refreshMs` per instance, and at once after a move made here, so a promote or rollback on any instance or
// from the command reaches every instance's `/remotes.json`, preloads and first views within a second.
import { join } from 'node:path';
import { assignedRelease, type RemotePointer } from '../releases/release-pointers.ts';

export interface RemoteSource {
  /** The remote's mf-manifest.json as the browser fetches it. */
  manifestUrl: string;
  /** The folder of those files on this machine (first views are read there); null: served from elsewhere. */
  dir: string | null;
  /** The release served; null: the remote's own build folder, or REMOTE_URLS. */
  release: string | null;
}

export type RemoteSourceMap = Readonly<Record<string, RemoteSource>>;

export interface RemoteSources {
  /** Each remote's source for a customer (account id or visitor cookie; null: stable for everyone). */
  forSubject(subject: string | null): Promise<RemoteSourceMap>;
  /** Read the pointers again now (after a move made by this instance). */
  refresh(): Promise<void>;
  /** Read the pointers if the last read is older than the refresh interval. */
  ensureFresh(): Promise<void>;
  /** Whether some remote runs a canary (as last read): customers then need a subject. */
  canaryActive(): boolean;
}

export function createRemoteSources(options: {
  remoteDirs: Readonly<Record<string, string>>;
  remoteUrls: Readonly<Record<string, string>>;
  releases: { storeDir: string; storeUrl: string };
  /** The pointers (null: releases are not in use, e.g. a test app without a database). */
  pointers: (() => Promise<RemotePointer[]>) | null;
  refreshMs?: number;
  /** Told when the pointers cannot be read (the last ones read keep being served). */
  onError?: (error: Error) => void;
}): RemoteSources {
  const refreshMs = options.refreshMs ?? 500;
  let current = new Map<string, RemotePointer>();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;

  function read(): Promise<void> {
    reading ??= (async () => {
      try {
        const pointers = await options.pointers!();
        current = new Map(pointers.map((pointer) => [pointer.remote, pointer]));
        readAt = performance.now();
      } catch (error) {
        options.onError?.(error as Error);
        readAt = performance.now(); // the last pointers read keep being served until the next try
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  return {
    refresh: async () => {
      if (!options.pointers) return;
      await reading;
      await read();
    },

    async ensureFresh() {
      if (options.pointers && performance.now() - readAt >= refreshMs) await read();
    },

    canaryActive: () => [...current.values()].some((pointer) => pointer.canary !== null && options.remoteUrls[pointer.remote] === undefined),

    async forSubject(subject) {
      if (options.pointers && performance.now() - readAt >= refreshMs) await read();
      const sources: Record<string, RemoteSource> = {};
      for (const [name, dir] of Object.entries(options.remoteDirs)) {
        const url = options.remoteUrls[name];
        const pointer = current.get(name);
        if (url !== undefined) {
          sources[name] = { manifestUrl: url, dir: null, release: null };
        } else if (pointer) {
          const release = assignedRelease(pointer, subject);
          sources[name] = {
            manifestUrl: `${options.releases.storeUrl}/${name}/${release}/mf-manifest.json`,
            dir: join(options.releases.storeDir, name, release),
            release,
          };
        } else {
          sources[name] = { manifestUrl: `/remotes/${name}/mf-manifest.json`, dir, release: null };
        }
      }
      return sources;
    },
  };
}
