// Tickets and their messages. Customers reach only their own tickets (every owner query carries the owner's
// id, so another user's ticket is indistinguishable from a missing one); the desk reaches all of them. The
// rows and their wire shapes are in ticket-rows.ts, refunds in refunds.ts; this module holds the writes and
// puts the repository together.
import { sql, type Kysely } from 'kysely';
import type { DeskTicket, DeskTicketSummary, Ticket, TicketMessage, TicketSummary } from 'contract/support';
import type { TicketCategory, TicketStatus } from 'contract/support-rules';
import type { Schema } from '../db/schema.ts';
import { queueMail, type Mail } from '../mail/mail.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import { approveRefund, REFUND_WINDOW_MS, refundableProxies, UNIQUE_VIOLATION } from './refunds.ts';
import { supportReplyMail } from './support-mail.ts';
import { forCustomer, insertMessage, iso, loadTicket, ticketMessages, ticketsQuery, toSummary } from './ticket-rows.ts';

/** Ticket ids are UUIDs; anything else cannot name a ticket (and must not reach a uuid cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isTicketId = (value: string) => UUID.test(value);

export type CreateTicketResult =
  | { ok: true; ticket: Ticket }
  | { ok: false; reason: 'too-many-open' | 'proxy-not-found' | 'proxy-too-old' | 'proxy-already-ticketed' | 'proxy-replaced' };

export type ChangeResult<T> = { ok: true; value: T } | { ok: false; reason: 'not-found' | 'closed' };

/** The owner of a ticket, for notifying them. */
export interface TicketOwner {
  id: string;
  username: string;
  email: string;
}

/** Refused inside a transaction to roll it back; turned into its result outside. */
class Refusal<R> extends Error {
  readonly result: R;
  constructor(result: R) {
    super('refused');
    this.result = result;
  }
}

/**
 * Opens a ticket with its first message. The owner's row lock makes the open-ticket bound hold against
 * concurrent creations; the unique index on the named purchase makes "one refund ticket per proxy" hold.
 */
async function openTicket(
  db: Kysely<Schema>,
  userId: string,
  input: { category: TicketCategory; text: string; historyId: number | null },
  limits: { maxOpen: number; now: Date },
): Promise<CreateTicketResult> {
  type Result = CreateTicketResult;
  try {
    return await db.transaction().execute(async (trx): Promise<Result> => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
      const open = await trx
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      if (Number(open.count) >= limits.maxOpen) throw new Refusal<Result>({ ok: false, reason: 'too-many-open' });

      if (input.historyId !== null) {
        const lease = await marketDb(trx)
          .selectFrom('proxy_leases')
          .select(['id', 'created_at'])
          .where('id', '=', input.historyId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!lease) throw new Refusal<Result>({ ok: false, reason: 'proxy-not-found' });
        if (limits.now.getTime() - new Date(lease.created_at).getTime() > REFUND_WINDOW_MS) {
          throw new Refusal<Result>({ ok: false, reason: 'proxy-too-old' });
        }
        // A free replacement rules out a refund (the desk would refuse it): say so now, not after a wait.
        const replaced = await sql`select 1 from lease_replacements where lease_id = ${input.historyId}`.execute(trx);
        if (replaced.rows.length > 0) throw new Refusal<Result>({ ok: false, reason: 'proxy-replaced' });
      }

      const ticket = await trx
        .insertInto('tickets')
        .values({ user_id: userId, category: input.category, lease_id: input.historyId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertMessage(trx, ticket.id, userId, input.text, false);
      const loaded = await loadTicket(trx, ticket.id, userId);
      if (!loaded) throw new Error('ticket vanished inside its own transaction');
      return { ok: true, ticket: forCustomer(loaded) };
    });
  } catch (error) {
    if (error instanceof Refusal) return error.result as Result;
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return { ok: false, reason: 'proxy-already-ticketed' };
    throw error;
  }
}

/**
 * Adds a message under the ticket's row lock, so a reply and a close racing each other cannot leave a
 * message on a ticket that was already closed.
 */
async function addMessage(
  db: Kysely<Schema>,
  ticketId: string,
  sender: { id: string; support: boolean },
  text: string,
  /** Support's replies mail the owner: the mail is queued with the message. */
  mailOwner: ((owner: TicketOwner) => Mail) | null,
): Promise<ChangeResult<{ message: TicketMessage; owner: TicketOwner; mailJob: number | null }>> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('tickets as t')
      .innerJoin('users as o', 'o.id', 't.user_id')
      .select(['t.status', 'o.id', 'o.username', 'o.email'])
      .where('t.id', '=', ticketId)
      .forUpdate('t');
    if (!sender.support) query = query.where('t.user_id', '=', sender.id);
    const ticket = await query.executeTakeFirst();
    if (!ticket) return { ok: false, reason: 'not-found' } as const;
    if (ticket.status !== 'open') return { ok: false, reason: 'closed' } as const;
    const message = await insertMessage(trx, ticketId, sender.id, text, sender.support);
    const owner = { id: ticket.id, username: ticket.username, email: ticket.email };
    const mailJob = mailOwner ? await queueMail(trx, mailOwner(owner)) : null;
    return { ok: true, value: { message, owner, mailJob } } as const;
  });
}

