// Helpers of the history and renewal tests: buy a lease, read it back, move the clock to its end, and
// record what the customer was told.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { sql } from 'kysely';
import type { LeaseEvent } from 'contract/realtime';
import type { App } from '../app.ts';
import type { LeasesConfig } from '../config.ts';
import { build, openTestDatabase, type Backend } from './helpers.ts';
import { forSale } from '../marketplace/listing-sql.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import type { Customer } from './market-kit.ts';

export interface LeaseRow {
  id: number;
  listing_id: number;
  renew: boolean;
  price_cents: number;
  expires_at: Date;
  ended_at: Date | null;
}

/** Two app instances on one database, as behind a load balancer (a demo inventory of `inventorySize`). */
export async function twoInstances(t: TestContext, backend: Backend, inventorySize = 200, leases: Partial<LeasesConfig> = {}): Promise<[App, App]> {
  const database = await openTestDatabase(backend);
  t.after(() => database.close());
  const config = { marketplace: { inventorySize, inventorySeed: 42, cacheMs: 1000 }, leases };
  return [await build(t, backend, { database, config }), await build(t, backend, { database, config })];
}

/** Online listings nobody leases, cheapest first (ids as strings, as the page sends them). */
export async function listingsForSale(app: App, count: number): Promise<{ id: string; real_ip: string }[]> {
  const rows = await marketDb(app.db)
    .selectFrom('proxy_listings')
    .select(['id', 'real_ip'])
    .where(forSale)
    .orderBy('id')
    .limit(count)
    .execute();
  assert.equal(rows.length, count, 'enough listings for sale');
  return rows.map((row) => ({ id: String(row.id), real_ip: row.real_ip }));
}

/** Buys the listings for the customer and returns the new leases in the same order. */
export async function buy(app: App, who: Customer, listingIds: string[]): Promise<LeaseRow[]> {
  const result = await app.repositories.purchases.buy(who.id, listingIds);
  assert.ok(result.ok, JSON.stringify(result));
  const leases: LeaseRow[] = [];
  for (const id of listingIds) {
    const row = await marketDb(app.db)
      .selectFrom('proxy_leases')
      .select(['id', 'listing_id', 'renew', 'price_cents', 'expires_at', 'ended_at'])
      .where('listing_id', '=', Number(id))
      .where('user_id', '=', who.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    leases.push(normalise(row));
  }
  return leases;
}

function normalise(row: { id: number; listing_id: number; renew: boolean; price_cents: number; expires_at: Date; ended_at: Date | null }): LeaseRow {
  return {
    id: Number(row.id),
    listing_id: Number(row.listing_id),
    renew: row.renew,
    price_cents: Number(row.price_cents),
    expires_at: new Date(row.expires_at),
    ended_at: row.ended_at === null ? null : new Date(row.ended_at),
  };
}

export async function leaseRow(app: App, id: number): Promise<LeaseRow> {
  const row = await marketDb(app.db)
    .selectFrom('proxy_leases')
    .select(['id', 'listing_id', 'renew', 'price_cents', 'expires_at', 'ended_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return normalise(row);
}

export async function setRenew(app: App, leaseId: number, renew: boolean): Promise<void> {
  await marketDb(app.db).updateTable('proxy_leases').set({ renew }).where('id', '=', leaseId).execute();
}

export async function setOnline(app: App, listingId: number, online: boolean): Promise<void> {
  await marketDb(app.db).updateTable('proxy_listings').set({ online }).where('id', '=', listingId).execute();
}

export async function renewalCount(app: App, leaseId: number): Promise<number> {
  const row = await marketDb(app.db)
    .selectFrom('lease_renewals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lease_id', '=', leaseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function ledgerRows(app: App, userId: string, kind: 'purchase' | 'renewal') {
  const rows = await app.db.selectFrom('ledger').select(['amount_cents', 'reference']).where('user_id', '=', userId).where('kind', '=', kind).orderBy('id').execute();
  return rows.map((row) => ({ amount_cents: Number(row.amount_cents), reference: row.reference }));
}

/** Whether the listing is on the market at `at` (the for-sale rule, evaluated at that moment). */
export async function onMarketAt(app: App, listingId: number, at: Date): Promise<boolean> {
  const row = await marketDb(app.db)
    .selectFrom('proxy_listings')
    .select(['online', 'leased_until'])
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
  return row.online && (row.leased_until === null || new Date(row.leased_until) <= at);
}

export const seconds = (date: Date, s: number) => new Date(date.getTime() + s * 1000);

/** Every lease event and balance notification the app sends from now on. */
export function recordNotifications(app: App): { leases: { userId: string; event: LeaseEvent }[]; balances: string[] } {
  const recorded = { leases: [] as { userId: string; event: LeaseEvent }[], balances: [] as string[] };
  const { notifyLease, notifyBalance } = app;
  app.notifyLease = (userId, event) => {
    recorded.leases.push({ userId, event });
    notifyLease(userId, event);
  };
  app.notifyBalance = (userId) => {
    recorded.balances.push(userId);
    notifyBalance(userId);
  };
  return recorded;
}

/** The mails in the app's outbox (embedded default: no SMTP server), headers unfolded and soft line breaks joined. */
export async function outbox(app: App): Promise<string[]> {
  const dir = app.config.mail.outboxDir;
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    return [];
  }
  const mails = await Promise.all(files.sort().map((file) => readFile(join(dir, file), 'utf8')));
  return mails.map((mail) => mail.replaceAll('=\n', '').replaceAll('\n ', ' '));
}

/** The exit of a lease confirmed dead `minutesAgo` minutes ago, written as the checker records it (state and transition). */
export async function exitConfirmedDead(app: App, historyId: number, minutesAgo = 0): Promise<void> {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await sql`
    with moved as (
      update exits set state = 'dead', state_changed_at = ${at}
      where id = (select li.exit_id from proxy_leases le join proxy_listings li on li.id = le.listing_id where le.id = ${historyId})
      returning id)
    insert into exit_state_changes (exit_id, from_state, to_state, reason, check_interval_s, changed_at)
    select id, 'online', 'dead', 'check failed at connect: refused (3 failures in a row)', 60, ${at} from moved`.execute(app.db);
}
