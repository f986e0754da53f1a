// Tickets and their messages. Customers reach only their own tickets (every owner query carries the owner's
// id, so another user's ticket is indistinguishable from a missing one); the desk reaches all of them.
// Refunds follow the terms: a Refund Proxy ticket may name one of the customer's purchases, opened within
// REFUND_TICKET_WINDOW_HOURS of buying it, one ticket per purchase; support approves with one action that
// credits the purchase price as a `refund` ledger row, at most once per purchase.
import { sql, type Kysely } from 'kysely';
import { centsToDollars } from 'contract/money';
import type { DeskTicket, DeskTicketSummary, Ticket, TicketMessage, TicketProxy, TicketSummary } from 'contract/support';
import { REFUND_TICKET_WINDOW_HOURS, SUPPORT_SENDER_NAME, type TicketCategory, type TicketStatus } from 'contract/support-rules';
import type { Schema } from '../db/schema.ts';
import { postLedgerEntry } from '../ledger/ledger.ts';
import { marketDb } from '../marketplace/market-schema.ts';

const UNIQUE_VIOLATION = '23505';
const REFUND_WINDOW_MS = REFUND_TICKET_WINDOW_HOURS * 60 * 60 * 1000;

/** Ticket ids are UUIDs; anything else cannot name a ticket (and must not reach a uuid cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isTicketId = (value: string) => UUID.test(value);

/** The ledger reference of a purchase's refund: one per purchase, enforced by a unique index. */
export const refundReference = (leaseId: number) => `refund:lease:${leaseId}`;

export type CreateTicketResult =
  | { ok: true; ticket: Ticket }
  | { ok: false; reason: 'too-many-open' | 'proxy-not-found' | 'proxy-too-old' | 'proxy-already-ticketed' };

export type ChangeResult<T> = { ok: true; value: T } | { ok: false; reason: 'not-found' | 'closed' };

export type RefundResult =
  | { ok: true; ownerId: string; ownerEmail: string; ownerUsername: string; amountCents: number; message: TicketMessage }
  | { ok: false; reason: 'not-found' | 'not-refund-ticket' | 'already-refunded' };

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

const iso = (value: Date | string) => new Date(value).toISOString();

interface MessageRow {
  id: string;
  ticket_id: string;
  text: string;
  created_at: Date;
  from_support: boolean;
  sender_id: string;
  sender_username: string;
}

/** Support messages show the shop's name, never the staff member's account. */
function toMessage(row: MessageRow): TicketMessage {
  return {
    _id: row.id,
    ticketId: row.ticket_id,
    text: row.text,
    createdAt: iso(row.created_at),
    senderId: row.from_support ? { _id: null, username: SUPPORT_SENDER_NAME } : { _id: row.sender_id, username: row.sender_username },
    fromSupport: row.from_support,
  };
}

