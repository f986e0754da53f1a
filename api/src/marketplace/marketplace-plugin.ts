// Wires the marketplace into the app: fills an empty inventory from the configured ProxySource (the demo
// catalogue by default) and mounts /api/proxy. app.ts registers this once.
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import proxyRoutes from '../routes/proxy/index.ts';
import { DemoProxySource } from './demo-catalogue.ts';
import { MarketCache } from './market-cache.ts';
import { seedIfEmpty } from './marketplace-repository.ts';
import type { ProxySource } from './proxy-source.ts';

export interface MarketplaceOptions {
  config: Config;
  /** Another inventory than the demo catalogue (an operator's exits, a licensed upstream). */
  source?: ProxySource;
}

const marketplacePlugin: FastifyPluginAsync<MarketplaceOptions> = async (app, { config, source }) => {
  const { inventorySize, inventorySeed, cacheMs } = config.marketplace;
  const inventory = source ?? new DemoProxySource({ seed: inventorySeed, size: inventorySize, now: new Date() });
  const started = performance.now();
  const seeded = await seedIfEmpty(app.db, inventory);
  if (seeded > 0) {
    app.log.info({ source: inventory.name, listings: seeded, ms: Math.round(performance.now() - started) }, 'inventory seeded');
  }
  await app.register(proxyRoutes, { prefix: '/api/proxy', cache: new MarketCache(cacheMs) });
};

export default marketplacePlugin;
