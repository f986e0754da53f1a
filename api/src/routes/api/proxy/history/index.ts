// /api/proxy/history: the signed-in customer's leases as history items, newest first. The plain list holds
// every lease that runs or waits for its exit and those that ended within the history window; /all holds
// every lease the customer ever had.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HistoryItem } from 'contract/history';
import { HISTORY_WINDOW_DAYS } from 'contract/limits';
import Type from 'typebox';
import { sendJson } from '../../../../http/json-body.ts';
import { currentUser } from '../../../../plugins/auth.ts';

const history: FastifyPluginAsyncTypebox = async (app) => {
  const { history: leases } = app.repositories;

  for (const [url, all] of [['/', false], ['/all', true]] as const) {
    app.get(
      url,
      {
        schema: {
          summary: all
            ? 'Every lease of the signed-in customer, newest first'
            : `The signed-in customer's running and waiting leases and those ended within ${HISTORY_WINDOW_DAYS} days, newest first`,
          response: { 200: Type.Array(HistoryItem) },
        },
      },
      async (request, reply) => sendJson(request, reply, await leases.list(currentUser(request).id, new Date(), all)),
    );
  }
};

export default history;
