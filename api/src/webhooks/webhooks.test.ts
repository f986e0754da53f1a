// Webhooks end to end against a real HTTP receiver on loopback (the tests' setting allows loopback and http):
// an endpoint added in the API tab (secret shown once), a proxy event delivered through the outbox with a
// signature the receiver verifies, a receiver that fails three times and then succeeds acknowledges the event
// once, a redelivery keeps the event id, the delivery log shows status, latency and attempts, an endpoint
// failing for 24 hours is disabled and its owner mailed, /api/v1/webhooks with scopes, and SSRF attempts
// (private, loopback, metadata, non-http, unresolvable) refused on save when loopback is not allowed.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, type TestContext } from 'node:test';
import { waitFor } from 'checker/test-kit';
import { sql } from 'kysely';
import type { CreateWebhookResponse, WebhooksResponse } from 'contract/webhooks';
import type { App } from '../app.ts';
import { RenewalSweep } from '../history/renewal-sweep.ts';
import { backends, build, injectWithLogin } from '../test/helpers.ts';
import { exitConfirmedDead, outbox } from '../test/history-kit.ts';
import { customer, type Customer } from '../test/market-kit.ts';
import { buyProxy } from '../test/support-kit.ts';

interface Received {
  eventId: string;
  body: { id: string; type: string; created: string; data: Record<string, unknown> };
  verified: boolean;
  answered: number;
}

