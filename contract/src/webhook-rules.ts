// The webhook rules the portal and the API share, as plain values (no schema builder: the browser imports
// them at runtime). The wire shapes are in contract/webhooks.

/** The events an endpoint may subscribe to (webhook.test is sent by "Send test event" only). */
export const WEBHOOK_EVENT_TYPES = [
  'proxy.purchased',
  'proxy.renewed',
  'proxy.renewal_failed',
  'proxy.expiring',
  'proxy.expired',
  'proxy.down',
  'proxy.up',
  'proxy.moved',
  'proxy.blacklisted',
  'proxy.replaced',
  'balance.credited',
  'refund.issued',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | 'webhook.test';

/** Endpoints per account. */
export const WEBHOOK_ENDPOINT_LIMIT = 10;
/** The header with the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'private-sock5-signature';
