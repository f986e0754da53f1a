// Crediting a paid invoice. One transaction locks the order row,
// moves it pending -> completed and posts its `topup` ledger row; a delivery that finds the order already
// completed changes nothing. So any number of deliveries, redeliveries or concurrent copies of a webhook
// credit an invoice exactly once (the ledger's unique topup reference backs the row lock up). A settlement
// that arrives after the order expired (failed) is credited the same way, once, and the order is marked
// `settled_late` for the operator. The coin and transaction id a payment event reports are stored on the
// order whatever its state and however often they come (BTCPay may deliver the payment's event after the
// invoice's), so the top-up history can show them.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { centsToDollars } from 'contract/money';
import { queueWebhookEvent } from '../webhooks/webhooks.ts';
import { postLedgerEntry } from '../ledger/ledger.ts';
import type { InvoiceOutcome, InvoicePayment } from './btcpay/btcpay-event.ts';
import type { PaymentProvider } from './payment-provider.ts';

const UNIQUE_VIOLATION = '23505';

export type CreditResult =
  /** The order was completed and the balance credited now: tell the user. `late`: it had expired first. */
  | { kind: 'credited'; userId: string; balanceCents: number; late: boolean }
  /** An earlier delivery credited it; nothing changed. */
  | { kind: 'already-credited' }
  /** The invoice expired or is invalid; the pending order is now failed (or was already). */
  | { kind: 'failed' }
  /** An event we do not act on, or one about an order that is already final. */
  | { kind: 'ignored' }
  /** No order of this provider has the invoice id. */
  | { kind: 'unknown-invoice' };

/** The ledger reference of an invoice's credit: one per invoice, enforced by a unique index. */
export const topupReference = (invoiceId: string) => `invoice:${invoiceId}`;

export async function applyInvoiceOutcome(
  db: Kysely<Schema>,
  provider: PaymentProvider['name'],
  invoiceId: string,
  outcome: InvoiceOutcome,
  payment: InvoicePayment | null = null,
): Promise<CreditResult> {
  if (outcome === 'ignored' && payment === null) return { kind: 'ignored' };
  try {
    return await db.transaction().execute(async (trx): Promise<CreditResult> => {
      const order = await trx
        .selectFrom('payment_orders')
        .select(['id', 'user_id', 'amount_cents', 'status'])
        .where('invoice_id', '=', invoiceId)
        .where('provider', '=', provider)
        .forUpdate()
        .executeTakeFirst();
      if (!order) return outcome === 'ignored' ? { kind: 'ignored' } : { kind: 'unknown-invoice' };
      if (payment !== null) {
        await trx.updateTable('payment_orders').set({ coin: payment.coin, transaction_id: payment.transactionId }).where('id', '=', order.id).execute();
      }
      if (outcome === 'ignored') return { kind: 'ignored' };
      if (order.status === 'completed') return { kind: 'already-credited' };

      if (outcome === 'failed') {
        await trx.updateTable('payment_orders').set({ status: 'failed' }).where('id', '=', order.id).execute();
        return { kind: 'failed' };
      }

      // Settled, also after an expiry: BTCPay settles an invoice paid late or marked settled by hand.
      const late = order.status === 'failed';
      await trx
        .updateTable('payment_orders')
        .set({ status: 'completed', completed_at: new Date(), settled_late: late })
        .where('id', '=', order.id)
        .execute();
      const posted = await postLedgerEntry(trx, {
        userId: order.user_id,
        kind: 'topup',
        amountCents: order.amount_cents,
        reference: topupReference(invoiceId),
      });
      // The customer's webhooks hear of it with the credit (the outbox delivers after the commit).
      await queueWebhookEvent(trx, order.user_id, 'balance.credited', {
        amount: centsToDollars(order.amount_cents),
        balance: centsToDollars(posted.balanceCents),
        invoiceId,
      });
      return { kind: 'credited', userId: order.user_id, balanceCents: posted.balanceCents, late };
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return { kind: 'already-credited' };
    throw error;
  }
}
