// Every query the routes need, reached as `app.repositories.<name>`. Repositories answer with values or
// results (`{ ok: false, reason }`); they never decide HTTP statuses, the routes do.
import fp from 'fastify-plugin';
import { createApiKeys, type ApiKeys } from '../accounts/api-keys.ts';
import { createAccountSettings, type AccountSettings } from '../accounts/account-settings.ts';
import { createUserRepository, type UserRepository } from '../accounts/users.ts';
import { createHistoryRepository, type HistoryRepository } from '../history/history-repository.ts';
import { createMarketReads, type MarketReads } from '../marketplace/market-reads.ts';
import { createPurchases, type Purchases } from '../marketplace/purchases.ts';
import { createExpenseRepository, type ExpenseRepository } from '../payments/expenses.ts';
import { createOrderRepository, type OrderRepository } from '../payments/orders.ts';
import { createSupportRoles, type SupportRoles } from '../support/support-roles.ts';
import { createTicketRepository, type TicketRepository } from '../support/tickets.ts';

export interface Repositories {
  users: UserRepository;
  market: MarketReads;
  purchases: Purchases;
  orders: OrderRepository;
  expenses: ExpenseRepository;
  history: HistoryRepository;
  account: AccountSettings;
  apiKeys: ApiKeys;
  tickets: TicketRepository;
  supportRoles: SupportRoles;
}

declare module 'fastify' {
  interface FastifyInstance {
    repositories: Repositories;
  }
}

export default fp(
  async (app) => {
    const repositories: Repositories = {
      users: createUserRepository(app.db),
      market: createMarketReads(app.db, app.config.gateway.publicHost),
      purchases: createPurchases(app.db, app.config.gateway, app.config.leases.periodSeconds * 1000),
      orders: createOrderRepository(app.db),
      expenses: createExpenseRepository(app.db),
      history: createHistoryRepository(app.db, app.config.gateway.publicHost),
      account: createAccountSettings(app.db),
      apiKeys: createApiKeys(app.db),
      tickets: createTicketRepository(app.db, app.config.publicUrl),
      supportRoles: createSupportRoles(app.db, app.config.support.usernames),
    };
    app.decorate('repositories', repositories);
    const unclaimed = await repositories.supportRoles.unclaimedConfiguredNames();
    if (unclaimed.length > 0) {
      app.log.warn({ usernames: unclaimed }, 'SUPPORT_USERNAMES lists names no account holds yet: whoever registers one becomes a member of support');
    }
  },
  { name: 'repositories', dependencies: ['database'] },
);
