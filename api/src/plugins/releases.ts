// Remote releases (docs/releases.md): `app.releases` moves and shows each remote's pointer (the
// operator API and the `release` command call it), `app.remoteSources` says where each remote is served from
// for a request (the portal plugin asks it for /remotes.json, preloads and first views). A move made here is
// served at once; one made elsewhere (another instance, the command on PostgreSQL) within a second.
import fp from 'fastify-plugin';
import { REMOTE_NAMES, type Config } from '../config.ts';
import { providedShared } from '../releases/compatibility.ts';
import { createReleasePointers, type ReleasePointers } from '../releases/release-pointers.ts';
import { createRemoteSources, type RemoteSources } from '../web/remote-sources.ts';

declare module 'fastify' {
  interface FastifyInstance {
    releases: ReleasePointers;
    remoteSources: RemoteSources;
  }
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
