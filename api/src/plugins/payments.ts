// Picks the payment provider the config names and exposes it as `app.paymentProvider` (null: payments
// are off). The routes under /api/orders and /api/payments read it; the sandbox checkout exists only
// when the sandbox is the provider.
import { randomBytes } from 'node:crypto';
import { PAID_QUERY } from 'contract/checkout-return';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createBtcpayProvider } from '../payments/btcpay/btcpay-provider.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { createSandboxProvider } from '../payments/sandbox/sandbox-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** null: payments are switched off (sandbox in production without PAYMENT_SANDBOX_ENABLED). */
    paymentProvider: PaymentProvider | null;
  }
}

/** The configured provider, or null when payments are switched off (sandbox refused in production). */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  const settings = config.payments;
  if (settings.provider === 'btcpay') {
    return createBtcpayProvider({ ...settings.btcpay, redirectUrl: `${config.publicUrl}/payments?${PAID_QUERY}` });
  }
  if (!settings.sandboxEnabled) return null;
  // The sandbox signs and verifies in this process only, so a fresh secret per start is enough.
  return createSandboxProvider({ publicUrl: config.publicUrl, webhookSecret: randomBytes(32).toString('hex') });
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const provider = createPaymentProvider(config);
    if (!provider) {
      app.log.warn('payments are off: PAYMENT_PROVIDER=sandbox is test mode and NODE_ENV=production (set PAYMENT_PROVIDER=btcpay)');
    } else if (provider.name === 'sandbox') {
      app.log.warn('payments run in TEST MODE (sandbox provider): no real money is taken');
    }
    app.decorate('paymentProvider', provider);
  },
  { name: 'payments' },
);
