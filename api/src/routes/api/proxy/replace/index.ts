// /api/proxy/replace: the free replacement of a dead proxy from History (one click), and the account setting
// "replace dead proxies automatically" (inventory/dead-exit-replacements.ts, docs/product-rules.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AutoReplaceSetting, ReplaceResponse } from 'contract/history';
import Type from 'typebox';
import { replaceMessages } from '../../../../inventory/dead-exit-replacements.ts';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { currentUser } from '../../../../plugins/auth.ts';
import { autoReplaceSetting, setAutoReplace } from '../../../../inventory/auto-replace-setting.ts';

const replace: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:historyId',
    {
      schema: {
        summary: 'Replace one of your dead proxies free of charge: same port and login:pass, a new exit of the same type in the same state or country, for the rest of the paid period',
        params: Type.Object({ historyId: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }) }),
        response: { 200: ReplaceResponse, ...errors(400, 404, 409) },
      },
    },
    async (request): Promise<ReplaceResponse> => {
      const { historyId } = request.params;
      const result = await app.deadExitReplacements.replace(currentUser(request).id, Number(historyId));
      if (!result.ok) throw new HttpError(result.reason === 'not-found' ? 404 : 409, replaceMessages[result.reason](historyId));
      return {
        history_id: historyId,
        real_ip: result.realIp,
        proxy: result.proxy,
        expires_at: result.expiresAt.toISOString(),
        message: `Proxy ${result.proxy} now leaves through ${result.realIp}`,
      };
    },
  );

  app.get(
    '/automatic',
    { schema: { summary: 'Whether dead proxies are replaced automatically', response: { 200: AutoReplaceSetting } } },
    async (request): Promise<AutoReplaceSetting> => ({ enabled: await autoReplaceSetting(app.db, currentUser(request).id) }),
  );

  app.put(
    '/automatic',
    {
      schema: {
        summary: 'Switch "replace dead proxies automatically" on or off',
        body: AutoReplaceSetting,
        response: { 200: AutoReplaceSetting, ...errors(400) },
      },
    },
    async (request): Promise<AutoReplaceSetting> => ({ enabled: await setAutoReplace(app.db, currentUser(request).id, request.body.enabled) }),
  );
};

export default replace;
