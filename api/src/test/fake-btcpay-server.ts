import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhookBody } from '../payments/webhook-signature.ts';
import { buildInvoiceEvent, redeliveryOf, type BtcpayInvoiceEvent, type InvoiceEventType, type InvoicePayment } from '../payments/btcpay/btcpay-event.ts';

/**
 * Test double of a BTCPay Server on 127.0.0.1: answers the Greenfield invoice endpoints the way the real
 * server does (status codes, error bodies, invoice fields) and delivers signed webhooks to the app.
 */
export interface FakeBtcpay {
  url: string;
  storeId: string;
  apiKey: string;
  webhookId: string;
  /** Every invoice-creation body received, in order. */
  createRequests: Array<Record<string, unknown>>;
  invoices: Map<string, FakeInvoice>;
  /** Make the next invoice creations fail with this HTTP status (null: succeed). */
  failWith: number | null;
  /** POSTs a signed event for the invoice to the webhook URL; returns the event and the app's status. */
  /** `payment`: the payment a payment event (InvoicePaymentSettled, InvoiceReceivedPayment) reports. */
  deliver(invoiceId: string, type: InvoiceEventType, payment?: InvoicePayment): Promise<{ event: BtcpayInvoiceEvent; status: number }>;
  /** Sends a delivered event again as BTCPay's "Redeliver" does. */
  redeliver(event: BtcpayInvoiceEvent): Promise<{ event: BtcpayInvoiceEvent; status: number }>;
  close(): Promise<void>;
}

export interface FakeInvoice {
  id: string;
  storeId: string;
  amount: string;
  currency: string;
  status: 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid';
  checkoutLink: string;
  metadata: Record<string, unknown>;
  checkout: Record<string, unknown>;
  createdTime: number;
  expirationTime: number;
}

const statusOfEvent: Partial<Record<InvoiceEventType, FakeInvoice['status']>> = {
  InvoiceSettled: 'Settled',
  InvoiceExpired: 'Expired',
  InvoiceInvalid: 'Invalid',
  InvoiceProcessing: 'Processing',
};

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startFakeBtcpay(options: { webhookUrl: () => string; webhookSecret: string }): Promise<FakeBtcpay> {
  const storeId = 'Store' + randomBytes(8).toString('hex');
  const apiKey = randomBytes(20).toString('hex');
  const webhookId = 'Wh' + randomBytes(6).toString('hex');
  const invoices = new Map<string, FakeInvoice>();
  const createRequests: Array<Record<string, unknown>> = [];
  let url = '';

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const match = /^\/api\/v1\/stores\/([^/]+)\/invoices(?:\/([^/]+))?$/.exec(path);
    if (!match) return send(response, 404, { code: 'not-found', message: 'Not found' });
    if (request.headers.authorization !== `token ${apiKey}`) {
      return send(response, 401, { code: 'unauthenticated', message: 'Authentication is required for accessing this endpoint' });
    }
    if (match[1] !== storeId) return send(response, 403, { code: 'missing-permission', message: 'Insufficient API Permissions. Please use an API key with permission: btcpay.store.cancreateinvoice' });

    if (request.method === 'GET' && match[2]) {
      const invoice = invoices.get(decodeURIComponent(match[2]));
      return invoice ? send(response, 200, invoice) : send(response, 404, { code: 'invoice-not-found', message: 'The invoice was not found' });
    }
    if (request.method !== 'POST' || match[2]) return send(response, 405, { code: 'method-not-allowed', message: 'Method not allowed' });

    const body = (await readJson(request)) as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return send(response, 400, { code: 'invalid-json', message: 'Invalid JSON' });
    createRequests.push(body);
    if (fake.failWith !== null) return send(response, fake.failWith, { code: 'server-error', message: 'Simulated failure' });
    const amount = Number(body.amount);
    if (!Number.isFinite(amount) || amount < 0) return send(response, 422, [{ path: 'amount', message: 'Amount should be greater than 0' }]);
    const id = randomBytes(11).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const invoice: FakeInvoice = {
      id,
      storeId,
      amount: String(body.amount),
      currency: String(body.currency ?? 'USD'),
      status: 'New',
      checkoutLink: `${url}/i/${id}`,
      metadata: (body.metadata as Record<string, unknown>) ?? {},
      checkout: (body.checkout as Record<string, unknown>) ?? {},
      createdTime: now,
      expirationTime: now + 15 * 60,
    };
    invoices.set(id, invoice);
    return send(response, 200, invoice);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function post(event: BtcpayInvoiceEvent) {
    const raw = JSON.stringify(event);
    const response = await fetch(options.webhookUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'BTCPayServer', 'BTCPay-Sig': signWebhookBody(raw, options.webhookSecret) },
      body: raw,
    });
    await response.arrayBuffer();
    return { event, status: response.status };
  }

  const fake: FakeBtcpay = {
    url,
    storeId,
    apiKey,
    webhookId,
    createRequests,
    invoices,
    failWith: null,
    async deliver(invoiceId, type, payment) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`fake BTCPay has no invoice ${invoiceId}`);
      const next = statusOfEvent[type];
      if (next) invoice.status = next;
      return post(buildInvoiceEvent({ type, storeId, invoiceId, webhookId, metadata: invoice.metadata, ...(payment ? { payment } : {}) }));
    },
    redeliver(event) {
      return post(redeliveryOf(event));
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  return fake;
}
