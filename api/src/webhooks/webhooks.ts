// Webhooks (docs/public-api.md): a customer's endpoints receive signed events about their proxies and balance.
// An event is written in the transaction of the change it tells about (queueWebhookEvent), with one delivery
// per subscribed endpoint and one outbox job per delivery (jobs of kind 'webhook', jobs/jobs.ts): a rollback
// leaves nothing, a commit leaves deliveries that survive a crash and are retried with backoff for 24 hours.
//
// Each POST carries the event as JSON ({id, type, created, data}), the event id in a header for
// de-duplication (a redelivery keeps it) and a signature over the timestamp and the body:
// `private-sock5-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
//
// Destinations pass the gateway's destination policy after DNS (no private, loopback, link-local/metadata or
// own addresses; the connection goes to the address that was checked, so a name cannot be re-pointed between
// check and connect); https only unless the operator allows http. An endpoint that keeps failing for the
// disable window is switched off and its owner mailed.
import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { LeaseEvent, LeaseEventKind } from 'contract/realtime';
import type { WebhookDelivery, WebhookEndpoint, WebhooksResponse } from 'contract/webhooks';
import { WEBHOOK_ENDPOINT_LIMIT, WEBHOOK_EVENT_TYPES, WEBHOOK_SIGNATURE_HEADER, type WebhookEventType } from 'contract/webhook-rules';
import { createDestinationPolicy } from 'gateway/destination-policy';
import type { Schema } from '../db/schema.ts';
import { enqueueJob, type JobHandler } from '../jobs/jobs.ts';
import { queueMail } from '../mail/mail.ts';

export const WEBHOOK_JOB = 'webhook';
/** Attempts of one delivery: with the outbox's backoff (30 s doubling to 15 min) about 24 hours. */
const MAX_ATTEMPTS = 100;
const TIMEOUT_MS = 10_000;
/** Bytes of a receiver's answer kept in the log (the error line), at most. */
const ERROR_TEXT_MAX = 300;

export interface WebhookPolicy {
  /** Loopback destinations allowed (tests, whose receivers listen on 127.0.0.1). Never in production. */
  allowLoopback: boolean;
  /** Plain http allowed besides https. */
  allowHttp: boolean;
  /** An endpoint failing this long is disabled. */
  disableAfterMs: number;
}

export class WebhookInputError extends Error {
  readonly field: string;
  constructor(message: string, field: string) {
    super(message);
    this.field = field;
  }
}

/** `t=…,v1=…` for a body sent at `unixSeconds`. */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

