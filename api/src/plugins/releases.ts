// Remote releases (README "Remote releases"): `app.releases` moves and shows each remote's pointer (the
// operator API and the `release` command call it), `app.remoteSources` says where each remote is served from
// for a request (the portal plugin asks it for /remotes.json, preloads and first views). A move made here is
// served at once; one made elsewhere (another instance, the command on PostgreSQL) within a second.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, type Config } from '../config.ts';
import { createReleasePointers, type ReleasePointers } from '../releases/release-pointers.ts';
import { createRemoteSources, type RemoteSources } from '../web/remote-sources.ts';

declare module 'fastify' {
  interface FastifyInstance {
    releases: ReleasePointers;
    remoteSources: RemoteSources;
  }
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

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const releases = createReleasePointers(app.db, { remotes: REMOTE_NAMES, shellShared: () => providedShared(config.web.shellDir) });
    const sources = createRemoteSources({
      remoteDirs: config.web.remoteDirs,
      remoteUrls: config.web.remoteUrls,
      releases: config.web.releases,
      pointers: () => releases.pointers(),
      onError: (error) => app.log.warn({ err: error }, 'releases: the remote pointers could not be read; serving the last ones read'),
    });
    app.decorate('releases', releases);
    app.decorate('remoteSources', sources);
  },
  { name: 'releases', dependencies: ['database'] },
);
