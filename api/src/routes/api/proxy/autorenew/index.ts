// PUT /api/proxy/autorenew {HISTORY_ID, ENABLE}: switches auto-renewal of one of the caller's leases.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AutorenewRequest, AutorenewResponse } from 'contract/history';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { historyMessages } from '../../../../history/history-messages.ts';
import { currentUser } from '../../../../plugins/auth.ts';

const autorenew: FastifyPluginAsyncTypebox = async (app) => {
  const { history } = app.repositories;

  app.put(
    '/',
    {
      schema: {
        summary: 'Switch auto-renewal of one of your proxies on (ENABLE 1, while it is paid) or off (ENABLE 0)',
        body: AutorenewRequest,
        response: { 200: AutorenewResponse, ...errors(400, 404, 409) },
      },
    },
    async (request): Promise<AutorenewResponse> => {
      const { HISTORY_ID, ENABLE } = request.body;
      const result = await history.setRenew(currentUser(request).id, HISTORY_ID, ENABLE === 1, new Date());
      if (!result.ok) {
        if (result.reason === 'not-found') throw new HttpError(404, historyMessages.notFound(HISTORY_ID));
        throw new HttpError(409, historyMessages.ended(HISTORY_ID));
      }
      return { history_id: result.historyId, renew: result.renew ? 1 : 0, expires_at: result.expiresAt.toISOString() };
    },
  );
};

export default autorenew;
