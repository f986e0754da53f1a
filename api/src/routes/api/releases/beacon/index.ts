// POST /api/releases/beacon: the portal reports each remote it loads (or fails to load, or that crashed into
// its error boundary) with the release /remotes.json gave for it. Counted once per customer and release; a
// canary whose share of failed customers passes RELEASE_CANARY_FAILURE_PERCENT over at least
// RELEASE_CANARY_MIN_LOADS customers is rolled back here and then, and the team is told in the log.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ReleaseBeacon } from 'contract/releases';
import { errors } from '../../../../http/schemas.ts';
import { subjectFromCookie } from '../../../../web/canary-subject.ts';

/** The release a manifest URL names: `<store URL>/<remote>/<id>/mf-manifest.json`; null: not a release. */
function releaseOf(entry: string, remote: string, storeUrl: string): string | null {
  const prefix = `${storeUrl}/${remote}/`;
  if (!entry.startsWith(prefix) || !entry.endsWith('/mf-manifest.json')) return null;
  const id = entry.slice(prefix.length, -'/mf-manifest.json'.length);
  return id.includes('/') ? null : id;
}

const beacon: FastifyPluginAsyncTypebox = async (app) => {
  const { storeUrl, canary } = app.config.web.releases;
  app.post(
    '/',
    {
      config: { public: true },
      bodyLimit: 2048,
      schema: { summary: 'How a remote went on a page (the portal reports it)', body: ReleaseBeacon, response: { 204: Type.Null(), ...errors(400) } },
    },
    async (request, reply) => {
      const { remote, entry, outcome } = request.body;
      const release = releaseOf(entry, remote, storeUrl);
      if (release !== null) {
        const subject = subjectFromCookie(request.headers.cookie) ?? `address:${request.ip}`;
        const { rolledBack } = await app.releases.report(remote, release, subject, outcome === 'failed', canary);
        if (rolledBack) {
          await app.remoteSources.refresh();
          request.log.warn(
            { remote, release, to: rolledBack.move.to, reason: rolledBack.move.reason },
            `releases: the canary ${remote} ${release} was rolled back by itself: ${rolledBack.move.reason ?? ''}; everyone is on ${rolledBack.move.to ?? ''} again`,
          );
        }
      }
      return reply.code(204).send(null);
    },
  );
};

export default beacon;
