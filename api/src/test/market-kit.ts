// Helpers of the marketplace API tests: an app with a small demo inventory, customers with a balance,
// and the money invariant (every balance equals its ledger sum and none is negative).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { TestContext } from 'node:test';
import { sql } from 'kysely';
import type { App } from '../app.ts';
import { postLedgerEntry } from '../ledger/ledger.ts';
import { build, injectWithLogin, type Backend } from './helpers.ts';
import { marketDb } from '../marketplace/market-schema.ts';

export interface Customer {
  id: string;
  token: string;
}

export function buildMarket(t: TestContext, backend: Backend, inventorySize = 600, cacheMs = 1000): Promise<App> {
  return build(t, backend, { config: { marketplace: { inventorySize, inventorySeed: 42, cacheMs } } });
}

/**
 * A signed-in customer whose balance came from a `topup` ledger row. Created directly (no argon2, no
 * captcha): these tests are about buying, and races need dozens of customers.
 */
export async function customer(app: App, balanceCents: number): Promise<Customer> {
  const name = `buyer_${randomBytes(5).toString('hex')}`;
  const user = await app.db
    .insertInto('users')
    .values({ username: name, email: `${name}@example.com`, password_hash: 'not-used-by-these-tests' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (balanceCents > 0) {
    await app.db.transaction().execute((trx) =>
      postLedgerEntry(trx, { userId: user.id, kind: 'topup', amountCents: balanceCents, reference: `test-topup:${name}` }),
    );
  }
  const { token } = await app.sessions.start(user.id);
  return { id: user.id, token };
}

export function call(app: App, who: Customer, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return injectWithLogin(app, who.token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function balanceOf(app: App, userId: string): Promise<number> {
  const row = await app.db.selectFrom('users').select('balance_cents').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

export async function assertBalancesEqualLedger(app: App): Promise<void> {
  const rows = await sql<{ id: string; balance_cents: string | number; ledger: string | number | null }>`
    select u.id, u.balance_cents, (select sum(amount_cents) from ledger l where l.user_id = u.id) as ledger
    from users u`.execute(app.db);
  for (const row of rows.rows) {
    assert.equal(Number(row.balance_cents), Number(row.ledger ?? 0), `user ${row.id}: balance differs from ledger`);
    assert.ok(Number(row.balance_cents) >= 0, `user ${row.id}: negative balance`);
  }
}

export async function tableCounts(app: App): Promise<{ leases: number; ledger: number; leased: number }> {
  const market = marketDb(app.db);
  const leases = await market.selectFrom('proxy_leases').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const ledger = await app.db.selectFrom('ledger').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const leased = await market
    .selectFrom('proxy_listings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('leased_until', 'is not', null)
    .executeTakeFirstOrThrow();
  return { leases: Number(leases.n), ledger: Number(ledger.n), leased: Number(leased.n) };
}
