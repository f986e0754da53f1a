// Top-up orders: starting one at the provider, and reading them back for their owner.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { OrderRecord, TopupRecord } from 'contract/payments';
import type { Schema } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { PaymentProviderError, type PaymentProvider } from './payment-provider.ts';
import { toCents, topUpMessages, topUpProblem } from './top-up-rules.ts';

const toDollars = (cents: number) => cents / 100;

async function hasCompletedTopUp(db: Kysely<Schema>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Checks decision 7's amount rules, records the order as pending, then asks the provider for a checkout.
 * The provider call happens outside any transaction (it is a network call); if it fails the order is
 * marked failed and the PaymentProviderError goes to the caller.
 */
export async function startOrder(
  db: Kysely<Schema>,
  provider: PaymentProvider,
  userId: string,
  amount: number,
  log: FastifyBaseLogger,
): Promise<{ orderId: string; checkoutUrl: string }> {
  const amountCents = toCents(amount);
  if (amountCents === null) throw new HttpError(400, topUpMessages.decimals);
  const problem = topUpProblem(amountCents, await hasCompletedTopUp(db, userId));
  if (problem) throw new HttpError(400, problem);

  const order = await db
    .insertInto('payment_orders')
    .values({ user_id: userId, amount_cents: amountCents, currency: 'USD', provider: provider.name })
    .returning('id')
    .executeTakeFirstOrThrow();

  let checkout;
  try {
    checkout = await provider.createCheckout({ orderId: order.id, amountCents, currency: 'USD' });
  } catch (error) {
    log.error({ err: error, orderId: order.id, provider: provider.name }, 'payment provider refused to create a checkout');
    await db.updateTable('payment_orders').set({ status: 'failed' }).where('id', '=', order.id).execute();
    throw error instanceof PaymentProviderError ? error : new PaymentProviderError(String(error), { cause: error });
  }
  await db
    .updateTable('payment_orders')
    .set({ invoice_id: checkout.invoiceId, checkout_url: checkout.checkoutUrl })
    .where('id', '=', order.id)
    .execute();
  return { orderId: order.id, checkoutUrl: checkout.checkoutUrl };
}

export async function listOrders(db: Kysely<Schema>, userId: string): Promise<OrderRecord[]> {
  const rows = await db
    .selectFrom('payment_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    amount: toDollars(row.amount_cents),
    currency: 'USD',
    status: row.status,
    provider: row.provider,
    invoiceId: row.invoice_id,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
  }));
}

/** Every top-up order with its status (the page lists the completed ones, SPEC §2). */
export async function listTopups(db: Kysely<Schema>, userId: string): Promise<TopupRecord[]> {
  const rows = await db
    .selectFrom('payment_orders')
    .select(['id', 'amount_cents', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ _id: row.id, amount: toDollars(row.amount_cents), status: row.status, createdAt: row.created_at.toISOString() }));
}

/** The sandbox checkout's view of an order, by invoice id. */
export function findOrderByInvoice(db: Kysely<Schema>, provider: PaymentProvider['name'], invoiceId: string) {
  return db
    .selectFrom('payment_orders')
    .select(['id', 'amount_cents', 'status'])
    .where('invoice_id', '=', invoiceId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}
