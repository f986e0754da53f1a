// Top-up orders: starting one at the provider, and reading them back for their owner.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { centsToDollars, dollarsToCents } from 'contract/money';
import type { OrderRecord, TopupRecord } from 'contract/payments';
import type { Schema } from '../db/schema.ts';
import { applyInvoiceOutcome } from './crediting.ts';
import type { InvoiceOutcome, InvoicePayment } from './btcpay/btcpay-event.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { topUpMessages, topUpProblem } from './top-up-rules.ts';

export type StartOrderResult =
  | { ok: true; orderId: string; checkoutUrl: string }
  /** The amount breaks a top-up rule; `message` says which. */
  | { ok: false; reason: 'refused'; message: string }
  /** The provider could not create a checkout; the order is marked failed. */
  | { ok: false; reason: 'provider-down' };

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
 * Checks the top-up amount rules, records the order as pending, then asks the provider for a checkout.
 * The provider call happens outside any transaction (it is a network call); if it fails the order is
 * marked failed.
 */
async function startOrder(
  db: Kysely<Schema>,
  provider: PaymentProvider,
  userId: string,
  amount: number,
  log: FastifyBaseLogger,
): Promise<StartOrderResult> {
  const amountCents = dollarsToCents(amount);
  if (amountCents === null) return { ok: false, reason: 'refused', message: topUpMessages.decimals };
  const problem = topUpProblem(amountCents, await hasCompletedTopUp(db, userId));
  if (problem) return { ok: false, reason: 'refused', message: problem };

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
    return { ok: false, reason: 'provider-down' };
  }
  await db
    .updateTable('payment_orders')
    .set({ invoice_id: checkout.invoiceId, checkout_url: checkout.checkoutUrl })
    .where('id', '=', order.id)
    .execute();
  return { ok: true, orderId: order.id, checkoutUrl: checkout.checkoutUrl };
}

/** The user's orders, newest first. */
function ordersOf(db: Kysely<Schema>, userId: string) {
  return db.selectFrom('payment_orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

async function listOrders(db: Kysely<Schema>, userId: string): Promise<OrderRecord[]> {
  return (await ordersOf(db, userId)).map((row) => ({
    _id: row.id,
    amount: centsToDollars(row.amount_cents),
    currency: 'USD',
    status: row.status,
    provider: row.provider,
    invoiceId: row.invoice_id,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    settledLate: row.settled_late,
  }));
}

/** Every top-up order with its status (the page lists the completed ones). */
async function listTopups(db: Kysely<Schema>, userId: string): Promise<TopupRecord[]> {
  return (await ordersOf(db, userId)).map((row) => ({
    _id: row.id,
    amount: centsToDollars(row.amount_cents),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    coin: row.coin,
    transactionId: row.transaction_id,
  }));
}

/** The sandbox checkout's view of an order, by invoice id. */
function findOrderByInvoice(db: Kysely<Schema>, provider: PaymentProvider['name'], invoiceId: string) {
  return db
    .selectFrom('payment_orders')
    .select(['id', 'amount_cents', 'status'])
    .where('invoice_id', '=', invoiceId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

export function createOrderRepository(db: Kysely<Schema>) {
  return {
    start: (provider: PaymentProvider, userId: string, amount: number, log: FastifyBaseLogger) => startOrder(db, provider, userId, amount, log),
    list: (userId: string) => listOrders(db, userId),
    listTopups: (userId: string) => listTopups(db, userId),
    findByInvoice: (provider: PaymentProvider['name'], invoiceId: string) => findOrderByInvoice(db, provider, invoiceId),
    /** Credits a settled invoice once, or fails an expired one (see crediting.ts). */
    applyInvoiceOutcome: (provider: PaymentProvider['name'], invoiceId: string, outcome: InvoiceOutcome, payment: InvoicePayment | null = null) =>
      applyInvoiceOutcome(db, provider, invoiceId, outcome, payment),
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
