// Helpers of the support API tests: an app with a small inventory, customers who bought a proxy, members
// of support, and calls in every method the ticket routes use.
import type { TestContext } from 'node:test';
import type { InjectOptions } from 'fastify';
import type { App } from '../app.ts';
import type { Config } from '../config.ts';
import { customer, type Customer } from './market-kit.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import { build, injectWithLogin, type Backend } from './helpers.ts';

export type { Customer };
export { customer };

type SupportOverrides = Partial<Config['support']>;

export function buildSupport(t: TestContext, backend: Backend, support: SupportOverrides = {}): Promise<App> {
  return build(t, backend, { config: { marketplace: { inventorySize: 200, inventorySeed: 7, cacheMs: 0 }, support } });
}

export function call(app: App, who: Customer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return injectWithLogin(app, who.token, { method, url, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
}

/** A customer in support, granted the way the operator's command does it. */
export async function supportMember(app: App): Promise<Customer & { username: string }> {
  const member = await customer(app, 0);
  const { username } = await app.db.selectFrom('users').select('username').where('id', '=', member.id).executeTakeFirstOrThrow();
  const granted = await app.repositories.supportRoles.grant(username);
  if (!granted.ok) throw new Error('grant failed');
  return { ...member, username };
}

/** Buys one proxy for the customer; returns its history id and price. */
export async function buyProxy(app: App, who: Customer): Promise<{ historyId: number; priceCents: number }> {
  const [listing] = (await call(app, who, 'POST', '/api/proxy/search', { COUNTRY: 'US', METHOD: 'search', STATE: await anyState(app, who) })).json<Array<{ id: string }>>();
  if (!listing) throw new Error('nothing for sale');
  const bought = await call(app, who, 'POST', '/api/proxy/buy', { ID: [listing.id] });
  if (bought.statusCode !== 200) throw new Error(`buy failed: ${bought.body}`);
  const lease = await marketDb(app.db)
    .selectFrom('proxy_leases')
    .select(['id', 'price_cents'])
    .where('user_id', '=', who.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { historyId: Number(lease.id), priceCents: Number(lease.price_cents) };
}

async function anyState(app: App, who: Customer): Promise<string> {
  const states = (await call(app, who, 'GET', '/api/proxy/states')).json<Array<{ state: string; cnt: number }>>();
  const state = [...states].sort((a, b) => b.cnt - a.cnt)[0];
  if (!state) throw new Error('no states');
  return state.state;
}

/** Moves a purchase back in time, as if it had been bought `hours` ago. */
export async function agePurchase(app: App, historyId: number, hours: number): Promise<void> {
  const at = new Date(Date.now() - hours * 60 * 60 * 1000);
  await marketDb(app.db).updateTable('proxy_leases').set({ created_at: at, starts_at: at } as never).where('id', '=', historyId).execute();
}

/** Rows of every table a ticket call may write, to prove a refused call wrote nothing. */
export async function supportRowCounts(app: App): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['tickets', 'ticket_messages', 'refunds', 'ledger', 'staff_roles'] as const) {
    const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
