/**
 * A payment processor that turns an order into a hosted checkout. Both providers
 * confirm payments the same way afterwards: a BTCPay-format webhook signed with `webhookSecret`, which the
 * one webhook route verifies and credits, so the sandbox exercises exactly the production crediting path.
 */
import type { PaymentProviderName } from 'contract/payments';

export interface PaymentProvider {
  /** Also the last path segment of the provider's webhook URL: /api/payments/webhook/{name}. */
  readonly name: PaymentProviderName;
  /** HMAC key of the `BTCPay-Sig` header on this provider's webhooks. */
  readonly webhookSecret: string;
  createCheckout(order: CheckoutRequest): Promise<Checkout>;
}

export interface CheckoutRequest {
  orderId: string;
  amountCents: number;
  /** ISO 4217; the shop only sells in USD. */
  currency: string;
}

export interface Checkout {
  /** The provider's invoice id: the idempotency key of crediting. */
  invoiceId: string;
  /** Where the payer's browser goes to pay. */
  checkoutUrl: string;
}

/** The provider could not create a checkout (network, auth, validation on its side). */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** Cents as the decimal string payment APIs expect: 5000 -> "50.00". */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
