import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

/** The `BTCPay-Sig` header value for a raw webhook body: `sha256=<lowercase hex HMAC-SHA256>`. */
export function signWebhookBody(rawBody: Buffer | string, secret: string): string {
  return PREFIX + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Whether `header` is the signature of exactly these bytes. The comparison is constant-time over the
 * digest so a forger learns nothing from response timing; any malformed header is simply not valid.
 */
export function isValidWebhookSignature(rawBody: Buffer | string, header: string | undefined, secret: string): boolean {
  if (!secret || typeof header !== 'string' || !header.toLowerCase().startsWith(PREFIX)) return false;
  const hex = header.slice(PREFIX.length).toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(hex, 'hex'));
}
