// Refunds follow the terms: a Refund Proxy ticket may name one of the customer's purchases made within
// REFUND_TICKET_WINDOW_HOURS, one ticket per purchase; support approves with one action that credits the
// purchase price as a `refund` ledger row, at most once per purchase, and ends the refunded proxy. A purchase
// refunded automatically (its exit died within 2 hours, inventory/dead-exit-refunds.ts) is not refunded again.
import { sql, type Kysely, type Transaction } from 'kysely';
import { centsToDollars } from 'contract/money';
import type { TicketMessage, TicketProxy } from 'contract/support';
import { REFUND_TICKET_WINDOW_HOURS } from 'contract/support-rules';
import type { Schema } from '../db/schema.ts';
import { postLedgerEntry } from '../ledger/ledger.ts';
import { queueMail } from '../mail/mail.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import { supportReplyMail } from './support-mail.ts';
import { insertMessage, iso } from './ticket-rows.ts';

export const UNIQUE_VIOLATION = '23505';
export const REFUND_WINDOW_MS = REFUND_TICKET_WINDOW_HOURS * 60 * 60 * 1000;

/** The ledger reference of a purchase's refund: one per purchase, enforced by a unique index. */
export const refundReference = (leaseId: number) => `refund:lease:${leaseId}`;

export type RefundResult =
  | { ok: true; ownerId: string; amountCents: number; message: TicketMessage; mailJob: number }
  | { ok: false; reason: 'not-found' | 'not-refund-ticket' | 'already-refunded' | 'replaced' };

/** Purchases the owner may still name in a Refund Proxy ticket: recent and not yet named, newest first. */
export async function refundableProxies(db: Kysely<Schema>, userId: string, now: Date): Promise<TicketProxy[]> {
  const rows = await marketDb(db)
    .selectFrom('proxy_leases as l')
    .innerJoin('proxy_listings as p', 'p.id', 'l.listing_id')
    .select(['l.id', 'l.created_at', 'l.price_cents', 'p.real_ip', 'p.country'])
    .where('l.user_id', '=', userId)
    .where('l.created_at', '>', new Date(now.getTime() - REFUND_WINDOW_MS))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('tickets as t').select('t.id').whereRef('t.lease_id', '=', 'l.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('refunds as r').select('r.lease_id').whereRef('r.lease_id', '=', 'l.id'))))
    .where(sql<boolean>`not exists (select 1 from lease_replacements x where x.lease_id = l.id)`)
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
}

/** The refunded proxy stops working now and is not renewed; its listing is free again. */
export async function endRefundedLease(
  trx: Transaction<Schema>,
  lease: { id: number; listingId: number; expiresAt: Date },
  now: Date,
): Promise<void> {
  const market = marketDb(trx);
  const endsAt = new Date(Math.min(now.getTime(), new Date(lease.expiresAt).getTime()));
  await market
    .updateTable('proxy_leases')
    .set({ renew: false, expires_at: sql<Date>`greatest(starts_at + interval '1 millisecond', ${endsAt}::timestamptz)` })
    .where('id', '=', lease.id)
    .execute();
  await market
    .updateTable('proxy_listings')
    .set({ leased_until: endsAt })
    .where('id', '=', lease.listingId)
    .where('leased_until', '=', lease.expiresAt)
    .execute();
}

/**
 * Approves the refund a ticket asks for: under the ticket's row lock, records the refund (the purchase is
 * its primary key), credits the purchase price as a `refund` ledger row, ends the refunded lease,
 * tells the customer in the ticket and queues the mail saying so, all in one transaction. A second
 * approval, concurrent or later,
 * finds the refund and changes nothing.
 */
export async function approveRefund(db: Kysely<Schema>, ticketId: string, staffId: string, now: Date, publicUrl: string): Promise<RefundResult> {
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
      // A purchase whose dead exit was replaced free of charge is not refunded as well (read under the
      // lease's lock, which a replacement holds while it writes its row).
      const replaced = await sql`select 1 from lease_replacements where lease_id = ${leaseId}`.execute(trx);
      if (replaced.rows.length > 0) return { ok: false, reason: 'replaced' };
      const amountCents = Number(lease.price_cents);

      await trx
        .insertInto('refunds')
        .values({ lease_id: leaseId, ticket_id: ticket.id, user_id: lease.user_id, amount_cents: amountCents, approved_by: staffId })
        .execute();
      await postLedgerEntry(trx, { userId: lease.user_id, kind: 'refund', amountCents, reference: refundReference(leaseId) });

      await endRefundedLease(trx, { id: leaseId, listingId: lease.listing_id, expiresAt: lease.expires_at }, now);

      const message = await insertMessage(
        trx,
        ticket.id,
        staffId,
        `Your refund of $${centsToDollars(amountCents).toFixed(2)} for proxy ${lease.real_ip} was approved and credited to your balance.`,
        true,
      );
      const mailJob = await queueMail(trx, supportReplyMail({ email: ticket.email, username: ticket.username }, ticket.id, publicUrl));
      return { ok: true, ownerId: ticket.owner_id, amountCents, message, mailJob };
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return { ok: false, reason: 'already-refunded' };
    throw error;
  }
}
