// Exposes the read cache of /api/proxy as `app.marketCache`. The inventory it reads is filled by the
// inventory plugin (imports, the demo catalogue where asked).
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { MarketCache } from '../marketplace/market-cache.ts';
import { createStartingPriceSource, type StartingPriceSource } from '../marketplace/starting-prices.ts';

declare module 'fastify' {
  interface FastifyInstance {
    marketCache: MarketCache;
    /** The landing page's "from $X" figures, kept for a minute (the route and the HTML of `/`). */
    startingPrices: StartingPriceSource;
  }
}

export interface MarketplaceOptions {
  config: Config;
}

export default fp<MarketplaceOptions>(
  async (app, { config }) => {
    app.decorate('marketCache', new MarketCache(config.marketplace.cacheMs));
    app.decorate('startingPrices', createStartingPriceSource(app.repositories.market));
  },
  { name: 'marketplace', dependencies: ['database', 'repositories'] },
);
