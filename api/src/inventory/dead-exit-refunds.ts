// SPEC's promise, kept without a ticket: a purchase whose exit the checker confirms dead (a transition to
// 'dead' in exit_state_changes) within 2 hours of the purchase is refunded to the balance and the lease
// ends. Every API instance runs this after its renewal sweep; each transition is claimed by one of them
// (refunds_checked_at, FOR UPDATE SKIP LOCKED) and its refunds are written in the claim's transaction: the
// refunds row (primary key: the purchase, shared with the desk's approvals, so at most one refund per
// purchase whichever path comes first) and the `refund` ledger row together. The customer gets a socket event
// and a mail once the transaction has committed.
//
// Replacement comes first (docs/product-rules.md): a transition is looked at only once it is `replaceWaitMs`
// old, the time in which the customer may click "Replace" or the automatic replacement runs; a purchase
// replaced meanwhile (inventory/dead-exit-replacements.ts) is not refunded.
import { sql } from 'kysely';
import type { LeaseEvent } from 'contract/realtime';
import { centsToDollars } from 'contract/money';
import { postLedgerEntry } from '../ledger/ledger.ts';
import { queueMail, type Mail } from '../mail/mail.ts';
import type { CustomerNoticeOptions, LeaseToTell } from './customer-notices.ts';
import { queueLeaseWebhook } from '../webhooks/webhooks.ts';
import { endRefundedLease, refundReference } from '../support/refunds.ts';

/** How soon after a purchase a dead exit refunds it (SPEC: "refund if a proxy dies within 2 hours"). */
export const DEAD_REFUND_WINDOW_HOURS = 2;

export interface DeadExitRefundsOptions extends CustomerNoticeOptions {
  /** How long after the death the refund waits for a replacement (the automatic replacement's delay). */
  replaceWaitMs: number;
}

interface Refundable extends LeaseToTell {
  listing_id: string;
  real_ip: string;
  paid_cents: string;
  change_id: string;
}

interface Refunded extends Refundable {
  amountCents: number;
}

/** Transitions claimed per pass (the rest wait for the next). */
const BATCH = 100;

export function createDeadExitRefunds(options: DeadExitRefundsOptions) {
  return {
    /** One pass: claims unexamined transitions to 'dead' and refunds the purchases they qualify. */
    async run(now = new Date()): Promise<{ transitions: number; refunded: number }> {
      const { db, publicHost } = options;
      const result = await db.transaction().execute(async (trx) => {
        const { rows: transitions } = await sql<{ id: string }>`
          update exit_state_changes set refunds_checked_at = now()
          where id in (
            select id from exit_state_changes
            where refunds_checked_at is null and to_state = 'dead'
              and changed_at <= ${new Date(now.getTime() - options.replaceWaitMs)}
            order by id limit ${BATCH}
            for update skip locked)
          returning id`.execute(trx);
        if (transitions.length === 0) return { transitions: 0, refunded: [] as Refunded[], mailJobs: [] as number[] };
        // Purchases made at most 2 hours before their exit died, still running then, not refunded yet. The
        // amount is what the purchase cost (its ledger row), not a later renewal's price.
        const { rows: candidates } = await sql<Refundable>`
          select le.id as lease_id, le.listing_id, le.user_id, u.email, u.username,
            ${publicHost} || ':' || le.port as proxy, li.real_ip, le.expires_at, ch.id as change_id,
            coalesce((select -l.amount_cents from ledger l where l.kind = 'purchase' and l.reference = 'lease:' || le.id),
                     le.price_cents)::text as paid_cents
          from exit_state_changes ch
          join proxy_listings li on li.exit_id = ch.exit_id
          join proxy_leases le on le.listing_id = li.id
          join users u on u.id = le.user_id
          where ch.id = any(${transitions.map((row) => Number(row.id))}::bigint[])
            and le.created_at <= ch.changed_at
            and le.created_at > ch.changed_at - make_interval(hours => ${DEAD_REFUND_WINDOW_HOURS})
            and le.expires_at > ch.changed_at and le.ended_at is null
            and not exists (select 1 from refunds r where r.lease_id = le.id)
            and not exists (select 1 from lease_replacements r where r.lease_id = le.id)
          order by le.id
          for update of le`.execute(trx);
        const refunded: Refunded[] = [];
        for (const lease of candidates) {
          const amountCents = Number(lease.paid_cents);
          // The lease's row lock orders this after a desk approval or a replacement of the same purchase in
          // flight; a refund that committed meanwhile leaves nothing to insert, a replacement leaves its row.
          const { rows: replaced } = await sql`select 1 from lease_replacements where lease_id = ${Number(lease.lease_id)}`.execute(trx);
          if (replaced.length > 0) continue;
          const { rows: inserted } = await sql<{ lease_id: string }>`
            insert into refunds (lease_id, user_id, amount_cents, reason, exit_state_change_id)
            values (${Number(lease.lease_id)}, ${lease.user_id}, ${amountCents}, 'dead-exit', ${Number(lease.change_id)})
            on conflict (lease_id) do nothing
            returning lease_id`.execute(trx);
          if (inserted.length === 0) continue;
          await postLedgerEntry(trx, { userId: lease.user_id, kind: 'refund', amountCents, reference: refundReference(Number(lease.lease_id)) });
          await endRefundedLease(trx, { id: Number(lease.lease_id), listingId: Number(lease.listing_id), expiresAt: new Date(lease.expires_at) }, now);
          refunded.push({ ...lease, amountCents });
        }
        // The mails and webhooks commit with the refunds: a receiver that is down delays them, it does not lose them.
        const mailJobs: number[] = [];
        for (const lease of refunded) {
          mailJobs.push(await queueMail(trx, refundMail(lease, options.publicUrl)));
          mailJobs.push(...(await queueLeaseWebhook(trx, lease.user_id, refundedEvent(lease, now))));
        }
        return { transitions: transitions.length, refunded, mailJobs };
      });
      for (const lease of result.refunded) options.notify(lease.user_id, refundedEvent(lease, now));
      try {
        await options.mailQueued(result.mailJobs);
      } catch (error) {
        options.onError(error, 'dead-exit refund mails');
      }
      return { transitions: result.transitions, refunded: result.refunded.length };
    },
  };
}

function refundedEvent(lease: Refunded, now: Date): LeaseEvent {
  return {
    history_id: String(lease.lease_id),
    real_ip: lease.real_ip,
    kind: 'refunded',
    expires_at: now.toISOString(),
    amount: centsToDollars(lease.amountCents),
  };
}

export type DeadExitRefunds = ReturnType<typeof createDeadExitRefunds>;

function refundMail(lease: Refunded, publicUrl: string): Mail {
  const amount = `$${centsToDollars(lease.amountCents).toFixed(2)}`;
  return {
    to: lease.email,
    subject: `Your proxy ${lease.proxy} was refunded`,
    text: [
      `Hello ${lease.username},`,
      '',
      `Your proxy ${lease.proxy} (exit ${lease.real_ip}) went down within ${DEAD_REFUND_WINDOW_HOURS} hours of purchase.`,
      `We refunded ${amount} to your balance; the proxy has ended. No ticket is needed.`,
      '',
      `Your proxies: ${publicUrl}/history`,
    ].join('\n'),
  };
}
