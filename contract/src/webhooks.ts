// Webhook endpoints on the wire: the API tab (/api/account/webhooks) and /api/v1/webhooks answer the same
// shapes. Times are ISO 8601.
import Type, { type Static } from 'typebox';
import { WEBHOOK_EVENT_TYPES } from 'contract/webhook-rules';

const EventTypeSchema = Type.Enum(WEBHOOK_EVENT_TYPES);

export const WebhookEndpoint = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  createdAt: Type.String(),
  /** Set when the endpoint failed for 24 hours and was switched off. */
  disabledAt: Type.Union([Type.String(), Type.Null()]),
  /** The first failure of the current run of failures; null when the last delivery worked. */
  failingSince: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

export const WebhookDelivery = Type.Object({
  id: Type.String(),
  endpointId: Type.String(),
  eventId: Type.String(),
  type: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  /** The HTTP status of the last attempt (null: no answer). */
  lastStatus: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  latencyMs: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
  lastAttemptAt: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhooksResponse = Type.Object({
  endpoints: Type.Array(WebhookEndpoint),
  deliveries: Type.Array(WebhookDelivery),
  limit: Type.Integer(),
  eventTypes: Type.Array(Type.String()),
});
export type WebhooksResponse = Static<typeof WebhooksResponse>;

export const CreateWebhookRequest = Type.Object({
  url: Type.String({ maxLength: 2048, examples: ['https://example.com/hooks/proxies'] }),
  events: Type.Array(EventTypeSchema, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length }),
});
export type CreateWebhookRequest = Static<typeof CreateWebhookRequest>;

/** The signing secret is in this answer only. */
export const CreateWebhookResponse = Type.Object({ endpoint: WebhookEndpoint, secret: Type.String() });
export type CreateWebhookResponse = Static<typeof CreateWebhookResponse>;

export const WebhookDeliveryResponse = Type.Object({ delivery: WebhookDelivery });
export type WebhookDeliveryResponse = Static<typeof WebhookDeliveryResponse>;
