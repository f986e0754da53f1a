import { randomBytes } from 'node:crypto';
import type { TopupCoin } from 'contract/payments';

/**
 * The subset of BTCPay Server's webhook payload (Greenfield "WebhookInvoiceEvent") that crediting needs.
 * https://docs.btcpayserver.org/API/Greenfield/v1/#tag/Webhooks
 */
export interface BtcpayInvoiceEvent {
  deliveryId: string;
  webhookId: string;
  originalDeliveryId: string;
  isRedelivery: boolean;
  type: string;
  timestamp: number;
  storeId: string;
  invoiceId: string;
  metadata?: Record<string, unknown>;
  [extra: string]: unknown;
}

export type InvoiceEventType =
  | 'InvoiceSettled'
  | 'InvoiceExpired'
  | 'InvoiceInvalid'
  | 'InvoiceProcessing'
  | 'InvoiceReceivedPayment'
  | 'InvoicePaymentSettled';

/** A payment of an invoice: the coin and the id of the transaction that carried it. */
export interface InvoicePayment {
  coin: TopupCoin;
  transactionId: string;
}

const COINS: readonly string[] = ['BTC', 'LTC'] satisfies TopupCoin[];

/**
 * The payment a payment event carries (InvoiceReceivedPayment, InvoicePaymentSettled), or null. The method is
 * `paymentMethodId` in BTCPay 2 ("BTC-CHAIN", "LTC-CHAIN") and `paymentMethod` before ("BTC", "LTC"); its
 * coin is the part before the first separator. An on-chain payment's id is `<txid>-<output index>`: the
 * transaction id is what a customer finds in a block explorer, so the output index is dropped.
 */
export function paymentOf(event: BtcpayInvoiceEvent): InvoicePayment | null {
  const method = typeof event.paymentMethodId === 'string' ? event.paymentMethodId : event.paymentMethod;
  const payment = event.payment as { id?: unknown } | undefined;
  if (typeof method !== 'string' || typeof payment?.id !== 'string') return null;
  const coin = method.split(/[-_]/)[0]?.toUpperCase() ?? '';
  const transactionId = payment.id.replace(/-\d+$/, '');
  if (!COINS.includes(coin) || !/^[A-Za-z0-9]{1,128}$/.test(transactionId)) return null;
  return { coin: coin as TopupCoin, transactionId };
}

/** What a webhook means for our order: pay it in, give up on it, or nothing we act on. */
export type InvoiceOutcome = 'settled' | 'failed' | 'ignored';

export function outcomeOf(eventType: string): InvoiceOutcome {
  switch (eventType) {
    case 'InvoiceSettled':
      return 'settled';
    case 'InvoiceExpired':
    case 'InvoiceInvalid':
      return 'failed';
    default:
      // InvoiceCreated, InvoiceReceivedPayment, InvoiceProcessing, InvoicePaymentSettled: money is not final yet.
      return 'ignored';
  }
}

/**
 * Reads a verified webhook body. Returns null for anything that is not an invoice event we can key on,
 * which the route acknowledges without acting (BTCPay would otherwise retry it forever).
 */
export function parseInvoiceEvent(rawBody: Buffer): BtcpayInvoiceEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const event = value as Record<string, unknown>;
  if (typeof event.type !== 'string' || typeof event.invoiceId !== 'string' || event.invoiceId.length === 0) return null;
  return event as BtcpayInvoiceEvent;
}

const randomId = () => randomBytes(16).toString('base64url');

/**
 * An invoice event shaped exactly as BTCPay sends it. The sandbox checkout delivers these to the app, and
 * the tests' fake BTCPay server sends them, so both go through the production webhook path.
 */
export function buildInvoiceEvent(input: {
  type: InvoiceEventType;
  storeId: string;
  invoiceId: string;
  webhookId: string;
  metadata?: Record<string, unknown>;
  /** A payment event's payment, as BTCPay 2 writes it. */
  payment?: InvoicePayment;
}): BtcpayInvoiceEvent {
  const deliveryId = randomId();
  const event: BtcpayInvoiceEvent = {
    deliveryId,
    webhookId: input.webhookId,
    originalDeliveryId: deliveryId,
    isRedelivery: false,
    type: input.type,
    timestamp: Math.floor(Date.now() / 1000),
    storeId: input.storeId,
    invoiceId: input.invoiceId,
    metadata: input.metadata ?? {},
  };
  if (input.type === 'InvoiceSettled' || input.type === 'InvoiceInvalid') event.manuallyMarked = false;
  if (input.payment) {
    event.afterExpiration = false;
    event.paymentMethodId = `${input.payment.coin}-CHAIN`;
    event.payment = { id: `${input.payment.transactionId}-0`, receivedDate: event.timestamp, status: 'Settled' };
  }
  if (input.type === 'InvoiceSettled') event.overPaid = false;
  if (input.type === 'InvoiceExpired') event.partiallyPaid = false;
  return event;
}

/** BTCPay's "Redeliver": a new delivery id, pointing at the original, flagged as a redelivery. */
export function redeliveryOf(event: BtcpayInvoiceEvent): BtcpayInvoiceEvent {
  return { ...event, deliveryId: randomId(), originalDeliveryId: event.originalDeliveryId, isRedelivery: true };
}