export function createTicketRepository(db: Kysely<Schema>) {
  function messagesQuery(executor: Kysely<Schema>) {
    return executor
      .selectFrom('ticket_messages as m')
      .innerJoin('users as u', 'u.id', 'm.sender_id')
      .select(['m.id', 'm.ticket_id', 'm.text', 'm.created_at', 'm.from_support', 'm.sender_id', 'u.username as sender_username'])
      .orderBy('m.created_at')
      .orderBy('m.id');
  }

  /** Ticket rows with the named purchase and its refund, if any. */
  function ticketsQuery(executor: Kysely<Schema>) {
    return marketDb(executor)
      .selectFrom('tickets as t')
      .innerJoin('users as o', 'o.id', 't.user_id')
      .leftJoin('proxy_leases as l', 'l.id', 't.lease_id')
      .leftJoin('proxy_listings as p', 'p.id', 'l.listing_id')
      .leftJoin('refunds as r', 'r.ticket_id', 't.id')
      .select([
        't.id',
        't.user_id',
        't.category',
        't.status',
        't.created_at',
        't.lease_id',
        'o.username as owner_username',
        'l.created_at as lease_created_at',
        'l.price_cents as lease_price_cents',
        'p.real_ip',
        'p.country',
        'r.amount_cents as refund_cents',
        'r.created_at as refund_created_at',
      ])
      .select((eb) =>
        eb
          .selectFrom('ticket_messages as f')
          .select('f.text')
          .whereRef('f.ticket_id', '=', 't.id')
          .orderBy('f.created_at')
          .orderBy('f.id')
          .limit(1)
          .as('first_message'),
      );
  }

  type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketsQuery>['executeTakeFirstOrThrow']>>;

  function proxyOf(row: TicketRow): TicketProxy | null {
    if (row.lease_id === null || row.lease_created_at === null || row.lease_price_cents === null) return null;
    return {
      historyId: Number(row.lease_id),
      ip: row.real_ip ?? '',
      country: row.country ?? '',
      purchasedAt: iso(row.lease_created_at),
      price: centsToDollars(Number(row.lease_price_cents)),
    };
  }

  function toSummary(row: TicketRow): TicketSummary {
    return {
      _id: row.id,
      category: row.category,
      status: row.status,
      createdAt: iso(row.created_at),
      proxy: proxyOf(row),
      refund:
        row.refund_cents === null || row.refund_created_at === null
          ? null
          : { amount: centsToDollars(Number(row.refund_cents)), createdAt: iso(row.refund_created_at) },
      firstMessage: row.first_message ?? null,
    };
  }

  async function loadTicket(executor: Kysely<Schema>, ticketId: string, ownerId: string | null): Promise<DeskTicket | undefined> {
    let query = ticketsQuery(executor).where('t.id', '=', ticketId);
    if (ownerId !== null) query = query.where('t.user_id', '=', ownerId);
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    const messages = (await messagesQuery(executor).where('m.ticket_id', '=', ticketId).execute()).map(toMessage);
    const { firstMessage: _first, ...summary } = toSummary(row);
    return { ...summary, messages, owner: { _id: row.user_id, username: row.owner_username } };
  }

  /** The customer's view of a ticket: without the owner block. */
  const forCustomer = ({ owner: _owner, ...ticket }: DeskTicket): Ticket => ticket;

  async function insertMessage(trx: Kysely<Schema>, ticketId: string, senderId: string, text: string, fromSupport: boolean): Promise<TicketMessage> {
    const row = await trx
      .insertInto('ticket_messages')
      .values({ ticket_id: ticketId, sender_id: senderId, text, from_support: fromSupport })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const sender = await trx.selectFrom('users').select('username').where('id', '=', senderId).executeTakeFirstOrThrow();
    return toMessage({ id: row.id, ticket_id: ticketId, text, created_at: row.created_at, from_support: fromSupport, sender_id: senderId, sender_username: sender.username });
  }

  /**
   * Adds a message under the ticket's row lock, so a reply and a close racing each other cannot leave a
   * message on a ticket that was already closed.
   */
  async function addMessage(
    ticketId: string,
    sender: { id: string; support: boolean },
    text: string,
  ): Promise<ChangeResult<{ message: TicketMessage; owner: TicketOwner }>> {
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
      return { ok: true, value: { message, owner: { id: ticket.id, username: ticket.username, email: ticket.email } } } as const;
    });
  }

  async function setStatus(ticketId: string, status: TicketStatus, ownerId: string | null): Promise<ChangeResult<DeskTicket>> {
    let query = db.updateTable('tickets').set({ status }).where('id', '=', ticketId);
    if (ownerId !== null) query = query.where('user_id', '=', ownerId);
    const updated = await query.returning('id').executeTakeFirst();
    if (!updated) return { ok: false, reason: 'not-found' };
    const ticket = await loadTicket(db, ticketId, null);
    return ticket ? { ok: true, value: ticket } : { ok: false, reason: 'not-found' };
  }

  return {
    /**
     * Opens a ticket with its first message. The owner's row lock makes the open-ticket bound hold against
     * concurrent creations; the unique index on the named purchase makes "one refund ticket per proxy" hold.
     */
    async create(
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
    },

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
      if (!owned) return undefined;
      return (await messagesQuery(db).where('m.ticket_id', '=', ticketId).execute()).map(toMessage);
    },

    /** The owner writes in their open ticket. */
    addOwnerMessage: (ticketId: string, userId: string, text: string) => addMessage(ticketId, { id: userId, support: false }, text),

    /** The owner closes their ticket (customers never reopen). */
    async closeForOwner(ticketId: string, userId: string): Promise<ChangeResult<Ticket>> {
      const result = await setStatus(ticketId, 'Closed', userId);
      return result.ok ? { ok: true, value: forCustomer(result.value) } : result;
    },

    /** Purchases the owner may still name in a Refund Proxy ticket: recent and not yet named, newest first. */
    async refundableProxies(userId: string, now: Date): Promise<TicketProxy[]> {
      const rows = await marketDb(db)
        .selectFrom('proxy_leases as l')
        .innerJoin('proxy_listings as p', 'p.id', 'l.listing_id')
        .select(['l.id', 'l.created_at', 'l.price_cents', 'p.real_ip', 'p.country'])
        .where('l.user_id', '=', userId)
        .where('l.created_at', '>', new Date(now.getTime() - REFUND_WINDOW_MS))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('tickets as t').select('t.id').whereRef('t.lease_id', '=', 'l.id'))))
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => ({
        historyId: Number(row.id),
        ip: row.real_ip,
        country: row.country,
        purchasedAt: iso(row.created_at),
        price: centsToDollars(Number(row.price_cents)),
      }));
    },

    // The desk: every ticket, for members of support (the route checks membership).

    /** Tickets by status and category, oldest first: the queue is worked from its front. */
    async deskList(filter: { status: TicketStatus | null; category: TicketCategory | null }): Promise<DeskTicketSummary[]> {
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
    },

    deskFind: (ticketId: string) => loadTicket(db, ticketId, null),

    /** Support writes in any open ticket, as the shop's support. */
    addSupportMessage: (ticketId: string, staffId: string, text: string) => addMessage(ticketId, { id: staffId, support: true }, text),

    /** Support closes or reopens any ticket. */
    deskSetStatus: (ticketId: string, status: TicketStatus) => setStatus(ticketId, status, null),

    /**
     * Approves the refund a ticket asks for: under the ticket's row lock, records the refund (the purchase is
     * its primary key), credits the purchase price as a `refund` ledger row, ends the refunded lease and
     * tells the customer in the ticket, all in one transaction. A second approval, concurrent or later,
     * finds the refund and changes nothing.
     */
    async approveRefund(ticketId: string, staffId: string, now: Date): Promise<RefundResult> {
      type Result = RefundResult;
      try {
        return await db.transaction().execute(async (trx): Promise<Result> => {
          const market = marketDb(trx);
          const ticket = await trx
            .selectFrom('tickets as t')
            .innerJoin('users as o', 'o.id', 't.user_id')
            .select(['t.id', 't.lease_id', 'o.id as owner_id', 'o.username', 'o.email'])
            .where('t.id', '=', ticketId)
            .forUpdate('t')
            .executeTakeFirst();
          if (!ticket) return { ok: false, reason: 'not-found' };
          if (ticket.lease_id === null) return { ok: false, reason: 'not-refund-ticket' };
          const leaseId = Number(ticket.lease_id);
          const done = await trx.selectFrom('refunds').select('lease_id').where('lease_id', '=', leaseId).executeTakeFirst();
          if (done) return { ok: false, reason: 'already-refunded' };

          const lease = await market
            .selectFrom('proxy_leases as l')
            .innerJoin('proxy_listings as p', 'p.id', 'l.listing_id')
            .select(['l.id', 'l.user_id', 'l.listing_id', 'l.price_cents', 'l.expires_at', 'p.real_ip'])
            .where('l.id', '=', leaseId)
            .forUpdate('l')
            .executeTakeFirstOrThrow();
          const amountCents = Number(lease.price_cents);

          await trx
            .insertInto('refunds')
            .values({ lease_id: leaseId, ticket_id: ticket.id, user_id: lease.user_id, amount_cents: amountCents, approved_by: staffId })
            .execute();
          await postLedgerEntry(trx, { userId: lease.user_id, kind: 'refund', amountCents, reference: refundReference(leaseId) });

          // The refunded proxy stops working now and is not renewed; its listing is free again.
          const endsAt = new Date(Math.min(now.getTime(), new Date(lease.expires_at).getTime()));
          await market
            .updateTable('proxy_leases')
            .set({ renew: false, expires_at: sql<Date>`greatest(starts_at + interval '1 millisecond', ${endsAt}::timestamptz)` })
            .where('id', '=', leaseId)
            .execute();
          await market
            .updateTable('proxy_listings')
            .set({ leased_until: endsAt })
            .where('id', '=', lease.listing_id)
            .where('leased_until', '=', lease.expires_at)
            .execute();

          const message = await insertMessage(
            trx,
            ticket.id,
            staffId,
            `Your refund of $${centsToDollars(amountCents).toFixed(2)} for proxy ${lease.real_ip} was approved and credited to your balance.`,
            true,
          );
          return { ok: true, ownerId: ticket.owner_id, ownerEmail: ticket.email, ownerUsername: ticket.username, amountCents, message };
        });
      } catch (error) {
        if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return { ok: false, reason: 'already-refunded' };
        throw error;
      }
    },
  };
}

export type TicketRepository = ReturnType<typeof createTicketRepository>;
