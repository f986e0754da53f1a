import { centsToDecimalString, PaymentProviderError, type Checkout, type CheckoutRequest, type PaymentProvider } from '../payment-provider.ts';

export interface BtcpaySettings {
  /** Base URL of the BTCPay Server instance, e.g. https://pay.example.com */
  url: string;
  storeId: string;
  /** Greenfield API key with btcpay.store.cancreateinvoice on this store. */
  apiKey: string;
  webhookSecret: string;
  /** Where BTCPay sends the payer after checkout: the portal's /payments page. */
  redirectUrl: string;
  /** How long to wait for BTCPay before giving up on creating the invoice. */
  timeoutMs?: number;
}

/**
 * On-chain Bitcoin and Litecoin, the only two coins the shop takes. BTCPay 2.x names them BTC-CHAIN / LTC-CHAIN;
 * it still accepts the 1.x names BTC / LTC as input, but the 2.x ids are what its API returns.
 */
export const BTCPAY_PAYMENT_METHODS = ['BTC-CHAIN', 'LTC-CHAIN'] as const;

interface BtcpayInvoice {
  id: string;
  checkoutLink: string;
}

/** BTCPay Server Greenfield API: one invoice per order, paid on BTCPay's hosted checkout. */
export function createBtcpayProvider(settings: BtcpaySettings): PaymentProvider {
  const base = settings.url.replace(/\/+$/, '');
  const endpoint = `${base}/api/v1/stores/${encodeURIComponent(settings.storeId)}/invoices`;
  return {
    name: 'btcpay',
    webhookSecret: settings.webhookSecret,
    async createCheckout(order: CheckoutRequest): Promise<Checkout> {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { Authorization: `token ${settings.apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({
            amount: centsToDecimalString(order.amountCents),
            currency: order.currency,
            metadata: { orderId: order.orderId },
            checkout: {
              paymentMethods: [...BTCPAY_PAYMENT_METHODS],
              redirectURL: settings.redirectUrl,
              redirectAutomatically: true,
            },
          }),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new PaymentProviderError(`BTCPay unreachable: ${(error as Error).message}`, { cause: error });
      }
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 500);
        throw new PaymentProviderError(`BTCPay answered ${response.status} creating an invoice: ${detail}`);
      }
      const invoice = (await response.json()) as Partial<BtcpayInvoice>;
      if (typeof invoice.id !== 'string' || typeof invoice.checkoutLink !== 'string') {
        throw new PaymentProviderError('BTCPay answered without an invoice id or checkout link');
      }
      return { invoiceId: invoice.id, checkoutUrl: invoice.checkoutLink };
    },
  };
}
