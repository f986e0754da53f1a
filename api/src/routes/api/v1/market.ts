// /api/v1/market: listings for sale, with the dashboard's filters (public-api/market-search.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MarketSearchQuery, MarketSearchResponse } from 'contract/public-api';
import { cachedSearch } from '../../../marketplace/market-cache.ts';
import { keyedRoutes, problems } from '../../../public-api/keyed-routes.ts';
import { searchMarket } from '../../../public-api/market-search.ts';

const v1Market: FastifyPluginAsyncTypebox = async (app) => {
  const { keyed } = keyedRoutes(app.db, app.config.publicApi.rateLimit);

  app.get(
    '/market/search',
    {
      config: keyed('read'),
      schema: {
        tags: ['Marketplace'],
        summary: "Listings for sale in a country (or a US state), with the dashboard's filters; freshest first",
        querystring: MarketSearchQuery,
        response: { 200: MarketSearchResponse, ...problems(400, 401, 403, 429) },
      },
    },
    // The same cached answer the dashboard's search reads.
    async (request): Promise<MarketSearchResponse> =>
      searchMarket(request.query, async (country, state) => (await cachedSearch(app.marketCache, app.repositories.market, country, state)).text),
  );
};

export default v1Market;
