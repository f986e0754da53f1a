// SPEC's 50% off for a leased proxy that turns up on a blacklist: when the exit of a running lease is found
// listed on SBL, XBL or CSS (proxy_listings.blacklisted_since, written by the checker's lookups) after its
// current paid period began, the customer is credited half of that period's price, once per period. A period
// bought while the exit was already listed cost half already (the price guide) and gets nothing more; PBL
// never counts (docs/product-rules.md). Every API instance runs this after its renewal sweep: the lease's row
// lock and the credit's primary key (lease, period) make one credit whichever instances race, and the credit
// and its `refund` ledger row are written in one transaction. The customer gets a socket event and a mail.
import { sql } from 'kysely';
import type { LeaseEvent } from 'contract/realtime';
import { centsToDollars } from 'contract/money';
import { postLedgerEntry } from '../ledger/ledger.ts';
import { queueMail, type Mail } from '../mail/mail.ts';
import type { CustomerNoticeOptions, LeaseToTell } from './customer-notices.ts';
import { queueLeaseWebhook } from '../webhooks/webhooks.ts';

export type BlacklistCreditsOptions = CustomerNoticeOptions;

interface Creditable extends LeaseToTell {
  real_ip: string;
  price_cents: number;
  lists: string;
}

interface Credited extends Creditable {
  amountCents: number;
}

/** The ledger reference of one period's credit (unique among refund rows, like every refund reference). */
export const blacklistCreditReference = (leaseId: number, periodEndsAt: Date) => `blacklist-credit:lease:${leaseId}:${periodEndsAt.toISOString()}`;

/** Leases looked at per pass (the rest wait for the next). */
const BATCH = 200;

export function createBlacklistCredits(options: BlacklistCreditsOptions) {
  return {
    async run(now = new Date()): Promise<{ credited: number }> {
      const { db, publicHost } = options;
      const credited = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<Creditable>`
          select le.id as lease_id, le.user_id, u.email, u.username, ${publicHost} || ':' || le.port as proxy,
            li.real_ip, le.expires_at, le.price_cents,
            concat_ws(', ', case when li.sbl_black = 1 then 'SBL' end, case when li.xbl_black = 1 then 'XBL' end,
                      case when li.css_black = 1 then 'CSS' end) as lists
          from proxy_listings li
          join proxy_leases le on le.listing_id = li.id
          join users u on u.id = le.user_id
          where li.blacklisted_since is not null
            and (li.sbl_black = 1 or li.xbl_black = 1 or li.css_black = 1)
            and le.ended_at is null and le.expires_at > ${now}
            and li.blacklisted_since > coalesce((select max(r.period_end) from lease_renewals r where r.lease_id = le.id), le.starts_at)
            and not exists (select 1 from blacklist_credits c where c.lease_id = le.id and c.period_ends_at = le.expires_at)
          order by le.id
          limit ${BATCH}
          for update of le skip locked`.execute(trx);
        const done: Credited[] = [];
        for (const lease of rows) {
          const leaseId = Number(lease.lease_id);
          const periodEndsAt = new Date(lease.expires_at);
          const amountCents = Math.max(1, Math.round(Number(lease.price_cents) / 2));
          const { rows: inserted } = await sql<{ lease_id: string }>`
            insert into blacklist_credits (lease_id, period_ends_at, user_id, amount_cents, lists)
            values (${leaseId}, ${periodEndsAt}, ${lease.user_id}, ${amountCents}, ${lease.lists})
            on conflict (lease_id, period_ends_at) do nothing
            returning lease_id`.execute(trx);
          if (inserted.length === 0) continue;
          await postLedgerEntry(trx, { userId: lease.user_id, kind: 'refund', amountCents, reference: blacklistCreditReference(leaseId, periodEndsAt) });
          done.push({ ...lease, amountCents });
        }
        // The mails and webhooks commit with the credits: a receiver that is down delays them, it does not lose them.
        const mailJobs: number[] = [];
        for (const lease of done) {
          mailJobs.push(await queueMail(trx, creditMail(lease, options.publicUrl)));
          mailJobs.push(...(await queueLeaseWebhook(trx, lease.user_id, creditedEvent(lease))));
        }
        return { done, mailJobs };
      });
      for (const lease of credited.done) options.notify(lease.user_id, creditedEvent(lease));
      try {
        await options.mailQueued(credited.mailJobs);
      } catch (error) {
        options.onError(error, 'blacklist credit mails');
      }
      return { credited: credited.done.length };
    },
  };
}

function creditedEvent(lease: Credited): LeaseEvent {
  return {
    history_id: String(lease.lease_id),
    real_ip: lease.real_ip,
    kind: 'credited',
    expires_at: new Date(lease.expires_at).toISOString(),
    amount: centsToDollars(lease.amountCents),
  };
}

export type BlacklistCredits = ReturnType<typeof createBlacklistCredits>;

function creditMail(lease: Credited, publicUrl: string): Mail {
  return {
    to: lease.email,
    subject: `Your proxy ${lease.proxy} turned up on a blacklist`,
    text: [
      `Hello ${lease.username},`,
      '',
      `The exit of your proxy ${lease.proxy} (${lease.real_ip}) is now listed on Spamhaus ${lease.lists}.`,
      `We credited 50% of this period's price, $${centsToDollars(lease.amountCents).toFixed(2)}, to your balance.`,
      'The proxy keeps working; if it stops, you can replace it or get a refund as the terms say.',
      '',
      `Your proxies: ${publicUrl}/history`,
    ].join('\n'),
  };
}
