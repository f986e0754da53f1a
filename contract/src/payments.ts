// /api/orders and /api/payments on the wire: top-up orders and what the balance paid for. Amounts in dollars.
import Type, { type Static } from 'typebox';

/** A top-up order's life: pending until the processor settles (completed) or expires/refuses it (failed). */
export const OrderStatus = Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('failed')]);
export type OrderStatus = Static<typeof OrderStatus>;

/** Who processes the payment: BTCPay Server, or the test-mode sandbox. */
export const PaymentProviderName = Type.Union([Type.Literal('btcpay'), Type.Literal('sandbox')]);
export type PaymentProviderName = Static<typeof PaymentProviderName>;

/**
 * POST /api/orders. `amount` in dollars with at most two decimals; `currency` is checked by the API (only
 * USD) so that another value gets a clear message rather than a schema error.
 */
export const CreateOrderBody = Type.Object({
  amount: Type.Number({ minimum: 0, maximum: 1e9 }),
  currency: Type.String({ maxLength: 8 }),
});
export interface CreateOrderRequest {
  amount: number;
  currency: 'USD';
}

/**
 * POST /api/orders answers 201 with the checkout URL as the whole body, JSON-encoded:
 * `"https://pay.example/i/abc"`. The page sends the browser there. Refusals are 4xx/502/503 with `{message}`.
 */
export const CreateOrderResponse = Type.String();
export type CreateOrderResponse = Static<typeof CreateOrderResponse>;

/** GET /api/orders/{userId}: the signed-in user's orders, newest first. */
export const OrderRecord = Type.Object({
  _id: Type.String(),
  amount: Type.Number(),
  currency: Type.Literal('USD'),
  status: OrderStatus,
  provider: PaymentProviderName,
  /** The payment processor's invoice id (the transaction id shown to the user); null until created. */
  invoiceId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  completedAt: Type.Union([Type.String(), Type.Null()]),
  /** The payment settled after the order had expired: credited all the same, and marked for the operator. */
  settledLate: Type.Boolean(),
});
export type OrderRecord = Static<typeof OrderRecord>;

/** The coins a top-up is paid in. */
export const TopupCoin = Type.Union([Type.Literal('BTC'), Type.Literal('LTC')]);
export type TopupCoin = Static<typeof TopupCoin>;

/**
 * GET /api/payments/topups/{userId}: every top-up order of the signed-in user, newest first, with its
 * status; the page lists the completed ones, pending and failed ones are for support.
 */
export const TopupRecord = Type.Object({
  _id: Type.String(),
  amount: Type.Number(),
  status: OrderStatus,
  createdAt: Type.String(),
  /** The coin it was paid in and the paying transaction's id; null until it settles, and for older top-ups. */
  coin: Type.Union([TopupCoin, Type.Null()]),
  transactionId: Type.Union([Type.String(), Type.Null()]),
});
export type TopupRecord = Static<typeof TopupRecord>;

/**
 * GET /api/payments/expenses: the signed-in user's purchases and renewals, newest first. `buy_price` is the
 * positive amount paid in dollars; the page shows it negative. `kind` says whether the debit bought the
 * proxy or renewed it for another period.
 */
export const ExpenseRecord = Type.Object({
  id: Type.String(),
  added_timestamp: Type.String(),
  proxy: Type.String(),
  buy_price: Type.Number(),
  kind: Type.Union([Type.Literal('purchase'), Type.Literal('renewal')]),
});
export type ExpenseRecord = Static<typeof ExpenseRecord>;
