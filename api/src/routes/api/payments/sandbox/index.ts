// /api/payments/sandbox: the test-mode checkout of the sandbox provider (no money moves). Plain
// server-rendered HTML with one stylesheet file (the CSP allows no inline script or style) and forms, so it
// works without any script. Confirming signs a BTCPay-format InvoiceSettled event with the sandbox secret
// and delivers it to this app's own webhook route: the production verification and crediting path.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { PAID_QUERY } from 'contract/checkout-return';
import { buildInvoiceEvent, type InvoiceEventType, type InvoicePayment } from '../../../../payments/btcpay/btcpay-event.ts';
import { DEMO_COINS, renderSandboxCheckout, renderSandboxNotFound, type DemoCoin } from '../../../../payments/sandbox/sandbox-checkout-page.ts';
import { SANDBOX_CHECKOUT_PATH } from '../../../../payments/sandbox/sandbox-provider.ts';
import { sendUnavailable } from '../../../../http/error-handler.ts';
import { signWebhookBody } from '../../../../payments/webhook-signature.ts';
import { SIGNATURE_HEADER } from '../webhook.ts';

const STYLESHEET_PATH = `${SANDBOX_CHECKOUT_PATH}.css`;
const FORM_BODY_LIMIT = 1024;

export interface SandboxRoutesOptions {
  /** The portal's /payments page, where the payer returns (as BTCPay's redirectURL). */
  returnUrl: string;
}

const InvoiceParams = Type.Object({ invoiceId: Type.String({ maxLength: 128 }) });

const sandbox: FastifyPluginAsyncTypebox<SandboxRoutesOptions> = async (app, { returnUrl }) => {
  const configured = app.paymentProvider;
  if (!configured) throw new Error('the sandbox checkout needs the sandbox payment provider');
  const provider = configured;
  const orders = app.repositories.orders;
  const stylesheet = await readFile(new URL('../../../../payments/sandbox/sandbox-checkout.css', import.meta.url));

  // The checkout's forms post urlencoded fields (only `coin`: the coin the test payment is made in); nothing else here does.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const html = (reply: { type(value: string): unknown; header(name: string, value: string): unknown }) => {
    reply.type('text/html; charset=utf-8');
    reply.header('cache-control', 'no-store');
  };

  app.get('/checkout.css', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(stylesheet);
  });

  app.get('/checkout/:invoiceId', { config: { public: true }, schema: { hide: true, params: InvoiceParams } }, async (request, reply) => {
    const { invoiceId } = request.params;
    const order = await orders.findByInvoice(provider.name, invoiceId);
    html(reply);
    if (!order) return reply.code(404).send(renderSandboxNotFound({ stylesheetPath: STYLESHEET_PATH, returnUrl }));
    return reply.send(
      renderSandboxCheckout({
        invoiceId,
        amountCents: order.amount_cents,
        status: order.status,
        pagePath: `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(invoiceId)}`,
        stylesheetPath: STYLESHEET_PATH,
        returnUrl,
      }),
    );
  });

  /** Delivers the event to the webhook route exactly as BTCPay would: raw JSON, signed, over HTTP semantics. */
  async function deliver(invoiceId: string, type: InvoiceEventType, payment?: InvoicePayment) {
    const raw = JSON.stringify(buildInvoiceEvent({ type, storeId: 'sandbox', invoiceId, webhookId: 'sandbox', ...(payment ? { payment } : {}) }));
    return app.inject({
      method: 'POST',
      url: `/api/payments/webhook/${provider.name}`,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhookBody(raw, provider.webhookSecret) },
      payload: raw,
    });
  }

  for (const [action, type] of [
    ['confirm', 'InvoiceSettled'],
    ['expire', 'InvoiceExpired'],
  ] as const) {
    app.post('/checkout/:invoiceId/' + action, { bodyLimit: FORM_BODY_LIMIT, config: { public: true }, schema: { hide: true, params: InvoiceParams } }, async (request, reply) => {
      const { invoiceId } = request.params;
      const order = await orders.findByInvoice(provider.name, invoiceId);
      if (!order) {
        html(reply);
        return reply.code(404).send(renderSandboxNotFound({ stylesheetPath: STYLESHEET_PATH, returnUrl }));
      }
      // A confirmed test payment first reports its payment (the chosen coin, a made-up transaction id), as
      // BTCPay reports a payment settling before the invoice does.
      if (type === 'InvoiceSettled') {
        const chosen = (request.body as { coin?: unknown } | undefined)?.coin;
        const coin: DemoCoin = DEMO_COINS.find((known) => known === chosen) ?? 'BTC';
        const paid = await deliver(invoiceId, 'InvoicePaymentSettled', { coin, transactionId: randomBytes(32).toString('hex') });
        if (paid.statusCode === 503) return sendUnavailable(reply);
      }
      const delivery = await deliver(invoiceId, type);
      // The webhook could not reach the database: so is the payer told, and the button may be pressed again.
      if (delivery.statusCode === 503) return sendUnavailable(reply);
      if (delivery.statusCode !== 200) {
        request.log.error({ invoiceId, status: delivery.statusCode, body: delivery.body }, 'sandbox webhook delivery failed');
        throw new Error(`sandbox webhook delivery answered ${delivery.statusCode}`);
      }
      // 303: the browser follows with a GET, as after any form post.
      return reply.code(303).header('location', type === 'InvoiceSettled' ? `${returnUrl}?${PAID_QUERY}` : `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(invoiceId)}`).send();
    });
  }
};

export default sandbox;