/** A receiver that checks each signature with the secret it is given, answering `statuses` in turn (then 200). */
async function startReceiver(t: TestContext, statuses: number[] = []) {
  const received: Received[] = [];
  let secret = '';
  const verify = (request: IncomingMessage, raw: string): boolean => {
    // The recipe in docs/public-api.md: t and v1 from the header, HMAC-SHA256 over "<t>.<body>", compared in
    // constant time.
    const header = String(request.headers['private-sock5-signature'] ?? '');
    const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
    const expected = createHmac('sha256', secret).update(`${parts['t']}.${raw}`).digest();
    const given = Buffer.from(parts['v1'] ?? '', 'hex');
    const fresh = Math.abs(Date.now() / 1000 - Number(parts['t'])) < 5 * 60;
    return fresh && given.length === expected.length && timingSafeEqual(given, expected);
  };
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const answered = statuses.shift() ?? 200;
      received.push({ eventId: String(request.headers['private-sock5-event-id']), body: JSON.parse(raw) as Received['body'], verified: verify(request, raw), answered });
      response.statusCode = answered;
      response.end(answered === 200 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  t.after(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    useSecret: (value: string) => (secret = value),
  };
}

const tab = (app: App, who: Customer, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  injectWithLogin(app, who.token, { method, url: `/api/account/webhooks${url}`, ...(payload === undefined ? {} : { payload }) });

async function addEndpoint(app: App, who: Customer, url: string, events: string[]): Promise<CreateWebhookResponse> {
  const created = await tab(app, who, 'POST', '', { url, events });
  assert.equal(created.statusCode, 201, created.body);
  return created.json<CreateWebhookResponse>();
}


const minutes = (n: number) => new Date(Date.now() + n * 60_000);

for (const backend of backends) {
  describe(`webhooks (${backend})`, () => {
    it('a replaced proxy reaches a receiver signed; three failures then success: acknowledged once; redelivery keeps the event id', async (t) => {
      const app = await build(t, backend, { config: { marketplace: { inventorySize: 200, inventorySeed: 42, cacheMs: 0 } } });
      const receiver = await startReceiver(t, [500, 503, 500]);
      const buyer = await customer(app, 10_000);
      const created = await addEndpoint(app, buyer, receiver.url, ['proxy.replaced', 'proxy.down']);
      receiver.useSecret(created.secret);
      assert.match(created.secret, /^whsec_/);
      const listed = await tab(app, buyer, 'GET', '');
      assert.ok(!listed.body.includes(created.secret), 'the secret is shown once, never listed');
      assert.deepEqual(listed.json<WebhooksResponse>().endpoints.map((endpoint) => endpoint.url), [receiver.url]);

      const { historyId } = await buyProxy(app, buyer);
      await exitConfirmedDead(app, historyId);
      const replaced = await injectWithLogin(app, buyer.token, { method: 'POST', url: `/api/proxy/replace/${historyId}` });
      assert.equal(replaced.statusCode, 200, replaced.body);
      // The replacement tries its delivery at once (it fails: 500); the outbox retries after its backoff.
      await waitFor('the first attempt', () => receiver.received.length === 1);
      assert.deepEqual(await app.jobs.runDue(minutes(0.4)), { done: 0, retried: 0, dead: 0 }, 'not due before the backoff');
      await app.jobs.runDue(minutes(1));
      await app.jobs.runDue(minutes(3));
      await app.jobs.runDue(minutes(7));
      assert.deepEqual(receiver.received.map((hit) => hit.answered), [500, 503, 500, 200]);
      assert.ok(receiver.received.every((hit) => hit.verified), 'every delivery is signed with the secret');
      const ids = new Set(receiver.received.map((hit) => hit.eventId));
      assert.equal(ids.size, 1, 'one event, one id over every attempt');
      const [first] = receiver.received;
      assert.equal(first!.body.type, 'proxy.replaced');
      assert.equal(first!.body.id, first!.eventId);
      assert.equal(first!.body.data['id'], String(historyId));
      assert.equal(typeof first!.body.data['ip'], 'string');
      await app.jobs.runDue(minutes(60));
      assert.equal(receiver.received.filter((hit) => hit.answered === 200).length, 1, 'acknowledged once, not sent again');

      const log = (await tab(app, buyer, 'GET', '')).json<WebhooksResponse>().deliveries;
      assert.equal(log.length, 1);
      assert.deepEqual([log[0]!.state, log[0]!.attempts, log[0]!.lastStatus, log[0]!.type], ['delivered', 4, 200, 'proxy.replaced']);
      assert.ok(log[0]!.latencyMs !== null && log[0]!.latencyMs >= 0);

      const again = await tab(app, buyer, 'POST', `/deliveries/${log[0]!.id}/redeliver`);
      assert.equal(again.statusCode, 202, again.body);
      assert.equal(receiver.received.length, 5);
      assert.equal(receiver.received[4]!.eventId, first!.eventId, 'a redelivery keeps the event id');
      assert.ok(receiver.received[4]!.verified);

      const test = await tab(app, buyer, 'POST', `/${created.endpoint.id}/test`);
      assert.equal(test.statusCode, 202, test.body);
      assert.equal(receiver.received[5]?.body.type, 'webhook.test');
      assert.notEqual(receiver.received[5]?.eventId, first!.eventId);

      // Another customer sees none of it and cannot touch it.
      const stranger = await customer(app, 0);
      assert.deepEqual((await tab(app, stranger, 'GET', '')).json<WebhooksResponse>().endpoints, []);
      assert.equal((await tab(app, stranger, 'POST', `/deliveries/${log[0]!.id}/redeliver`)).statusCode, 404);
      assert.equal((await tab(app, stranger, 'DELETE', `/${created.endpoint.id}`)).statusCode, 404);
      assert.equal((await tab(app, buyer, 'DELETE', `/${created.endpoint.id}`)).statusCode, 200);
    });

    it('a purchase, its exit going down and the automatic refund reach the subscribed endpoint, each signed, nothing else', async (t) => {
      const app = await build(t, backend, { config: { marketplace: { inventorySize: 200, inventorySeed: 42, cacheMs: 0 } } });
      const receiver = await startReceiver(t);
      const buyer = await customer(app, 10_000);
      const created = await addEndpoint(app, buyer, receiver.url, ['proxy.purchased', 'proxy.down', 'refund.issued']);
      receiver.useSecret(created.secret);
      const { historyId, priceCents } = await buyProxy(app, buyer);
      await app.jobs.runDue();
      await exitConfirmedDead(app, historyId);
      await app.exitDownNotices.run();
      await app.deadExitRefunds.run(minutes(6));
      await waitFor('three events', () => receiver.received.length === 3);
      await app.jobs.runDue(minutes(60));
      assert.deepEqual(receiver.received.map((hit) => hit.body.type).sort(), ['proxy.down', 'proxy.purchased', 'refund.issued']);
      assert.ok(receiver.received.every((hit) => hit.verified));
      const purchased = receiver.received.find((hit) => hit.body.type === 'proxy.purchased')!;
      assert.deepEqual((purchased.body.data['proxies'] as { id: string }[]).map((proxy) => proxy.id), [String(historyId)]);
      const refund = receiver.received.find((hit) => hit.body.type === 'refund.issued')!;
      assert.equal(refund.body.data['amount'], priceCents / 100);
      assert.equal(refund.body.data['id'], String(historyId));
    });

    it('proxy.up when a dead leased exit is back online, once across two instances; proxy.down queued with its claim', async (t) => {
      const app = await build(t, backend, { config: { marketplace: { inventorySize: 200, inventorySeed: 42, cacheMs: 0 } } });
      const receiver = await startReceiver(t);
      const buyer = await customer(app, 10_000);
      const created = await addEndpoint(app, buyer, receiver.url, ['proxy.down', 'proxy.up']);
      receiver.useSecret(created.secret);
      const { historyId } = await buyProxy(app, buyer);
      await exitConfirmedDead(app, historyId);
      const down = await app.exitDownNotices.run();
      assert.equal(down.told, 1);
      // The event row and its delivery's job committed with the claim (not after it).
      const { rows: queuedDown } = await sql<{ n: string }>`
        select count(*)::text as n from webhook_events where user_id = ${buyer.id} and type = 'proxy.down'`.execute(app.db);
      assert.equal(queuedDown[0]!.n, '1');
      await waitFor('proxy.down', () => receiver.received.length === 1);

      // The checker records the exit passing again: 'dead' -> 'online'.
      await sql`
        with moved as (
          update exits set state = 'online', state_changed_at = now()
          where id = (select li.exit_id from proxy_leases le join proxy_listings li on li.id = le.listing_id where le.id = ${historyId})
          returning id)
        insert into exit_state_changes (exit_id, from_state, to_state, reason, check_interval_s)
        select id, 'dead', 'online', 'check passed', 60 from moved`.execute(app.db);
      const [first, second] = await Promise.all([app.exitDownNotices.run(), app.exitDownNotices.run()]);
      assert.equal(first.up + second.up, 1, 'one instance claims the transition');
      assert.equal((await app.exitDownNotices.run()).up, 0);
      await waitFor('proxy.up', () => receiver.received.length === 2);
      await app.jobs.runDue(minutes(60));
      assert.deepEqual(receiver.received.map((hit) => hit.body.type), ['proxy.down', 'proxy.up']);
      const up = receiver.received[1]!;
      assert.ok(up.verified);
      assert.equal(up.body.data['id'], String(historyId));
      assert.equal(typeof up.body.data['up_since'], 'string');
    });

    it('proxy.expiring once per period within the renewal-notice lead time, across two instances', async (t) => {
      const app = await build(t, backend, { config: { marketplace: { inventorySize: 200, inventorySeed: 42, cacheMs: 0 } } });
      const receiver = await startReceiver(t);
      const buyer = await customer(app, 10_000);
      const created = await addEndpoint(app, buyer, receiver.url, ['proxy.expiring']);
      receiver.useSecret(created.secret);
      const { historyId } = await buyProxy(app, buyer);
      const { rows } = await sql<{ expires_at: Date | string }>`select expires_at from proxy_leases where id = ${historyId}`.execute(app.db);
      const expiresAt = new Date(rows[0]!.expires_at);
      const leadMs = app.config.leases.noticeSeconds * 1000;
      const at = (ms: number) => new Date(expiresAt.getTime() + ms);
      // Before the lead time: nothing.
      await app.renewalSweep.run(at(-leadMs - 60_000));
      await app.jobs.runDue(at(-leadMs - 60_000));
      assert.equal(receiver.received.length, 0);
      // Within it, two instances sweeping at once and a later sweep: one event.
      await Promise.all([app.renewalSweep.run(at(-leadMs + 1000)), app.renewalSweep.run(at(-leadMs + 1000))]);
      await app.renewalSweep.run(at(-60_000));
      await waitFor('proxy.expiring', () => receiver.received.length === 1);
      await app.jobs.runDue(minutes(60));
      assert.equal(receiver.received.length, 1);
      const expiring = receiver.received[0]!;
      assert.ok(expiring.verified);
      assert.equal(expiring.body.type, 'proxy.expiring');
      assert.equal(expiring.body.data['id'], String(historyId));
      assert.equal(expiring.body.data['expires_at'], expiresAt.toISOString());
    });

    it('a sweep that dies after its commit, before telling anyone, still delivers the lease\'s webhook', async (t) => {
      const app = await build(t, backend, { config: { marketplace: { inventorySize: 200, inventorySeed: 42, cacheMs: 0 } } });
      const receiver = await startReceiver(t);
      const buyer = await customer(app, 10_000);
      const created = await addEndpoint(app, buyer, receiver.url, ['proxy.renewed', 'proxy.renewal_failed', 'proxy.expired']);
      receiver.useSecret(created.secret);
      const { historyId } = await buyProxy(app, buyer);
      const { rows } = await sql<{ expires_at: Date | string }>`select expires_at from proxy_leases where id = ${historyId}`.execute(app.db);
      const { periodSeconds, offlineWaitSeconds, noticeSeconds } = app.config.leases;
      // The process "crashes" right after the lease's transaction commits: its socket notice throws.
      const crashing = new RenewalSweep({
        db: app.db,
        periodMs: periodSeconds * 1000,
        leadMs: 60_000,
        offlineWaitMs: offlineWaitSeconds * 1000,
        noticeMs: noticeSeconds * 1000,
        publicUrl: app.config.publicUrl,
        publicHost: app.config.gateway.publicHost,
        mailQueued: async () => {},
        notify: () => {
          throw new Error('crashed after the commit');
        },
        onError: () => {},
      });
      await assert.rejects(crashing.run(new Date(new Date(rows[0]!.expires_at).getTime() + 1000)), /crashed after the commit/);
      assert.equal(receiver.received.length, 0, 'nothing was tried before the crash');
      await app.jobs.runDue(minutes(60));
      await waitFor('the lease event', () => receiver.received.length === 1);
      assert.ok(receiver.received[0]!.verified);
      assert.equal(receiver.received[0]!.body.data['id'], String(historyId));
    });

    it('an endpoint failing for 24 hours is disabled and its owner mailed; its deliveries stop', async (t) => {
      const app = await build(t, backend, { config: { marketplace: { inventorySize: 0, inventorySeed: 42, cacheMs: 0 } } });
      const receiver = await startReceiver(t, Array.from({ length: 20 }, () => 500));
      const owner = await customer(app, 0);
      const created = await addEndpoint(app, owner, receiver.url, ['balance.credited']);
      await tab(app, owner, 'POST', `/${created.endpoint.id}/test`);
      await waitFor('the first attempt', () => receiver.received.length === 1);
      let endpoint = (await tab(app, owner, 'GET', '')).json<WebhooksResponse>().endpoints[0]!;
      assert.ok(endpoint.failingSince !== null && endpoint.disabledAt === null);
      // A day of failures later (the first failure moved back 24 hours), the next failure disables it.
      await sql`update webhook_endpoints set failing_since = failing_since - interval '24 hours' where id = ${created.endpoint.id}`.execute(app.db);
      await app.jobs.runDue(minutes(1));
      assert.equal(receiver.received.length, 2);
      endpoint = (await tab(app, owner, 'GET', '')).json<WebhooksResponse>().endpoints[0]!;
      assert.ok(endpoint.disabledAt !== null, 'disabled');
      const log = (await tab(app, owner, 'GET', '')).json<WebhooksResponse>().deliveries;
      assert.equal(log[0]!.state, 'failed');
      await app.jobs.runDue(minutes(120));
      assert.equal(receiver.received.length, 2, 'nothing more is sent to a disabled endpoint');
      assert.equal((await tab(app, owner, 'POST', `/${created.endpoint.id}/test`)).statusCode, 404);
      await app.jobs.runDue(minutes(121));
      const mails = (await outbox(app)).filter((mail) => mail.includes('Your webhook endpoint was disabled'));
      assert.equal(mails.length, 1);
      assert.ok(mails[0]!.includes(receiver.url));
    });

    it('/api/v1/webhooks: read lists, manage adds and deletes; the events are checked', async (t) => {
      const app = await build(t, backend, { config: { marketplace: { inventorySize: 0, inventorySeed: 42, cacheMs: 0 } } });
      const receiver = await startReceiver(t);
      const owner = await customer(app, 0);
      const keyOf = async (scopes: ('read' | 'manage')[]) => {
        const created = await app.repositories.apiKeys.create(owner.id, 'hooks', scopes);
        assert.ok(created.ok);
        return created.key;
      };
      const reader = await keyOf(['read']);
      const manager = await keyOf(['manage']);
      const v1 = (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
        app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload }) });
      const refused = await v1(reader, 'POST', '/webhooks', { url: receiver.url, events: ['proxy.down'] });
      assert.equal(refused.statusCode, 403);
      const bad = await v1(manager, 'POST', '/webhooks', { url: receiver.url, events: ['proxy.exploded'] });
      assert.equal(bad.statusCode, 400, bad.body);
      const created = await v1(manager, 'POST', '/webhooks', { url: receiver.url, events: ['proxy.down', 'proxy.up'] });
      assert.equal(created.statusCode, 201, created.body);
      const { endpoint, secret } = created.json<CreateWebhookResponse>();
      receiver.useSecret(secret);
      const listed = await v1(reader, 'GET', '/webhooks');
      assert.equal(listed.statusCode, 200, listed.body);
      assert.deepEqual(listed.json<WebhooksResponse>().endpoints.map((item) => item.events), [['proxy.down', 'proxy.up']]);
      const test = await v1(manager, 'POST', `/webhooks/${endpoint.id}/test`);
      assert.equal(test.statusCode, 202, test.body);
      assert.equal(receiver.received[0]?.verified, true);
      assert.equal((await v1(manager, 'DELETE', `/webhooks/${endpoint.id}`)).statusCode, 200);
      assert.deepEqual((await v1(reader, 'GET', '/webhooks')).json<WebhooksResponse>().endpoints, []);
    });

    it('refuses private, loopback, metadata, non-http and unresolvable destinations on save (production policy)', async (t) => {
      const app = await build(t, backend, { config: { marketplace: { inventorySize: 0, inventorySeed: 42, cacheMs: 0 }, webhooks: { allowLoopback: false, allowHttp: false, disableAfterMs: 86_400_000 } } });
      const owner = await customer(app, 0);
      const attempts: [string, RegExp][] = [
        ['https://127.0.0.1/hooks', /private, loopback or reserved/],
        ['https://localhost:8443/hooks', /private, loopback or reserved/],
        ['https://10.1.2.3/hooks', /private, loopback or reserved/],
        ['https://169.254.169.254/latest/meta-data', /private, loopback or reserved/],
        ['https://[::1]/hooks', /private, loopback or reserved/],
        ['https://[::ffff:192.168.1.1]/hooks', /private, loopback or reserved/],
        ['https://no-such-host.invalid/hooks', /could not be resolved/],
        ['http://93.184.215.14/hooks', /must start with https:\/\//],
        ['ftp://example.com/hooks', /must start with https:\/\//],
        ['not a url', /full URL/],
        ['https://user:pass@93.184.215.14/hooks', /login or password/],
      ];
      for (const [url, message] of attempts) {
        const response = await tab(app, owner, 'POST', '', { url, events: ['proxy.down'] });
        assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
        assert.match(response.json<{ message: string }>().message, message, url);
      }
      assert.deepEqual((await tab(app, owner, 'GET', '')).json<WebhooksResponse>().endpoints, [], 'nothing half-written');
    });
  });
}
