// A SOCKS5 gateway behind a test app, as `npm start` runs it (in the same process, on the same database),
// and a local page for proxies to fetch: the tests that send real traffic through a bought lease.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { startEmbeddedGateway } from 'gateway/embedded';
import type { App } from '../app.ts';
import { build, openTestDatabase, testEnvironment, type Backend } from './helpers.ts';

/** A page on 127.0.0.1 answering `body`; its port. */
export async function servePage(t: TestContext, body: string): Promise<number> {
  const page = createServer((_request, response) => response.end(body));
  await new Promise<void>((resolve) => page.listen({ host: '127.0.0.1', port: 0 }, resolve));
  t.after(() => new Promise<void>((resolve) => page.close(() => resolve())));
  return (page.address() as AddressInfo).port;
}

/** An app selling `inventorySize` demo listings with leases in `portRange`, and the gateway serving them. */
export async function appWithGateway(t: TestContext, backend: Backend, options: { portRange: { first: number; last: number }; inventorySize: number }) {
  const { portRange } = options;
  const database = await openTestDatabase(backend);
  const environment = {
    GATEWAY_PUBLIC_HOST: '127.0.0.1',
    GATEWAY_PORT_RANGE: `${portRange.first}-${portRange.last}`,
    GATEWAY_ALLOW_LOOPBACK: 'true',
    GATEWAY_USAGE_FLUSH_MS: '60000',
  };
  const app: App = await build(t, backend, {
    database,
    config: {
      marketplace: { inventorySize: options.inventorySize, inventorySeed: 42, cacheMs: 0 },
      gateway: { publicHost: '127.0.0.1', portRange, environment },
    },
  });
  const gateway = await startEmbeddedGateway({
    database:
      backend === 'pglite'
        ? { kind: 'pglite', pglite: database.pglite!, exclusive: (fn) => app.db.connection().execute(() => fn()) }
        : { kind: 'postgres', url: testEnvironment.databaseUrl!, schema: database.schema },
    environment,
    log: app.log,
  });
  t.after(async () => {
    await gateway.close();
    await database.close();
  });
  return { app, gateway };
}