async function setStatus(db: Kysely<Schema>, ticketId: string, status: TicketStatus, ownerId: string | null): Promise<ChangeResult<DeskTicket>> {
  let query = db.updateTable('tickets').set({ status }).where('id', '=', ticketId);
  if (ownerId !== null) query = query.where('user_id', '=', ownerId);
  const updated = await query.returning('id').executeTakeFirst();
  if (!updated) return { ok: false, reason: 'not-found' };
  const ticket = await loadTicket(db, ticketId, null);
  return ticket ? { ok: true, value: ticket } : { ok: false, reason: 'not-found' };
}

/** Tickets by status and category, oldest first: the queue is worked from its front. */
async function deskList(db: Kysely<Schema>, filter: { status: TicketStatus | null; category: TicketCategory | null }): Promise<DeskTicketSummary[]> {
  let query = ticketsQuery(db)
    .select((eb) => [
      eb.selectFrom('ticket_messages as z').select('z.created_at').whereRef('z.ticket_id', '=', 't.id').orderBy('z.created_at', 'desc').orderBy('z.id', 'desc').limit(1).as('last_at'),
      eb.selectFrom('ticket_messages as z').select('z.from_support').whereRef('z.ticket_id', '=', 't.id').orderBy('z.created_at', 'desc').orderBy('z.id', 'desc').limit(1).as('last_from_support'),
    ])
    .orderBy('t.created_at')
    .orderBy('t.id')
    .limit(500);
  if (filter.status !== null) query = query.where('t.status', '=', filter.status);
  if (filter.category !== null) query = query.where('t.category', '=', filter.category);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...toSummary(row),
    owner: { _id: row.user_id, username: row.owner_username },
    lastMessageAt: iso(row.last_at ?? row.created_at),
    awaitingSupport: row.last_from_support === false,
  }));
}

/** `publicUrl`: the portal's address, for the links in the mails support's answers send. */
export function createTicketRepository(db: Kysely<Schema>, publicUrl: string) {
  return {
    create: (userId: string, input: Parameters<typeof openTicket>[2], limits: Parameters<typeof openTicket>[3]) => openTicket(db, userId, input, limits),

    /** The owner's tickets, newest first. */
    async listForOwner(userId: string): Promise<TicketSummary[]> {
      const rows = await ticketsQuery(db).where('t.user_id', '=', userId).orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').execute();
      return rows.map(toSummary);
    },

    async findForOwner(ticketId: string, userId: string): Promise<Ticket | undefined> {
      const ticket = await loadTicket(db, ticketId, userId);
      return ticket && forCustomer(ticket);
    },

    /** The ticket's messages, oldest first; undefined when it is not the owner's ticket. */
    async messagesForOwner(ticketId: string, userId: string): Promise<TicketMessage[] | undefined> {
      const owned = await db.selectFrom('tickets').select('id').where('id', '=', ticketId).where('user_id', '=', userId).executeTakeFirst();
      return owned ? ticketMessages(db, ticketId) : undefined;
    },

    /** The owner writes in their open ticket. */
    addOwnerMessage: (ticketId: string, userId: string, text: string) => addMessage(db, ticketId, { id: userId, support: false }, text, null),

    /** The owner closes their ticket (customers never reopen). */
    async closeForOwner(ticketId: string, userId: string): Promise<ChangeResult<Ticket>> {
      const result = await setStatus(db, ticketId, 'Closed', userId);
      return result.ok ? { ok: true, value: forCustomer(result.value) } : result;
    },

    refundableProxies: (userId: string, now: Date) => refundableProxies(db, userId, now),

    // The desk: every ticket, for members of support (the route checks membership).
    deskList: (filter: Parameters<typeof deskList>[1]) => deskList(db, filter),
    deskFind: (ticketId: string) => loadTicket(db, ticketId, null),
    /** Support writes in any open ticket, as the shop's support; the owner's mail is queued with it. */
    addSupportMessage: (ticketId: string, staffId: string, text: string) =>
      addMessage(db, ticketId, { id: staffId, support: true }, text, (owner) => supportReplyMail(owner, ticketId, publicUrl)),
    /** Support closes or reopens any ticket. */
    deskSetStatus: (ticketId: string, status: TicketStatus) => setStatus(db, ticketId, status, null),
    approveRefund: (ticketId: string, staffId: string, now: Date) => approveRefund(db, ticketId, staffId, now, publicUrl),
  };
}

export type TicketRepository = ReturnType<typeof createTicketRepository>;