/** A DNS lookup that refuses every address the policy does not allow (the connection uses what it returns). */
function guardedLookup(policy: WebhookPolicy): LookupFunction {
  const destinations = createDestinationPolicy({ allowLoopback: policy.allowLoopback });
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const refused = list.find((entry) => !destinations.allowsAddress(entry.address));
      if (refused || list.length === 0) {
        const denied = Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, a private or reserved address`), { code: 'EDESTINATION' });
        return callback(denied, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Checks a URL on save: scheme, and every address its host resolves to. Throws WebhookInputError. */
export async function checkWebhookUrl(raw: string, policy: WebhookPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new WebhookInputError('Enter a full URL, such as https://example.com/hooks', 'url');
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    throw new WebhookInputError(policy.allowHttp ? 'The URL must start with https:// or http://' : 'The URL must start with https://', 'url');
  }
  if (url.username !== '' || url.password !== '') throw new WebhookInputError('The URL must not hold a login or password', 'url');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const lookup = guardedLookup(policy);
  if (host === '') throw new WebhookInputError('Enter a full URL, such as https://example.com/hooks', 'url');
  await new Promise<void>((resolve, reject) => {
    lookup(host, { all: true }, (error) => {
        if (!error) return resolve();
        const code = (error as { code?: string }).code;
        reject(
          new WebhookInputError(
            code === 'EDESTINATION' ? 'This URL points to a private, loopback or reserved address, which webhooks may not reach' : `The host ${host} could not be resolved`,
            'url',
          ),
        );
    });
  });
  return url;
}

interface EndpointRow {
  id: string;
  url: string;
  events: string[];
  created_at: Date | string;
  disabled_at: Date | string | null;
  failing_since: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, events: row.events, createdAt: iso(row.created_at), disabledAt: isoOrNull(row.disabled_at), failingSince: isoOrNull(row.failing_since) };
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  type: string;
  state: WebhookDelivery['state'];
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  latency_ms: number | null;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: String(row.id),
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    type: row.type,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    latencyMs: row.latency_ms,
    createdAt: iso(row.created_at),
    lastAttemptAt: isoOrNull(row.last_attempt_at),
  };
}

const DELIVERY_COLUMNS = sql`d.id::text as id, d.endpoint_id, d.event_id, ev.type, d.state, d.attempts, d.last_status, d.last_error, d.latency_ms, d.created_at, d.last_attempt_at`;
const ENDPOINT_COLUMNS = sql`id, url, events, created_at, disabled_at, failing_since`;

async function addDelivery(db: Kysely<Schema>, eventId: string, endpointId: string): Promise<number> {
  const { rows } = await sql<{ id: string }>`insert into webhook_deliveries (event_id, endpoint_id) values (${eventId}, ${endpointId}) returning id`.execute(db);
  return enqueueJob(db, WEBHOOK_JOB, { deliveryId: Number(rows[0]!.id) });
}

/**
 * Writes an event for `userId` and a delivery to each of their live endpoints subscribed to `type`. Pass the
 * transaction of the change it tells about. Returns the outbox jobs (to try at once after the commit).
 */
export async function queueWebhookEvent(db: Kysely<Schema>, userId: string, type: WebhookEventType, data: Record<string, unknown>): Promise<number[]> {
  const { rows: endpoints } = await sql<{ id: string }>`
    select id from webhook_endpoints where user_id = ${userId} and disabled_at is null and ${type} = any(events)`.execute(db);
  if (endpoints.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    insert into webhook_events (user_id, type, data) values (${userId}, ${type}, ${JSON.stringify(data)}::jsonb) returning id`.execute(db);
  const jobs: number[] = [];
  for (const endpoint of endpoints) jobs.push(await addDelivery(db, rows[0]!.id, endpoint.id));
  return jobs;
}

/** The webhook event each lease event of the customer's pages is ('waiting' has none). */
const WEBHOOK_OF_LEASE_EVENT: Partial<Record<LeaseEventKind, WebhookEventType>> = {
  renewed: 'proxy.renewed',
  'renewal-failed': 'proxy.renewal_failed',
  ended: 'proxy.expired',
  down: 'proxy.down',
  refunded: 'refund.issued',
  credited: 'proxy.blacklisted',
  moved: 'proxy.moved',
};

/** queueWebhookEvent for a lease event (its data without `kind`, `history_id` as `id`), in the change's transaction. */
export async function queueLeaseWebhook(db: Kysely<Schema>, userId: string, event: LeaseEvent): Promise<number[]> {
  const type = WEBHOOK_OF_LEASE_EVENT[event.kind];
  if (!type) return [];
  const { history_id: id, kind: _kind, ...data } = event;
  return queueWebhookEvent(db, userId, type, { id, ...data });
}

/** The answer of one POST: status (null: none), latency, what went wrong. */
interface Attempt {
  status: number | null;
  latencyMs: number;
  error: string | null;
}

function post(url: URL, body: string, headers: Record<string, string>, policy: WebhookPolicy): Promise<Attempt> {
  const started = performance.now();
  const options: RequestOptions = {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'PrivateSock5-Webhooks/1', ...headers },
    lookup: guardedLookup(policy),
    timeout: TIMEOUT_MS,
  };
  return new Promise((resolve) => {
    const done = (status: number | null, error: string | null) => resolve({ status, latencyMs: Math.round(performance.now() - started), error });
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (text.length < ERROR_TEXT_MAX) text += chunk;
      });
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        done(status, status >= 200 && status < 300 ? null : `HTTP ${status}${text ? `: ${text.slice(0, ERROR_TEXT_MAX)}` : ''}`);
      });
      response.on('error', (error) => done(response.statusCode ?? null, error.message));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => done(null, error.message));
    request.end(body);
  });
}

interface Due {
  id: string;
  endpoint_id: string;
  url: string;
  secret: string;
  disabled_at: Date | string | null;
  user_id: string;
  email: string;
  username: string;
  event_id: string;
  type: string;
  data: unknown;
  event_created_at: Date | string;
}

