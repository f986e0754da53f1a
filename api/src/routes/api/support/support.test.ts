// The customer's side of support: opening tickets, reading and answering their own, closing them, and the
// rules around them (categories, text, open-ticket bound, rate limit, refund tickets by the terms).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Ticket, TicketMessage, TicketProxy, TicketSummary } from 'contract/support';
import { SUPPORT_SENDER_NAME, supportMessages } from 'contract/support-rules';
import { agePurchase, buildSupport, buyProxy, call, customer, supportMember, supportRowCounts } from '../../../test/support-kit.ts';
import { backends } from '../../../test/helpers.ts';

const UNKNOWN_TICKET = '00000000-0000-4000-8000-000000000000';

for (const backend of backends) {
  describe(`support tickets (${backend})`, () => {
    it('opens a ticket with its first message (trimmed) and lists the caller\'s tickets newest first', async (t) => {
      const app = await buildSupport(t, backend);
      const alice = await customer(app, 0);
      const created = await call(app, alice, 'POST', '/api/support/ticket', { category: 'Techsupport', text: '  My proxy does not connect  ' });
      assert.equal(created.statusCode, 201, created.body);
      const ticket = created.json<Ticket>();
      assert.equal(ticket.category, 'Techsupport');
      assert.equal(ticket.status, 'open');
      assert.equal(ticket.proxy, null);
      assert.equal(ticket.messages.length, 1);
      assert.equal(ticket.messages[0]?.text, 'My proxy does not connect');
      assert.deepEqual(ticket.messages[0]?.senderId._id, alice.id);
      assert.equal(ticket.messages[0]?.fromSupport, false);

      const second = (await call(app, alice, 'POST', '/api/support/ticket', { category: 'Billing', text: 'Second' })).json<Ticket>();
      const list = await call(app, alice, 'GET', `/api/support/ticket/${alice.id}`);
      assert.equal(list.statusCode, 200);
      const summaries = list.json<TicketSummary[]>();
      assert.deepEqual(summaries.map((s) => s._id), [second._id, ticket._id]);
      assert.equal(summaries[1]?.firstMessage, 'My proxy does not connect');

      const one = await call(app, alice, 'GET', `/api/support/ticket/${ticket._id}`);
      assert.equal(one.statusCode, 200);
      assert.equal(one.json<Ticket>()._id, ticket._id);
    });

    it("answers 404 for another user's ticket on every route, exactly as for a missing one, and writes nothing", async (t) => {
      const app = await buildSupport(t, backend);
      const alice = await customer(app, 0);
      const mallory = await customer(app, 0);
      const ticket = (await call(app, alice, 'POST', '/api/support/ticket', { category: 'General', text: 'Private matter' })).json<Ticket>();
      const before = await supportRowCounts(app);
      for (const id of [ticket._id, UNKNOWN_TICKET, 'not-a-ticket']) {
        const answers = [
          await call(app, mallory, 'GET', `/api/support/ticket/${id}`),
          await call(app, mallory, 'PUT', `/api/support/ticket/${id}`, { status: 'Closed' }),
          await call(app, mallory, 'PUT', `/api/support/ticket/${id}`, { status: 'open' }),
          await call(app, mallory, 'GET', `/api/support/message/${id}`),
          await call(app, mallory, 'POST', '/api/support/message', { ticketId: id, text: 'let me in' }),
        ];
        for (const answer of answers) {
          assert.equal(answer.statusCode, 404, `${id}: ${answer.body}`);
          assert.deepEqual(answer.json(), { message: supportMessages.ticketNotFound });
        }
      }
      // Listing with someone else's user id is a ticket lookup, which finds nothing.
      assert.equal((await call(app, mallory, 'GET', `/api/support/ticket/${alice.id}`)).statusCode, 404);
      assert.deepEqual(await supportRowCounts(app), before);
      const unchanged = (await call(app, alice, 'GET', `/api/support/ticket/${ticket._id}`)).json<Ticket>();
      assert.equal(unchanged.status, 'open');
      assert.equal(unchanged.messages.length, 1);
    });

    it('replies while open; closing refuses further replies with 409; only support reopens', async (t) => {
      const app = await buildSupport(t, backend);
      const alice = await customer(app, 0);
      const ticket = (await call(app, alice, 'POST', '/api/support/ticket', { category: 'General', text: 'Hello' })).json<Ticket>();
      const reply = await call(app, alice, 'POST', '/api/support/message', { ticketId: ticket._id, text: ' More details ' });
      assert.equal(reply.statusCode, 201, reply.body);
      assert.equal(reply.json<TicketMessage>().text, 'More details');
      const messages = (await call(app, alice, 'GET', `/api/support/message/${ticket._id}`)).json<TicketMessage[]>();
      assert.deepEqual(messages.map((m) => m.text), ['Hello', 'More details']);

      const closed = await call(app, alice, 'PUT', `/api/support/ticket/${ticket._id}`, { status: 'Closed' });
      assert.equal(closed.statusCode, 200);
      assert.equal(closed.json<Ticket>().status, 'Closed');
      const late = await call(app, alice, 'POST', '/api/support/message', { ticketId: ticket._id, text: 'One more thing' });
      assert.equal(late.statusCode, 409);
      assert.deepEqual(late.json(), { message: supportMessages.ticketClosed });

      const reopen = await call(app, alice, 'PUT', `/api/support/ticket/${ticket._id}`, { status: 'open' });
      assert.equal(reopen.statusCode, 403);
      assert.deepEqual(reopen.json(), { message: supportMessages.onlySupportReopens });
      const bad = await call(app, alice, 'PUT', `/api/support/ticket/${ticket._id}`, { status: 'closed' });
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.json(), { message: supportMessages.statusInvalid });
      assert.equal((await call(app, alice, 'GET', `/api/support/message/${ticket._id}`)).json<TicketMessage[]>().length, 2);
    });

    it('refuses bad categories and texts with their own message and writes nothing', async (t) => {
      const app = await buildSupport(t, backend);
      const alice = await customer(app, 0);
      const before = await supportRowCounts(app);
      const cases: Array<[unknown, string]> = [
        [{ category: 'Refunds', text: 'x' }, supportMessages.categoryInvalid],
        [{ category: 'general', text: 'x' }, supportMessages.categoryInvalid],
        [{ category: 'General', text: '   \n\t ' }, supportMessages.textRequired],
        [{ category: 'General', text: '' }, supportMessages.textRequired],
        [{ category: 'General', text: 'x'.repeat(2001) }, supportMessages.textTooLong],
        [{ category: 'General', text: 'bell \u0007 inside' }, supportMessages.textInvalid],
        // NUL is refused before any route sees it, by the one check for text no route can store.
        [{ category: 'General', text: 'nul \u0000 inside' }, 'body/text contains a NUL character or invalid Unicode text'],
        [{ category: 'General', text: 'a proxy', historyId: 1 }, supportMessages.proxyOnlyForRefunds],
      ];
      for (const [payload, message] of cases) {
        const response = await call(app, alice, 'POST', '/api/support/ticket', payload);
        assert.equal(response.statusCode, 400, JSON.stringify(payload));
        assert.deepEqual(response.json(), { message });
      }
      const exact = await call(app, alice, 'POST', '/api/support/ticket', { category: 'General', text: `  ${'y'.repeat(2000)}  ` });
      assert.equal(exact.statusCode, 201, 'whitespace around a text of the allowed length is trimmed away');
      const ticket = exact.json<Ticket>();
      const after = await supportRowCounts(app);
      assert.equal(after['tickets'], (before['tickets'] ?? 0) + 1);
      for (const [text, message] of [['  ', supportMessages.textRequired], ['z'.repeat(2001), supportMessages.textTooLong]] as const) {
        const response = await call(app, alice, 'POST', '/api/support/message', { ticketId: ticket._id, text });
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { message });
      }
      assert.deepEqual(await supportRowCounts(app), after);
    });

    it('bounds the open tickets of a customer; closing one makes room', async (t) => {
      const app = await buildSupport(t, backend, { maxOpenTickets: 2 });
      const alice = await customer(app, 0);
      const first = (await call(app, alice, 'POST', '/api/support/ticket', { category: 'General', text: 'one' })).json<Ticket>();
      assert.equal((await call(app, alice, 'POST', '/api/support/ticket', { category: 'General', text: 'two' })).statusCode, 201);
      const third = await call(app, alice, 'POST', '/api/support/ticket', { category: 'General', text: 'three' });
      assert.equal(third.statusCode, 409);
      assert.deepEqual(third.json(), { message: supportMessages.tooManyOpen(2) });
      // Concurrent attempts cannot slip past the bound either.
      await call(app, alice, 'PUT', `/api/support/ticket/${first._id}`, { status: 'Closed' });
      const racing = await Promise.all([1, 2, 3].map((n) => call(app, alice, 'POST', '/api/support/ticket', { category: 'General', text: `race ${n}` })));
      assert.deepEqual(racing.map((r) => r.statusCode).sort(), [201, 409, 409]);
    });

    it('rate-limits ticket creation per account', async (t) => {
      const app = await buildSupport(t, backend, { ticketsPerHour: 3, maxOpenTickets: 100 });
      const alice = await customer(app, 0);
      const bob = await customer(app, 0);
      const statuses: number[] = [];
      for (let n = 0; n < 4; n += 1) {
        statuses.push((await call(app, alice, 'POST', '/api/support/ticket', { category: 'General', text: `n${n}` })).statusCode);
      }
      assert.deepEqual(statuses, [201, 201, 201, 429]);
      assert.equal((await call(app, bob, 'POST', '/api/support/ticket', { category: 'General', text: 'mine' })).statusCode, 201, 'another account has its own budget');
    });

    it("serves the published /api/booking ticket and message URLs as the same routes, sharing one rate limit", async (t) => {
      const app = await buildSupport(t, backend, { ticketsPerHour: 2, maxOpenTickets: 100 });
      const alice = await customer(app, 0);
      const created = await call(app, alice, 'POST', '/api/booking/ticket', { category: 'General', text: 'through the old URL' });
      assert.equal(created.statusCode, 201, created.body);
      const ticket = created.json<Ticket>();
      assert.deepEqual((await call(app, alice, 'GET', `/api/booking/ticket/${alice.id}`)).json<TicketSummary[]>().map((s) => s._id), [ticket._id]);
      assert.equal((await call(app, alice, 'GET', `/api/booking/ticket/${ticket._id}`)).json<Ticket>()._id, ticket._id);
      const reply = await call(app, alice, 'POST', '/api/booking/message', { ticketId: ticket._id, text: 'and a reply' });
      assert.equal(reply.statusCode, 201, reply.body);
      const messages = (await call(app, alice, 'GET', `/api/booking/message/${ticket._id}`)).json<TicketMessage[]>();
      assert.deepEqual(messages.map((m) => m.text), ['through the old URL', 'and a reply']);
      assert.equal((await call(app, alice, 'PUT', `/api/booking/ticket/${ticket._id}`, { status: 'Closed' })).json<Ticket>().status, 'Closed');

      assert.equal((await call(app, alice, 'POST', '/api/support/ticket', { category: 'General', text: 'second' })).statusCode, 201);
      assert.equal((await call(app, alice, 'POST', '/api/booking/ticket', { category: 'General', text: 'third' })).statusCode, 429, 'both URLs count against one budget');
      // Only the published calls have the old name; the rest of support is under /api/support alone.
      assert.equal((await call(app, alice, 'GET', '/api/booking/links')).statusCode, 404);
      assert.equal((await call(app, alice, 'GET', '/api/booking/ticketing')).statusCode, 404);
    });

    it('refund tickets: own recent purchase only, within 5 hours, one ticket per proxy', async (t) => {
      const app = await buildSupport(t, backend);
      const alice = await customer(app, 10_000);
      const mallory = await customer(app, 10_000);
      const fresh = await buyProxy(app, alice);
      const old = await buyProxy(app, alice);
      await agePurchase(app, old.historyId, 5.1);
      const mallorys = await buyProxy(app, mallory);

      const refundable = (await call(app, alice, 'GET', '/api/support/refundable')).json<TicketProxy[]>();
      assert.deepEqual(refundable.map((p) => p.historyId), [fresh.historyId]);
      assert.equal(refundable[0]?.price, fresh.priceCents / 100);

      const before = await supportRowCounts(app);
      const refuse = async (historyId: number, status: number, message: string) => {
        const response = await call(app, alice, 'POST', '/api/support/ticket', { category: 'Refundpolicy', text: 'It died', historyId });
        assert.equal(response.statusCode, status, response.body);
        assert.deepEqual(response.json(), { message });
      };
      await refuse(mallorys.historyId, 404, supportMessages.proxyNotFound);
      await refuse(999_999, 404, supportMessages.proxyNotFound);
      await refuse(old.historyId, 409, supportMessages.proxyTooOld);
      assert.deepEqual(await supportRowCounts(app), before);

      const created = await call(app, alice, 'POST', '/api/support/ticket', { category: 'Refundpolicy', text: 'It died', historyId: fresh.historyId });
      assert.equal(created.statusCode, 201, created.body);
      const ticket = created.json<Ticket>();
      assert.equal(ticket.proxy?.historyId, fresh.historyId);
      assert.equal(ticket.proxy?.price, fresh.priceCents / 100);
      assert.equal(ticket.refund, null);
      await call(app, alice, 'PUT', `/api/support/ticket/${ticket._id}`, { status: 'Closed' });
      await refuse(fresh.historyId, 409, supportMessages.proxyAlreadyTicketed);
      assert.deepEqual((await call(app, alice, 'GET', '/api/support/refundable')).json(), []);
      // A Refund Proxy ticket without a proxy is still a ticket.
      assert.equal((await call(app, alice, 'POST', '/api/support/ticket', { category: 'Refundpolicy', text: 'General refund question' })).statusCode, 201);
    });

    it("shows support's replies as the shop's support, and the support role on the user details", async (t) => {
      const app = await buildSupport(t, backend);
      const alice = await customer(app, 0);
      const staff = await supportMember(app);
      const ticket = (await call(app, alice, 'POST', '/api/support/ticket', { category: 'General', text: 'Hi' })).json<Ticket>();
      assert.equal((await call(app, staff, 'POST', '/api/support/desk/message', { ticketId: ticket._id, text: 'Hello from us' })).statusCode, 201);
      const messages = (await call(app, alice, 'GET', `/api/support/message/${ticket._id}`)).json<TicketMessage[]>();
      assert.deepEqual(messages[1]?.senderId, { _id: null, username: SUPPORT_SENDER_NAME });
      assert.equal(messages[1]?.fromSupport, true);
      assert.doesNotMatch(JSON.stringify(messages), new RegExp(staff.username));
      assert.doesNotMatch(JSON.stringify(messages), new RegExp(staff.id));

      assert.deepEqual((await call(app, staff, 'GET', `/api/users/${staff.id}`)).json<{ roles: string[] }>().roles, ['support']);
      assert.deepEqual((await call(app, alice, 'GET', `/api/users/${alice.id}`)).json<{ roles: string[] }>().roles, []);
      // Support members' own customer routes stay their own: the desk is where every ticket is seen.
      assert.equal((await call(app, staff, 'GET', `/api/support/ticket/${ticket._id}`)).statusCode, 404);
    });

    it('serves the configured footer links and null for the others', async (t) => {
      const app = await buildSupport(t, backend, { links: { onion: 'http://example.onion/', messenger: null, status: 'https://status.example.com/' } });
      const alice = await customer(app, 0);
      assert.deepEqual((await call(app, alice, 'GET', '/api/support/links')).json(), {
        onion: 'http://example.onion/',
        messenger: null,
        status: 'https://status.example.com/',
      });
    });
  });
}
