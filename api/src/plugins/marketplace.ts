// Prepares the marketplace: fills an empty inventory from the configured ProxySource (the demo catalogue
// by default) and exposes the read cache of /api/proxy as `app.marketCache`.
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { DemoProxySource } from '../marketplace/demo-catalogue.ts';
import { seedIfEmpty } from '../marketplace/inventory-seeding.ts';
import { MarketCache } from '../marketplace/market-cache.ts';
import type { ProxySource } from '../marketplace/proxy-source.ts';

declare module 'fastify' {
  interface FastifyInstance {
    marketCache: MarketCache;
  }
}

export interface MarketplaceOptions {
  config: Config;
  /** Another inventory than the demo catalogue (an operator's exits, a licensed upstream). */
  source?: ProxySource;
}

export default fp<MarketplaceOptions>(
  async (app, { config, source }) => {
    const { inventorySize, inventorySeed, cacheMs } = config.marketplace;
    const inventory = source ?? new DemoProxySource({ seed: inventorySeed, size: inventorySize, now: new Date() });
    const started = performance.now();
    const seeded = await seedIfEmpty(app.db, inventory);
    if (seeded > 0) {
      app.log.info({ source: inventory.name, listings: seeded, ms: Math.round(performance.now() - started) }, 'inventory seeded');
    }
    app.decorate('marketCache', new MarketCache(cacheMs));
  },
  { name: 'marketplace', dependencies: ['database'] },
);
