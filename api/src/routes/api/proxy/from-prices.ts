// GET /api/proxy/from-prices: the landing page's "from $X" per kind, for visitors too; cached by browsers and
// proxies for as long as the figures are kept (marketplace/starting-prices.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StartingPricesResponse } from 'contract/marketplace';
import { STARTING_PRICES_TTL_SECONDS } from 'contract/starting-prices';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';
import { marketMessages } from '../../../marketplace/market-messages.ts';

const fromPrices: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/from-prices',
    {
      config: { public: true },
      schema: {
        summary: 'The cheapest proxy for sale of each kind (the landing page\'s "from $X"), dollars; null: none for sale',
        response: { 200: StartingPricesResponse, ...errors(503) },
      },
    },
    async (_request, reply) => {
      const prices = await app.startingPrices.current();
      if (prices === null) throw new HttpError(503, marketMessages.pricesUnavailable);
      return reply.header('cache-control', `public, max-age=${STARTING_PRICES_TTL_SECONDS}`).send(prices);
    },
  );
};

export default fromPrices;
