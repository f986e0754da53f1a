// Wires payments into the app: picks the provider the config names and mounts /api/orders and
// /api/payments (with the sandbox checkout when the sandbox is the provider). app.ts registers this once.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import orders from '../routes/orders/index.ts';
import payments from '../routes/payments/index.ts';
import sandbox from '../routes/payments/sandbox/index.ts';
import { createBtcpayProvider } from './btcpay/btcpay-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox/sandbox-provider.ts';

/** The configured provider, or null when payments are switched off (sandbox refused in production). */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  const settings = config.payments;
  if (settings.provider === 'btcpay') {
    return createBtcpayProvider({ ...settings.btcpay, redirectUrl: `${config.publicUrl}/payments` });
  }
  if (!settings.sandboxEnabled) return null;
  // The sandbox signs and verifies in this process only, so a fresh secret per start is enough.
  return createSandboxProvider({ publicUrl: config.publicUrl, webhookSecret: randomBytes(32).toString('hex') });
}

const paymentsPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const provider = createPaymentProvider(config);
  if (!provider) {
    app.log.warn('payments are off: PAYMENT_PROVIDER=sandbox is test mode and NODE_ENV=production (set PAYMENT_PROVIDER=btcpay)');
  } else if (provider.name === 'sandbox') {
    app.log.warn('payments run in TEST MODE (sandbox provider): no real money is taken');
  }
  await app.register(orders, { prefix: '/api/orders', provider });
  await app.register(payments, { prefix: '/api/payments', provider });
  if (provider?.name === 'sandbox') {
    await app.register(sandbox, { prefix: '/api/payments/sandbox', provider, returnUrl: `${config.publicUrl}/payments` });
  }
};

export default paymentsPlugin;
