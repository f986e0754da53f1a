// The operator's inventory: `app.inventory` (imports, retiring, the summary), `app.inventoryChecker` (on-demand
// checks, when the host process runs a checker), `app.operatorRoles` and the control secret the `inventory`
// command on this machine uses. At start: credentials an older version kept in plain text are sealed, and
// the demo catalogue is seeded into an empty inventory where it is asked for (embedded defaults,
// INVENTORY_DEMO=true); a production database without it starts with an empty market and says how to stock it.
import fp from 'fastify-plugin';
import type { CheckRequest, CheckRunSummary } from 'contract/inventory';
import { createExitCredentialSealer, EXIT_CREDENTIALS_SETTING } from 'gateway/exit-credentials';
import type { Config } from '../config.ts';
import { loadOrCreateSecret } from '../db/settings.ts';
import { createInventory, type Inventory } from '../inventory/inventory.ts';
import { DemoProxySource } from '../marketplace/demo-catalogue.ts';
import { newControlToken } from '../operator/operator-control.ts';
import { createStaffRole, type StaffRoleAccess } from '../operator/operator-roles.ts';

/** Runs checks of exits now (the checker package's embedded entry, handed in by the host process). */
export interface InventoryChecker {
  readonly judgeUrl: string;
  check(selection: CheckRequest): Promise<CheckRunSummary>;
  /** Its checks since start in the Prometheus text format, for /metrics. */
  metrics?(): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    inventory: Inventory;
    inventoryChecker: InventoryChecker | null;
    operatorRoles: StaffRoleAccess;
    /** The secret of this run that the `inventory` command presents (see operator/operator-control.ts). */
    operatorControl: { token: string };
  }
}

export interface InventoryPluginOptions {
  config: Config;
  checker: InventoryChecker | null;
}

export default fp<InventoryPluginOptions>(
  async (app, { config, checker }) => {
    const settings = config.inventory;
    if (settings.credentialsKey === null && config.database.kind === 'postgres') {
      app.log.warn(
        'EXIT_CREDENTIALS_KEY is not set: exit credentials are sealed with a key kept in the database itself. Set it (the same value for the API, the gateways and the checkers) so a copy of the database alone does not open them.',
      );
    }
    const key = await loadOrCreateSecret(app.db, EXIT_CREDENTIALS_SETTING, settings.credentialsKey);
    const inventory = createInventory(app.db, createExitCredentialSealer(key));
    const sealed = await inventory.sealLegacyCredentials();
    if (sealed > 0) app.log.info({ exits: sealed }, 'inventory: exit credentials kept in plain text by an older version are sealed now');

    if (settings.demo) {
      const { inventorySize, inventorySeed } = config.marketplace;
      const started = performance.now();
      const seeded = await inventory.seedIfEmpty(new DemoProxySource({ seed: inventorySeed, size: inventorySize, now: new Date() }));
      if (seeded > 0) app.log.info({ source: 'demo', exits: seeded, ms: Math.round(performance.now() - started) }, 'inventory: demo catalogue seeded');
    }
    const summary = await inventory.summary();
    const exits = summary.sources.reduce((sum, source) => sum + source.unchecked + source.online + source.dead, 0);
    if (exits === 0) {
      app.log.info(
        'inventory: the market is empty. Import your exits with `npm run inventory -- import FILE`, then check them with `npm run inventory -- check` (docs/inventory.md); INVENTORY_DEMO=true seeds the demo catalogue instead.',
      );
    } else if (summary.forSale === 0 && summary.leased === 0) {
      app.log.info({ exits }, 'inventory: nothing is on the market yet: exits reach it after their first check passes (`npm run inventory -- check`)');
    }

    app.decorate('inventory', inventory);
    app.decorate('inventoryChecker', checker);
    app.decorate('operatorRoles', createStaffRole(app.db, 'operator'));
    app.decorate('operatorControl', { token: newControlToken() });
    app.decorateRequest('operator', null);
  },
  { name: 'inventory', dependencies: ['database'] },
);
