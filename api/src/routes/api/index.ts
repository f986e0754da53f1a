// The one place routes are mounted: each folder here serves the URL of its path (routes/api/users ->
// /api/users), and every file in a folder that is mounted here serves that folder's URL
// (operator/inventory/console.ts -> /api/operator/inventory/exits). Files not mounted here serve nothing:
// they hold what a folder's routes share (operator/operator-route.ts, support/ticket-input.ts).
// The public API's files are mounted by v1/index.ts, the scope of its key check and problem details.
// Every route requires a signed-in user unless it declares `config: { public: true }`.
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { requireSession } from '../../plugins/auth.ts';
import account from './account/index.ts';
import twoFactor from './account/two-factor/index.ts';
import auth from './auth/index.ts';
import login from './auth/login.ts';
import portalConfig from './config/index.ts';
import health from './health/index.ts';
import operatorInventory from './operator/inventory/index.ts';
import operatorInventoryConsole from './operator/inventory/console.ts';
import priceClasses from './operator/inventory/price-classes.ts';
import operatorLeases from './operator/leases/index.ts';
import operatorMoney from './operator/money/index.ts';
import operatorReleases from './operator/releases/index.ts';
import releaseBeacon from './releases/beacon/index.ts';
import operatorBackup from './operator/backup/index.ts';
import operatorJobs from './operator/jobs/index.ts';
import operatorRoles from './operator/roles/index.ts';
import operatorCustomers from './operator/customers/index.ts';
import operatorAudit from './operator/audit/index.ts';
import orders from './orders/index.ts';
import payments from './payments/index.ts';
import sandbox from './payments/sandbox/index.ts';
import proxy from './proxy/index.ts';
import place from './proxy/place.ts';
import fromPrices from './proxy/from-prices.ts';
import proxyPurchases from './proxy/purchases.ts';
import ownProxies from './proxy/own.ts';
import autorenew from './proxy/autorenew/index.ts';
import history from './proxy/history/index.ts';
import replace from './proxy/replace/index.ts';
import desk from './support/desk/index.ts';
import support from './support/index.ts';
import ticketMessages from './support/messages.ts';
import users from './users/index.ts';
import v1 from './v1/index.ts';
import v1Docs from './v1/docs.ts';
import apiKeys from './account/api-keys/index.ts';
import webhooks from './account/webhooks/index.ts';

const api: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  // Scoped to this plugin: the portal's static files and the API docs are outside it.
  app.addHook('onRoute', (route) => requireSession(route, app.authenticate));
  await app.register(health, { prefix: '/api/health' });
  await app.register(auth, { prefix: '/api/auth' });
  await app.register(login, { prefix: '/api/auth' });
  await app.register(portalConfig, { prefix: '/api/config' });
  await app.register(users, { prefix: '/api/users', config });
  await app.register(account, { prefix: '/api/account' });
  await app.register(twoFactor, { prefix: '/api/account/two-factor' });
  await app.register(apiKeys, { prefix: '/api/account/api-keys' });
  await app.register(webhooks, { prefix: '/api/account/webhooks' });
  await app.register(proxy, { prefix: '/api/proxy' });
  await app.register(place, { prefix: '/api/proxy' });
  await app.register(fromPrices, { prefix: '/api/proxy' });
  await app.register(proxyPurchases, { prefix: '/api/proxy' });
  await app.register(ownProxies, { prefix: '/api/proxy' });
  await app.register(history, { prefix: '/api/proxy/history' });
  await app.register(autorenew, { prefix: '/api/proxy/autorenew' });
  await app.register(replace, { prefix: '/api/proxy/replace' });
  await app.register(orders, { prefix: '/api/orders' });
  await app.register(payments, { prefix: '/api/payments' });
  await app.register(support, { prefix: '/api/support' });
  await app.register(ticketMessages, { prefix: '/api/support' });
  await app.register(desk, { prefix: '/api/support/desk' });
  await app.register(operatorInventory, { prefix: '/api/operator/inventory' });
  await app.register(operatorInventoryConsole, { prefix: '/api/operator/inventory' });
  await app.register(priceClasses, { prefix: '/api/operator/inventory' });
  await app.register(operatorMoney, { prefix: '/api/operator/money' });
  await app.register(operatorLeases, { prefix: '/api/operator/leases' });
  await app.register(operatorReleases, { prefix: '/api/operator/releases' });
  await app.register(releaseBeacon, { prefix: '/api/releases/beacon' });
  await app.register(operatorJobs, { prefix: '/api/operator/jobs' });
  await app.register(operatorBackup, { prefix: '/api/operator/backup' });
  await app.register(operatorRoles, { prefix: '/api/operator/roles' });
  await app.register(operatorCustomers, { prefix: '/api/operator/customers' });
  await app.register(operatorAudit, { prefix: '/api/operator/audit' });
  // The public API: API keys instead of sessions, problem details instead of {message} (its own handlers).
  await app.register(v1, { prefix: '/api/v1' });
  await app.register(v1Docs, { prefix: '/api/v1' });
  // The test-mode checkout exists only while the sandbox is the provider.
  if (app.paymentProvider?.name === 'sandbox') {
    await app.register(sandbox, { prefix: '/api/payments/sandbox', returnUrl: `${config.publicUrl}/payments` });
  }
};

export default api;