/** The outbox handler of kind 'webhook': one attempt at one delivery. */
export function webhookJobHandler(db: Kysely<Schema>, policy: WebhookPolicy, publicUrl: string, clock: () => Date = () => new Date()): JobHandler {
  return {
    maxAttempts: MAX_ATTEMPTS,
    async run(payload, job) {
      const deliveryId = Number((payload as { deliveryId?: unknown }).deliveryId);
      const { rows } = await sql<Due>`
        select d.id, d.endpoint_id, en.url, en.secret, en.disabled_at, en.user_id, u.email, u.username,
          ev.id as event_id, ev.type, ev.data, ev.created_at as event_created_at
        from webhook_deliveries d
        join webhook_endpoints en on en.id = d.endpoint_id
        join webhook_events ev on ev.id = d.event_id
        join users u on u.id = en.user_id
        where d.id = ${deliveryId} and d.state = 'pending'`.execute(db);
      const due = rows[0];
      if (!due) return;
      if (due.disabled_at !== null) {
        await sql`update webhook_deliveries set state = 'failed', last_error = 'endpoint disabled' where id = ${deliveryId}`.execute(db);
        return;
      }
      const now = clock();
      const body = JSON.stringify({ id: due.event_id, type: due.type, created: iso(due.event_created_at), data: due.data });
      const attempt = await post(new URL(due.url), body, {
        [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(due.secret, Math.floor(now.getTime() / 1000), body),
        'private-sock5-event-id': due.event_id,
        'private-sock5-event-type': due.type,
      }, policy);
      const ok = attempt.error === null;
      const lastTry = job.attempt >= MAX_ATTEMPTS;
      await sql`
        update webhook_deliveries set attempts = attempts + 1, last_status = ${attempt.status}, last_error = ${attempt.error},
          latency_ms = ${attempt.latencyMs}, last_attempt_at = ${now},
          state = ${ok ? 'delivered' : lastTry ? 'failed' : 'pending'}
        where id = ${deliveryId}`.execute(db);
      if (ok) {
        await sql`update webhook_endpoints set failing_since = null where id = ${due.endpoint_id}`.execute(db);
        return;
      }
      const { rows: failing } = await sql<{ failing_since: Date | string }>`
        update webhook_endpoints set failing_since = coalesce(failing_since, ${now}) where id = ${due.endpoint_id} returning failing_since`.execute(db);
      const since = failing[0] ? new Date(failing[0].failing_since) : now;
      if (now.getTime() - since.getTime() >= policy.disableAfterMs) {
        await db.transaction().execute(async (trx) => {
          const { rows: disabled } = await sql<{ id: string }>`
            update webhook_endpoints set disabled_at = ${now} where id = ${due.endpoint_id} and disabled_at is null returning id`.execute(trx);
          await sql`update webhook_deliveries set state = 'failed' where endpoint_id = ${due.endpoint_id} and state = 'pending'`.execute(trx);
          if (disabled.length > 0) {
            await queueMail(trx, {
              to: due.email,
              subject: 'Your webhook endpoint was disabled',
              text: [
                `Hello ${due.username},`,
                '',
                `Your webhook endpoint ${due.url} has failed every delivery since ${since.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
                `(last: ${attempt.error}), so we stopped sending to it. Add it again in the API tab once it works.`,
                '',
                `API tab: ${publicUrl}/user-profile`,
              ].join('\n'),
            });
          }
        });
        return;
      }
      if (!lastTry) throw new Error(attempt.error ?? 'delivery failed');
    },
  };
}

/** The account's endpoints and recent deliveries, and what it may do (the API tab, /api/v1/webhooks). */
export function createWebhooks(db: Kysely<Schema>, policy: WebhookPolicy) {
  async function endpointOf(userId: string, id: string): Promise<EndpointRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const { rows } = await sql<EndpointRow>`select ${ENDPOINT_COLUMNS} from webhook_endpoints where id = ${id} and user_id = ${userId}`.execute(db);
    return rows[0] ?? null;
  }

  return {
    /** The API tab's list: endpoints, their 50 latest deliveries, and what may be added. */
    async list(userId: string): Promise<WebhooksResponse> {
      const { rows: endpoints } = await sql<EndpointRow>`
        select ${ENDPOINT_COLUMNS} from webhook_endpoints where user_id = ${userId} order by created_at, id`.execute(db);
      const { rows: deliveries } = await sql<DeliveryRow>`
        select ${DELIVERY_COLUMNS} from webhook_deliveries d
        join webhook_endpoints en on en.id = d.endpoint_id join webhook_events ev on ev.id = d.event_id
        where en.user_id = ${userId} order by d.id desc limit 50`.execute(db);
      return { endpoints: endpoints.map(toEndpoint), deliveries: deliveries.map(toDelivery), limit: WEBHOOK_ENDPOINT_LIMIT, eventTypes: [...WEBHOOK_EVENT_TYPES] };
    },

    /** Checks the URL and events, then registers the endpoint; the secret is in this answer only. */
    async create(userId: string, input: { url: string; events: readonly string[] }): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const events = [...new Set(input.events)];
      const unknown = events.find((event) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event));
      if (unknown !== undefined) throw new WebhookInputError(`Unknown event ${unknown}`, 'events');
      if (events.length === 0) throw new WebhookInputError('Choose at least one event', 'events');
      const url = await checkWebhookUrl(input.url, policy);
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      return db.transaction().execute(async (trx) => {
        await sql`select id from users where id = ${userId} for update`.execute(trx);
        const { rows: count } = await sql<{ n: string }>`select count(*)::text as n from webhook_endpoints where user_id = ${userId}`.execute(trx);
        if (Number(count[0]?.n ?? 0) >= WEBHOOK_ENDPOINT_LIMIT) {
          throw new WebhookInputError(`You have ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints, the most an account may have: delete one first`, 'url');
        }
        const { rows } = await sql<EndpointRow>`
          insert into webhook_endpoints (user_id, url, events, secret) values (${userId}, ${url.href}, ${events}::text[], ${secret})
          returning ${ENDPOINT_COLUMNS}`.execute(trx);
        return { endpoint: toEndpoint(rows[0]!), secret };
      });
    },

    async remove(userId: string, id: string): Promise<boolean> {
      if (!(await endpointOf(userId, id))) return false;
      await sql`delete from webhook_endpoints where id = ${id} and user_id = ${userId}`.execute(db);
      return true;
    },

    /** "Send test event": a webhook.test event to this endpoint only. Returns the job, or null (no such endpoint). */
    async sendTest(userId: string, id: string): Promise<{ job: number; deliveryId: string } | null> {
      const endpoint = await endpointOf(userId, id);
      if (!endpoint || endpoint.disabled_at !== null) return null;
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string }>`
          insert into webhook_events (user_id, type, data) values (${userId}, 'webhook.test', ${JSON.stringify({ message: 'A test event from Private Sock5' })}::jsonb)
          returning id`.execute(trx);
        const job = await addDelivery(trx, rows[0]!.id, id);
        const { rows: delivery } = await sql<{ id: string }>`select id::text as id from webhook_deliveries where event_id = ${rows[0]!.id}`.execute(trx);
        return { job, deliveryId: delivery[0]!.id };
      });
    },

    /** "Redeliver": the same event (same id) to the same endpoint once more, as a new delivery. */
    async redeliver(userId: string, deliveryId: string): Promise<{ job: number; deliveryId: string } | null> {
      if (!/^[1-9][0-9]{0,14}$/.test(deliveryId)) return null;
      const { rows } = await sql<{ event_id: string; endpoint_id: string }>`
        select d.event_id, d.endpoint_id from webhook_deliveries d join webhook_endpoints en on en.id = d.endpoint_id
        where d.id = ${Number(deliveryId)} and en.user_id = ${userId} and en.disabled_at is null`.execute(db);
      const found = rows[0];
      if (!found) return null;
      return db.transaction().execute(async (trx) => {
        const job = await addDelivery(trx, found.event_id, found.endpoint_id);
        const { rows: latest } = await sql<{ id: string }>`
          select id::text as id from webhook_deliveries where endpoint_id = ${found.endpoint_id} and event_id = ${found.event_id} order by id desc limit 1`.execute(trx);
        return { job, deliveryId: latest[0]!.id };
      });
    },

    async delivery(userId: string, deliveryId: string): Promise<WebhookDelivery | null> {
      const { rows } = await sql<DeliveryRow>`
        select ${DELIVERY_COLUMNS} from webhook_deliveries d
        join webhook_endpoints en on en.id = d.endpoint_id join webhook_events ev on ev.id = d.event_id
        where d.id = ${Number(deliveryId)} and en.user_id = ${userId}`.execute(db);
      return rows[0] ? toDelivery(rows[0]) : null;
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;

/**
 * A test event or a redelivery (`queued`), tried at once so the answer shows how its first attempt went;
 * null: no such endpoint or delivery.
 */
export async function deliverNow(
  webhooks: Webhooks,
  jobs: { attempt(id: number): Promise<void> },
  userId: string,
  queued: Promise<{ job: number; deliveryId: string } | null>,
): Promise<WebhookDelivery | null> {
  const sent = await queued;
  if (!sent) return null;
  await jobs.attempt(sent.job);
  return (await webhooks.delivery(userId, sent.deliveryId))!;
}
