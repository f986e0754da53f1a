import { randomBytes } from 'node:crypto';
import type { Checkout, CheckoutRequest, PaymentProvider } from '../payment-provider.ts';

/** Where the sandbox checkout lives, under /api so every dev proxy and load balancer route already reaches it. */
export const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox/checkout';

/** Sandbox invoice ids are recognisable at a glance in the ledger and in support tickets. */
export const SANDBOX_INVOICE_PREFIX = 'sandbox_';

/**
 * The embedded default provider, for development and demos: no money moves. Its checkout page is served by
 * this API; confirming there delivers a BTCPay-format webhook signed with `webhookSecret` to this same app.
 */
export function createSandboxProvider(settings: { publicUrl: string; webhookSecret: string }): PaymentProvider {
  return {
    name: 'sandbox',
    webhookSecret: settings.webhookSecret,
    async createCheckout(_order: CheckoutRequest): Promise<Checkout> {
      const invoiceId = SANDBOX_INVOICE_PREFIX + randomBytes(16).toString('base64url');
      return { invoiceId, checkoutUrl: `${settings.publicUrl}${SANDBOX_CHECKOUT_PATH}/${invoiceId}` };
    },
  };
}
