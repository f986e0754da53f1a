// The support desk: only members of support reach it; they see every ticket, answer as the shop, close and
// reopen, and approve refunds that credit a purchase exactly once. Customers hear of it live and by mail.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { waitFor } from 'checker/test-kit';
import { TICKET_EVENT, BALANCE_EVENT } from 'contract/realtime';
import type { DeskTicket, DeskTicketSummary, RefundResponse, Ticket } from 'contract/support';
import { supportMessages } from 'contract/support-rules';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { App } from '../../../../app.ts';
import { assertBalancesEqualLedger, balanceOf } from '../../../../test/market-kit.ts';
import { marketDb } from '../../../../marketplace/market-schema.ts';
import { buildSupport, buyProxy, call, customer, supportMember, supportRowCounts, type Customer } from '../../../../test/support-kit.ts';
import { refundReference } from '../../../../support/refunds.ts';
import { backends } from '../../../../test/helpers.ts';

async function openTicket(app: App, who: Customer, body: object = { category: 'General', text: 'Help please' }): Promise<Ticket> {
  const response = await call(app, who, 'POST', '/api/support/ticket', body);
  assert.equal(response.statusCode, 201, response.body);
  return response.json<Ticket>();
}

async function outbox(app: App): Promise<string[]> {
  const dir = app.config.mail.outboxDir;
  const files = await readdir(dir).catch(() => [] as string[]);
  // Quoted-printable bodies wrap long lines with a trailing `=`; joined back, the text reads as written.
  return Promise.all(files.sort().map(async (file) => (await readFile(join(dir, file), 'utf8')).replaceAll('=\n', '')));
}

