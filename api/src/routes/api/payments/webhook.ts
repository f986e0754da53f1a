// POST /api/payments/webhook/{provider}: where the payment processor reports invoice events. The one path
// by which money reaches a balance: BTCPay's deliveries and the sandbox's confirmations both come here,
// are verified against the raw bytes, and credit through the order repository's applyInvoiceOutcome.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageResponse } from 'contract/errors';
import { findInvalidText } from '../../../http/invalid-text.ts';
import { errors } from '../../../http/schemas.ts';
import { outcomeOf, parseInvoiceEvent, paymentOf } from '../../../payments/btcpay/btcpay-event.ts';
import type { PaymentProvider } from '../../../payments/payment-provider.ts';
import { isValidWebhookSignature } from '../../../payments/webhook-signature.ts';

export const SIGNATURE_HEADER = 'btcpay-sig';
/** BTCPay's invoice events are a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const webhookMessages = {
  badSignature: 'Invalid or missing webhook signature.',
  notAnEvent: 'The body is not an invoice event.',
  unknownInvoice: 'Unknown invoice.',
} as const;

const webhook: FastifyPluginAsyncTypebox<{ provider: PaymentProvider }> = async (app, { provider }) => {
  // This plugin is encapsulated: only its route receives JSON as the raw bytes the signature covers.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    `/webhook/${provider.name}`,
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // The processor signs the body instead of signing in.
      config: { public: true },
      schema: {
        summary: `Invoice events from ${provider.name} (BTCPay-Sig: sha256=HMAC-SHA256 of the raw body)`,
        response: { 200: MessageResponse, ...errors(400, 401, 404, 415) },
      },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers[SIGNATURE_HEADER];
      if (!isValidWebhookSignature(raw, typeof signature === 'string' ? signature : undefined, provider.webhookSecret)) {
        request.log.warn({ provider: provider.name }, 'webhook with a bad or missing signature refused');
        return reply.code(401).send({ message: webhookMessages.badSignature });
      }
      const event = parseInvoiceEvent(raw);
      // The body is raw bytes here, out of reach of the app-wide text check: the event gets it instead.
      if (!event || findInvalidText(event, 'body') !== null) return reply.code(400).send({ message: webhookMessages.notAnEvent });

      const result = await app.repositories.orders.applyInvoiceOutcome(provider.name, event.invoiceId, outcomeOf(event.type), paymentOf(event));
      request.log.info(
        { provider: provider.name, invoiceId: event.invoiceId, type: event.type, deliveryId: event.deliveryId, isRedelivery: event.isRedelivery, result: result.kind },
        'invoice event',
      );
      // Not ours (yet): a non-2xx makes BTCPay retry later, which also covers an event racing the order's
      // invoice id being stored.
      if (result.kind === 'unknown-invoice') return reply.code(404).send({ message: webhookMessages.unknownInvoice });
      if (result.kind === 'credited' && result.late) {
        request.log.warn(
          { provider: provider.name, invoiceId: event.invoiceId, userId: result.userId },
          'payment settled after its order had expired: credited once, order marked settled_late',
        );
      }
      if (result.kind === 'credited') app.notifyBalance(result.userId);
      return { message: result.kind };
    },
  );
};

export default webhook;
