// How tickets and messages are read and shaped for the wire: the queries every ticket call shares, and the
// one place a row becomes a ticket, a summary or a message (support's messages carry the shop's name).
import type { Kysely } from 'kysely';
import { centsToDollars } from 'contract/money';
import type { DeskTicket, Ticket, TicketMessage, TicketProxy, TicketSummary } from 'contract/support';
import { SUPPORT_SENDER_NAME } from 'contract/support-rules';
import type { Schema } from '../db/schema.ts';
import { marketDb } from '../marketplace/market-schema.ts';

export const iso = (value: Date | string) => new Date(value).toISOString();

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

function messagesQuery(executor: Kysely<Schema>) {
  return executor
    .selectFrom('ticket_messages as m')
    .innerJoin('users as u', 'u.id', 'm.sender_id')
    .select(['m.id', 'm.ticket_id', 'm.text', 'm.created_at', 'm.from_support', 'm.sender_id', 'u.username as sender_username'])
    .orderBy('m.created_at')
    .orderBy('m.id');
}


/** A ticket's messages, oldest first. */
export async function ticketMessages(executor: Kysely<Schema>, ticketId: string): Promise<TicketMessage[]> {
  return (await messagesQuery(executor).where('m.ticket_id', '=', ticketId).execute()).map(toMessage);
}

/** Ticket rows with the named purchase and its refund, if any. */
export function ticketsQuery(executor: Kysely<Schema>) {
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

export function toSummary(row: TicketRow): TicketSummary {
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

export async function loadTicket(executor: Kysely<Schema>, ticketId: string, ownerId: string | null): Promise<DeskTicket | undefined> {
  let query = ticketsQuery(executor).where('t.id', '=', ticketId);
  if (ownerId !== null) query = query.where('t.user_id', '=', ownerId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const messages = await ticketMessages(executor, ticketId);
  const { firstMessage: _first, ...summary } = toSummary(row);
  return { ...summary, messages, owner: { _id: row.user_id, username: row.owner_username } };
}

/** The customer's view of a ticket: without the owner block. */
export const forCustomer = ({ owner: _owner, ...ticket }: DeskTicket): Ticket => ticket;

export async function insertMessage(trx: Kysely<Schema>, ticketId: string, senderId: string, text: string, fromSupport: boolean): Promise<TicketMessage> {
  const row = await trx
    .insertInto('ticket_messages')
    .values({ ticket_id: ticketId, sender_id: senderId, text, from_support: fromSupport })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  const sender = await trx.selectFrom('users').select('username').where('id', '=', senderId).executeTakeFirstOrThrow();
  return toMessage({ id: row.id, ticket_id: ticketId, text, created_at: row.created_at, from_support: fromSupport, sender_id: senderId, sender_username: sender.username });
}