function socketOf(t: TestContext, url: string, who: Customer): Promise<Socket> {
  const socket = connectClient(url, { path: '/socket.io', auth: { token: who.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  t.after(() => {
    socket.disconnect();
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Every event of a kind a socket receives, from now on. */
function record(socket: Socket, event: string): unknown[] {
  const seen: unknown[] = [];
  socket.on(event, (payload: unknown) => seen.push(payload));
  return seen;
}

for (const backend of backends) {
  describe(`support desk (${backend})`, () => {
    it('refuses every desk route to customers (403) before reading the body, and writes nothing', async (t) => {
      const app = await buildSupport(t, backend);
      const alice = await customer(app, 10_000);
      const { historyId } = await buyProxy(app, alice);
      const ticket = await openTicket(app, alice, { category: 'Refundpolicy', text: 'Dead proxy', historyId });
      const before = await supportRowCounts(app);
      const balance = await balanceOf(app, alice.id);
      for (const [method, url, body] of [
        ['GET', '/api/support/desk/tickets', undefined],
        ['GET', `/api/support/desk/ticket/${ticket._id}`, undefined],
        ['PUT', `/api/support/desk/ticket/${ticket._id}`, { status: 'Closed' }],
        ['PUT', `/api/support/desk/ticket/${ticket._id}`, { nonsense: true }],
        ['POST', '/api/support/desk/message', { ticketId: ticket._id, text: 'I am support now' }],
        ['POST', `/api/support/desk/ticket/${ticket._id}/refund`, undefined],
      ] as const) {
        const response = await call(app, alice, method, url, body);
        assert.equal(response.statusCode, 403, `${method} ${url}: ${response.body}`);
        assert.deepEqual(response.json(), { message: supportMessages.supportOnly });
      }
      assert.deepEqual(await supportRowCounts(app), before);
      assert.equal(await balanceOf(app, alice.id), balance);
    });

    it('lists every ticket oldest first with owner, filtered by status and category', async (t) => {
      const app = await buildSupport(t, backend);
      const staff = await supportMember(app);
      const alice = await customer(app, 0);
      const bob = await customer(app, 0);
      const first = await openTicket(app, alice, { category: 'Billing', text: 'Charged twice' });
      const second = await openTicket(app, bob, { category: 'Techsupport', text: 'Slow' });
      const third = await openTicket(app, alice, { category: 'Techsupport', text: 'Offline' });
      await call(app, alice, 'PUT', `/api/support/ticket/${third._id}`, { status: 'Closed' });

      const all = (await call(app, staff, 'GET', '/api/support/desk/tickets')).json<DeskTicketSummary[]>();
      assert.deepEqual(all.map((row) => row._id), [first._id, second._id, third._id]);
      assert.equal(all[1]?.owner._id, bob.id);
      assert.equal(all[0]?.firstMessage, 'Charged twice');
      assert.equal(all[0]?.awaitingSupport, true);

      const open = (await call(app, staff, 'GET', '/api/support/desk/tickets?status=open')).json<DeskTicketSummary[]>();
      assert.deepEqual(open.map((row) => row._id), [first._id, second._id]);
      const tech = (await call(app, staff, 'GET', '/api/support/desk/tickets?status=Closed&category=Techsupport')).json<DeskTicketSummary[]>();
      assert.deepEqual(tech.map((row) => row._id), [third._id]);
      const bad = await call(app, staff, 'GET', '/api/support/desk/tickets?category=Refunds');
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.json(), { message: supportMessages.categoryInvalid });

      const one = (await call(app, staff, 'GET', `/api/support/desk/ticket/${second._id}`)).json<DeskTicket>();
      assert.equal(one.owner.username.length > 0, true);
      assert.deepEqual(one.messages.map((m) => m.text), ['Slow']);
      assert.equal((await call(app, staff, 'GET', '/api/support/desk/ticket/00000000-0000-4000-8000-000000000000')).statusCode, 404);
    });

    it("replies as the shop, mails the owner, pushes the message to the owner and support only; closes and reopens", async (t) => {
      const app = await buildSupport(t, backend);
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      const staff = await supportMember(app);
      const alice = await customer(app, 0);
      const bob = await customer(app, 0);
      const [aliceSocket, bobSocket, staffSocket] = await Promise.all([socketOf(t, url, alice), socketOf(t, url, bob), socketOf(t, url, staff)]);
      const [aliceSeen, bobSeen, staffSeen] = [record(aliceSocket, TICKET_EVENT), record(bobSocket, TICKET_EVENT), record(staffSocket, TICKET_EVENT)];
      // The support room is joined once membership is checked, just after the connection.
      await new Promise((resolve) => setTimeout(resolve, 200));

      const ticket = await openTicket(app, alice);
      await waitFor('the new ticket event', () => aliceSeen.length === 1 && staffSeen.length === 1);
      assert.deepEqual(staffSeen[0], { ticketId: ticket._id });

      const reply = await call(app, staff, 'POST', '/api/support/desk/message', { ticketId: ticket._id, text: '  We are on it  ' });
      assert.equal(reply.statusCode, 201, reply.body);
      await waitFor('the reply event', () => aliceSeen.length === 2 && staffSeen.length === 2);
      assert.deepEqual(aliceSeen[1], { ticketId: ticket._id });
      assert.equal(bobSeen.length, 0, 'other customers hear nothing');

      const mails = await outbox(app);
      assert.equal(mails.length, 1);
      assert.match(mails[0] ?? '', new RegExp(`Support replied to your ticket #${ticket._id.slice(0, 6)}`));
      assert.match(mails[0] ?? '', new RegExp(`http://portal.test/support/${ticket._id}`));

      const closed = await call(app, staff, 'PUT', `/api/support/desk/ticket/${ticket._id}`, { status: 'Closed' });
      assert.equal(closed.json<DeskTicket>().status, 'Closed');
      const late = await call(app, staff, 'POST', '/api/support/desk/message', { ticketId: ticket._id, text: 'After closing' });
      assert.equal(late.statusCode, 409);
      assert.deepEqual(late.json(), { message: supportMessages.ticketClosed });
      const reopened = await call(app, staff, 'PUT', `/api/support/desk/ticket/${ticket._id}`, { status: 'open' });
      assert.equal(reopened.json<DeskTicket>().status, 'open');
      assert.equal((await call(app, alice, 'POST', '/api/support/message', { ticketId: ticket._id, text: 'Thanks' })).statusCode, 201);
    });

    it('approves a refund once: credits the price as a refund ledger row, ends the lease, tells the customer', async (t) => {
      const app = await buildSupport(t, backend);
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      const staff = await supportMember(app);
      const alice = await customer(app, 10_000);
      const aliceSocket = await socketOf(t, url, alice);
      const balanceEvents = record(aliceSocket, BALANCE_EVENT);
      const { historyId, priceCents } = await buyProxy(app, alice);
      const before = await balanceOf(app, alice.id);
      const ticket = await openTicket(app, alice, { category: 'Refundpolicy', text: 'Went offline after an hour', historyId });

      const approved = await call(app, staff, 'POST', `/api/support/desk/ticket/${ticket._id}/refund`);
      assert.equal(approved.statusCode, 200, approved.body);
      const body = approved.json<RefundResponse>();
      assert.equal(body.amount, priceCents / 100);
      assert.equal(body.ticket.refund?.amount, priceCents / 100);
      assert.match(body.ticket.messages.at(-1)?.text ?? '', /refund of \$\d+\.\d{2} .* credited/);
      assert.equal(await balanceOf(app, alice.id), before + priceCents);
      await waitFor('the balance event', () => balanceEvents.length > 0);

      const rows = await app.db.selectFrom('ledger').selectAll().where('user_id', '=', alice.id).where('kind', '=', 'refund').execute();
      assert.equal(rows.length, 1);
      assert.equal(Number(rows[0]?.amount_cents), priceCents);
      assert.equal(rows[0]?.reference, refundReference(historyId));
      const lease = await marketDb(app.db).selectFrom('proxy_leases').select(['expires_at', 'renew']).where('id', '=', historyId).executeTakeFirstOrThrow();
      assert.ok(new Date(lease.expires_at).getTime() <= Date.now(), 'the refunded proxy has ended');
      assert.equal(lease.renew, false);

      const again = await call(app, staff, 'POST', `/api/support/desk/ticket/${ticket._id}/refund`);
      assert.equal(again.statusCode, 409);
      assert.deepEqual(again.json(), { message: supportMessages.alreadyRefunded });
      const customerView = (await call(app, alice, 'GET', `/api/support/ticket/${ticket._id}`)).json<Ticket>();
      assert.equal(customerView.refund?.amount, priceCents / 100);
      assert.equal((await outbox(app)).length, 1, 'the approval mailed the customer');

      const plain = await openTicket(app, alice);
      const refused = await call(app, staff, 'POST', `/api/support/desk/ticket/${plain._id}/refund`);
      assert.equal(refused.statusCode, 409);
      assert.deepEqual(refused.json(), { message: supportMessages.notRefundTicket });
      await assertBalancesEqualLedger(app);
    });

    it('two racing approvals credit exactly once', async (t) => {
      const app = await buildSupport(t, backend);
      const [first, second] = [await supportMember(app), await supportMember(app)];
      const alice = await customer(app, 10_000);
      const { historyId, priceCents } = await buyProxy(app, alice);
      const before = await balanceOf(app, alice.id);
      const ticket = await openTicket(app, alice, { category: 'Refundpolicy', text: 'Dead', historyId });
      const answers = await Promise.all([first, second, first, second].map((staff) => call(app, staff, 'POST', `/api/support/desk/ticket/${ticket._id}/refund`)));
      assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 409, 409, 409]);
      assert.equal(await balanceOf(app, alice.id), before + priceCents);
      const refunds = await app.db.selectFrom('refunds').selectAll().execute();
      assert.equal(refunds.length, 1);
      await assertBalancesEqualLedger(app);
    });

    it('a revoked member loses the desk with the next call; SUPPORT_USERNAMES makes members by configuration', async (t) => {
      const app = await buildSupport(t, backend, { usernames: ['Desk_Lead'] });
      const staff = await supportMember(app);
      assert.equal((await call(app, staff, 'GET', '/api/support/desk/tickets')).statusCode, 200);
      await app.repositories.supportRoles.revoke(staff.username);
      assert.equal((await call(app, staff, 'GET', '/api/support/desk/tickets')).statusCode, 403);

      assert.deepEqual(await app.repositories.supportRoles.unclaimedConfiguredNames(), ['desk_lead'], 'a listed name nobody holds is reported');
      const lead = await app.db.insertInto('users').values({ username: 'desk_lead', email: 'lead@example.com', password_hash: 'unused' }).returning('id').executeTakeFirstOrThrow();
      const { token } = await app.sessions.start(lead.id);
      assert.equal((await call(app, { id: lead.id, token }, 'GET', '/api/support/desk/tickets')).statusCode, 200);
      assert.deepEqual(await app.repositories.supportRoles.unclaimedConfiguredNames(), []);
    });
  });
}
